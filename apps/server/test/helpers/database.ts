import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Database } from '../../src/db/client';
import { withDatabase } from '../global-setup';

/**
 * A fresh, migrated, empty database for one test file: real PGlite by default, real PostgreSQL
 * when TEST_DATABASE_URL is set. Never a mock (STYLE.md 8).
 */
export async function createTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const dumpPath = inject('pgliteDumpPath');
    if (!dumpPath) throw new Error('global setup did not prepare the PGlite dump');
    return openPglite(undefined, { loadDataDir: new Blob([fs.readFileSync(dumpPath)]) });
  }
  const template = inject('postgresTemplate');
  const runId = inject('postgresRunId');
  if (!template || !runId) throw new Error('global setup did not prepare the PostgreSQL template');
  const name = `agendaki_t_${runId}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  } finally {
    await admin.end();
  }
  const database = await openPostgres(withDatabase(url, name));
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper
        .query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
        .finally(() => dropper.end());
    },
  };
}

export const testDatabaseKind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
