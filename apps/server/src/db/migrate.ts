import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import { installQueues, queueConnectionOf } from './queue';
import { QUEUES } from './queues';

export const MIGRATIONS_FOLDER = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../drizzle',
);

// Any constant works; it only has to be the same for every instance of the app.
const MIGRATION_LOCK_KEY = 7_362_552;

/**
 * The job queue's schema and queues (db/queue.ts) first, then our SQL migrations: a migration
 * may enqueue jobs (0008 does), never the other way round.
 */
export async function migrateEmbedded(
  db: PgliteDatabase<Record<string, unknown>> & { $client: PGlite },
  migrationsFolder = MIGRATIONS_FOLDER,
): Promise<void> {
  await installQueues(queueConnectionOf(db.$client), QUEUES);
  await migratePglite(db, { migrationsFolder });
}

/**
 * Several instances may start at once on one PostgreSQL: a session advisory lock on one
 * connection makes them take turns, and the later ones find nothing left to do.
 */
export async function migratePostgres(pool: pg.Pool): Promise<void> {
  const connection = await pool.connect();
  try {
    await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await installQueues(queueConnectionOf(connection), QUEUES);
      await migrateNodePg(drizzleNodePg({ client: connection }), {
        migrationsFolder: MIGRATIONS_FOLDER,
      });
    } finally {
      await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    connection.release();
  }
}
