import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { expect, inject } from 'vitest';
import { openPglite, openPostgres, type Database, type Db } from '../../src/db/client';
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

/**
 * Waits until exactly one backend of this database waits on a lock (PostgreSQL only): the
 * moment a race test has put its second transaction behind the first, before it releases it.
 */
export async function expectOneLockWaiter(db: Db): Promise<void> {
  await expect
    .poll(
      async () => {
        const { rows } = (await db.execute(
          sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        )) as unknown as { rows: { n: number }[] };
        return rows[0]!.n;
      },
      { timeout: 10_000, interval: 50 },
    )
    .toBe(1);
}
