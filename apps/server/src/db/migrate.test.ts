import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { afterEach, describe, expect, it } from 'vitest';
import { openPglite, type Database } from './client';
import { MIGRATIONS_FOLDER, migrateEmbedded } from './migrate';

/**
 * drizzle's migrator applies only the migrations dated (`when` in meta/_journal.json) after the
 * newest one the database recorded. A migration dated before the one it follows is skipped by
 * every database that already had that one: 0023 was, until it was dated again.
 */
interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

function readJournal(folder = MIGRATIONS_FOLDER): { entries: JournalEntry[] } {
  return JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8'));
}

/**
 * 0012 is dated 9 minutes before 0011. It is left so: every database past 0013 is unaffected,
 * and dating it again would run it a second time on one created while 0012 was the newest (it
 * drops a column).
 */
const DATED_BEFORE_ITS_PREDECESSOR = ['0012_mail_jobs'];

type EmbeddedDb = PgliteDatabase<Record<string, unknown>> & { $client: PGlite };

let database: Database | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

async function rowsOf<Row>(db: Database, query: SQL): Promise<Row[]> {
  return ((await db.db.execute(query)) as unknown as { rows: Row[] }).rows;
}

async function recorded(db: Database): Promise<number[]> {
  const rows = await rowsOf<{ created_at: string }>(
    db,
    sql`select created_at from drizzle.__drizzle_migrations order by id`,
  );
  return rows.map((row) => Number(row.created_at));
}

async function hasSearchText(db: Database): Promise<boolean> {
  const rows = await rowsOf(
    db,
    sql`select 1 from information_schema.columns
        where table_name = 'clients' and column_name = 'search_text'`,
  );
  return rows.length === 1;
}

describe('migrations', () => {
  it('each is dated after the one before it', () => {
    const late = readJournal()
      .entries.filter((entry, i, all) => i > 0 && entry.when <= all[i - 1]!.when)
      .map((entry) => entry.tag);
    expect(late).toEqual(DATED_BEFORE_ITS_PREDECESSOR);
  });

  // A new PGlite and every migration, twice: 20-30 s alone on a busy 2-core machine.
  const FRESH_DATABASE_MS = 90_000;

  it(
    'a database at the previous migration takes the newest',
    async () => {
      const journal = readJournal();
      const previous = fs.mkdtempSync(path.join(os.tmpdir(), 'agendaki-migrations-'));
      try {
        fs.cpSync(MIGRATIONS_FOLDER, previous, { recursive: true });
        fs.writeFileSync(
          path.join(previous, 'meta', '_journal.json'),
          JSON.stringify({ ...journal, entries: journal.entries.slice(0, -1) }),
        );
        database = await openPglite(undefined);
        await migrateEmbedded(database.db as unknown as EmbeddedDb, previous);
        expect(await recorded(database)).toHaveLength(journal.entries.length - 1);

        await database.migrate();
        expect(await recorded(database)).toHaveLength(journal.entries.length);
        expect(await hasSearchText(database)).toBe(true);
      } finally {
        fs.rmSync(previous, { recursive: true, force: true });
      }
    },
    FRESH_DATABASE_MS,
  );

  it(
    'a database that recorded 0023 under its first date migrates again and keeps its search',
    async () => {
      database = await openPglite(undefined);
      await database.migrate();
      const last = readJournal().entries.find((entry) => entry.tag === '0023_client_search_text')!;
      expect(last).toBeDefined();
      await database.db.execute(
        sql`update drizzle.__drizzle_migrations set created_at = 1795842015756
          where created_at = ${last.when}`,
      );
      await database.migrate();
      expect(await hasSearchText(database)).toBe(true);
      const index = await rowsOf<{ indexdef: string }>(
        database,
        sql`select indexdef from pg_indexes where indexname = 'clients_search_trgm_idx'`,
      );
      expect(index.map((row) => row.indexdef).join()).toContain('search_text gin_trgm_ops');
    },
    FRESH_DATABASE_MS,
  );
});
