import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client';
import * as schema from './schema';
import {
  appointments,
  clients,
  mailOutbox,
  waitlistEntries,
  waitlistOffers,
  whatsappMessages,
} from './schema';

/**
 * After an erasure or an account deletion has committed, the deleted or overwritten rows still
 * sit in the database's files (dead tuples, index entries, the WAL) until something rewrites
 * them; the embedded database never vacuums by itself (docs/decisions/030).
 *
 * - PGlite (one person's laptop, small tables): `VACUUM (FULL)` rewrites the touched tables and
 *   their indexes into new files (the old ones are emptied), then the WAL moves to a new segment
 *   and a checkpoint removes the old ones (`wal_recycle` is off, db/client.ts, so they are
 *   deleted, not renamed for reuse with their content).
 * - PostgreSQL (shared by every professional): a plain `VACUUM`, which frees the dead rows
 *   without the exclusive lock of FULL that would stop every booking; the server's WAL, its
 *   recycling and backups are the operator's.
 *
 * VACUUM cannot run inside a transaction: call these after the commit.
 */
export interface Scrubber {
  /** After a client's erasure: the tables that held their name, e-mail, phone or notes. */
  afterClientErasure(): Promise<void>;
  /** After an account's deletion: every table of ours. */
  afterAccountDeletion(): Promise<void>;
}

/** A client's data: their row, their appointments' notes, mails, WhatsApp messages, waits. */
export const CLIENT_DATA_TABLES: readonly PgTable[] = [
  clients,
  appointments,
  mailOutbox,
  waitlistEntries,
  waitlistOffers,
  whatsappMessages,
];

/** Every table of the schema (pg-boss's hold ids only, never names: decision 030). */
export const ALL_TABLES: readonly PgTable[] = (Object.values(schema) as unknown[]).filter(
  (value): value is PgTable => is(value, PgTable),
);

export function createScrubber(database: Pick<Database, 'db' | 'kind'>): Scrubber {
  const { db, kind } = database;
  async function vacuum(tables: readonly PgTable[]): Promise<void> {
    const names = sql.join(
      tables.map((table) => sql.identifier(getTableName(table))),
      sql`, `,
    );
    if (kind === 'postgres') {
      await db.execute(sql`VACUUM ${names}`);
      return;
    }
    await db.execute(sql`VACUUM (FULL) ${names}`);
    await db.execute(sql`SELECT pg_switch_wal()`);
    await db.execute(sql`CHECKPOINT`);
  }
  return {
    afterClientErasure: () => vacuum(CLIENT_DATA_TABLES),
    afterAccountDeletion: () => vacuum(ALL_TABLES),
  };
}
