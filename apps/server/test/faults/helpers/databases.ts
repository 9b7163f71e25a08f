import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { Database } from '../../../src/db/client';
import { openPglite, openPostgres } from '../../../src/db/client';
import { openDatabase } from '../../../src/db/open-database';
import { withDatabase } from '../../global-setup';

export const postgresUrl = process.env.TEST_DATABASE_URL;

/** Where a fault test's server keeps its data: a temp folder, and a PostgreSQL database or PGlite. */
export interface FaultStore {
  kind: 'postgres' | 'pglite';
  dataDir: string;
  /** For PostgreSQL only. */
  databaseUrl?: string;
  databaseName?: string;
  /** Opens the store in this process (PGlite: only while no server holds its data folder). */
  open(): Promise<Database>;
  remove(): Promise<void>;
}

async function withAdmin<T>(run: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  try {
    return await run(admin);
  } finally {
    await admin.end();
  }
}

/**
 * A dedicated database per fault test, copied from the run's migrated template (named like the
 * other test databases, so the global teardown drops it even after a crash), or a fresh PGlite
 * data folder that the server migrates at start.
 */
export async function createFaultStore(kind: 'postgres' | 'pglite'): Promise<FaultStore> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agendaki-fault-'));
  if (kind === 'pglite') {
    return {
      kind,
      dataDir,
      open: () => openDatabase({ DATA_DIR: dataDir }),
      remove: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  if (!postgresUrl) throw new Error('TEST_DATABASE_URL is required for a PostgreSQL fault store');
  const template = inject('postgresTemplate');
  const runId = inject('postgresRunId');
  const name = `agendaki_t_${runId}_fault_${randomBytes(4).toString('hex')}`;
  await withAdmin((admin) => admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`));
  const databaseUrl = withDatabase(postgresUrl, name);
  return {
    kind,
    dataDir,
    databaseUrl,
    databaseName: name,
    open: () => openPostgres(databaseUrl, { max: 4 }),
    remove: async () => {
      await withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * What a PostgreSQL restart does to the app, confined to one database: refuse new connections,
 * terminate every open one (in-flight transactions roll back, pooled clients die), stay down
 * for `downMs`, then accept connections again. The machine's shared PostgreSQL, and every
 * other test's database, are left alone (a real `pg_ctlcluster restart` would hit them all).
 */
export async function simulateRestart(databaseName: string, downMs: number): Promise<number> {
  return withAdmin(async (admin) => {
    await admin.query(`ALTER DATABASE "${databaseName}" WITH ALLOW_CONNECTIONS false`);
    try {
      const { rowCount } = await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [databaseName],
      );
      await new Promise((resolve) => setTimeout(resolve, downMs));
      return rowCount ?? 0;
    } finally {
      await admin.query(`ALTER DATABASE "${databaseName}" WITH ALLOW_CONNECTIONS true`);
    }
  });
}

/** Opens a PGlite data folder left by a server (after it stopped or was killed). */
export function openPgliteFolder(dataDir: string): Promise<Database> {
  return openPglite(path.join(dataDir, 'pglite'));
}
