import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPglite, openPostgres } from '../src/db/client';

/**
 * Migrates once per run, then every test file starts from a copy (STYLE.md 8):
 * - PGlite: a dump of a migrated data folder, loaded in ~0.3 s instead of a ~3 s initdb;
 * - PostgreSQL (TEST_DATABASE_URL): a migrated template database, copied by CREATE DATABASE.
 */
export default async function setup({
  provide,
}: {
  provide: (key: string, value: unknown) => void;
}) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const database = await openPglite(undefined);
    await database.migrate();
    const client = (
      database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }
    ).$client;
    const dump = await client.dumpDataDir('none');
    const dumpPath = path.join(
      fs.mkdtempSync(path.join(os.tmpdir(), 'agendaki-test-')),
      'migrated.tar',
    );
    fs.writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
    await database.close();
    provide('pgliteDumpPath', dumpPath);
    return () => fs.rmSync(path.dirname(dumpPath), { recursive: true, force: true });
  }

  const runId = `${process.pid}_${Date.now()}`;
  const template = `agendaki_tpl_${runId}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${template}"`);
  const templateUrl = withDatabase(url, template);
  const database = await openPostgres(templateUrl, { max: 1 });
  await database.migrate();
  await database.close();
  provide('postgresTemplate', template);
  provide('postgresRunId', runId);
  return async () => {
    const { rows } = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE $1`,
      [`agendaki_t%${runId}%`],
    );
    for (const { datname } of rows) {
      await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    }
    await admin.end();
  };
}

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDumpPath?: string;
    postgresTemplate?: string;
    postgresRunId?: string;
  }
}
