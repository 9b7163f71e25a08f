import { alias } from 'drizzle-orm/pg-core';
import { asc, eq, sql } from 'drizzle-orm';
import * as drizzleUtils from 'drizzle-orm/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKind } from '../../test/helpers/database';
import type { Database, Db } from './client';
import {
  bound,
  compileRowMapper,
  executeNamed,
  executeShared,
  NAMED_TEXTS_LIMIT,
  selectShared,
  statementCache,
} from './prepared';
import { rateLimits } from './schema';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/** The statements this connection prepared under executeNamed's names, by their text. */
async function preparedHere(tx: Db): Promise<Map<string, string>> {
  const result = await tx.execute(
    sql`select name, statement from pg_prepared_statements where name like 'agendaki_named_%'`,
  );
  return new Map(rowsOf(result).map((row) => [String(row.statement), String(row.name)]));
}

describe(`executeNamed (${testDatabaseKind})`, () => {
  it('answers as db.execute does, each time with its own values', async () => {
    await database.db.transaction(async (tx) => {
      for (const [n, word] of [
        [1, 'um'],
        [2, "d'ois"],
        [3, 'três'],
      ] as const) {
        const result = await executeNamed(tx, sql`select ${n}::int as n, ${word}::text as word`);
        expect(rowsOf(result)).toEqual([{ n, word }]);
      }
    });
  });

  it.runIf(testDatabaseKind === 'postgres')(
    'prepares each text once per connection under its own name, and no more than the limit',
    async () => {
      await database.db.transaction(async (tx) => {
        const text = (k: number) => sql`select ${k}::int as n, ${sql.raw(String(k))} as k`;
        for (let round = 0; round < 2; round += 1) {
          for (let k = 0; k < NAMED_TEXTS_LIMIT + 5; k += 1) {
            expect(rowsOf(await executeNamed(tx, text(k)))).toEqual([{ n: k, k }]);
          }
        }
        const prepared = await preparedHere(tx);
        const ours = [...prepared].filter(([statement]) => statement.includes(' as k'));
        // The first test's text took one name of the limit: the first LIMIT − 1 texts here are
        // named, each under its own name, and the others went unnamed.
        expect(ours).toHaveLength(NAMED_TEXTS_LIMIT - 1);
        expect(new Set(ours.map(([, name]) => name)).size).toBe(NAMED_TEXTS_LIMIT - 1);
        const named = ours.map(([statement]) => Number(/, (\d+) as k$/.exec(statement)?.[1]));
        expect(named.sort((a, b) => a - b)).toEqual(
          Array.from({ length: NAMED_TEXTS_LIMIT - 1 }, (_, k) => k),
        );
      });
    },
  );
});

describe(`selectShared and executeShared (${testDatabaseKind})`, () => {
  const key = 'prepared_test_counters';
  const build = (db: Db) => () =>
    db
      .select({ key: rateLimits.key, count: rateLimits.count, resetAt: rateLimits.resetAt })
      .from(rateLimits)
      .where(sql`${rateLimits.key} like ${bound<string>('prefix')} || '%'`)
      .orderBy(rateLimits.key);

  it('answers as drizzle maps the select, with the values of each call, on the pool and in a transaction', async () => {
    const resetAt = new Date('2026-11-27T12:00:00.000Z');
    await database.db.insert(rateLimits).values([
      { key: 'prepared-test:a', count: 1, resetAt },
      { key: 'prepared-test:b', count: 2, resetAt },
      { key: 'other-test:c', count: 3, resetAt },
    ]);
    const onPool = await selectShared(database.db, key, build(database.db), {
      prefix: 'prepared-test:',
    });
    expect(onPool).toEqual([
      { key: 'prepared-test:a', count: 1, resetAt },
      { key: 'prepared-test:b', count: 2, resetAt },
    ]);
    await database.db.transaction(async (tx) => {
      // Built on the pool the first time: the same statement runs in the transaction, and sees
      // its uncommitted row.
      await tx.insert(rateLimits).values({ key: 'other-test:d', count: 4, resetAt });
      const inTransaction = await selectShared(tx, key, build(tx), { prefix: 'other-test:' });
      expect(inTransaction.map((row) => [row.key, row.count])).toEqual([
        ['other-test:c', 3],
        ['other-test:d', 4],
      ]);
      const raw = await executeShared(
        tx,
        'prepared_test_raw',
        () =>
          sql`select count(*)::int as n from ${rateLimits} where ${rateLimits.count} >= ${bound<number>('least')}`,
        { least: 2 },
      );
      expect(rowsOf(raw)).toEqual([{ n: 3 }]);
    });
  });

  it.runIf(testDatabaseKind === 'postgres')(
    'is parsed once per connection, under the name of its key',
    async () => {
      await database.db.transaction(async (tx) => {
        for (const prefix of ['a', 'b', 'c']) {
          await selectShared(tx, key, build(tx), { prefix });
        }
        const result = await tx.execute(
          sql`select name from pg_prepared_statements where name = ${`agendaki_${key}`}`,
        );
        expect(rowsOf(result)).toEqual([{ name: `agendaki_${key}` }]);
      });
    },
  );
});

// drizzle's own row mapping (internal; what a prepared select calls without a mapper of its own).
const { mapResultRow } = drizzleUtils as unknown as {
  mapResultRow(fields: unknown, row: unknown[], joins?: Record<string, boolean>): unknown;
};

describe(`compiled row mapping (${testDatabaseKind})`, () => {
  const resetAt = new Date('2026-11-28T09:30:00.000Z');
  const next = alias(rateLimits, 'next_limit');
  /** Every kind of field drizzle maps: columns, a joined table's object, sql with a decoder, a subquery's alias. */
  const build = (db: Db) => {
    const totals = db
      .select({ key: rateLimits.key, total: sql<number>`${rateLimits.count} * 10`.as('total') })
      .from(rateLimits)
      .as('totals');
    return db
      .select({
        key: rateLimits.key,
        resetAt: rateLimits.resetAt,
        doubled: sql<number>`${rateLimits.count} * 2`.mapWith(Number),
        asText: sql<string>`${rateLimits.count}::text`,
        total: totals.total,
        next: { key: next.key, count: next.count, resetAt: next.resetAt },
      })
      .from(rateLimits)
      .innerJoin(totals, eq(totals.key, rateLimits.key))
      .leftJoin(next, eq(next.key, sql`${rateLimits.key} || ':next'`))
      .where(sql`${rateLimits.key} like 'mapping-test:%'`)
      .orderBy(asc(rateLimits.key));
  };

  it('maps every row as drizzle does, a missing left join as null', async () => {
    await database.db.insert(rateLimits).values([
      { key: 'mapping-test:a', count: 1, resetAt },
      { key: 'mapping-test:a:next', count: 7, resetAt },
      { key: 'mapping-test:b', count: 2, resetAt },
    ]);
    const byDrizzle = await build(database.db);
    const cache = statementCache();
    const prepared = cache(database.db, 'mapping', () =>
      build(database.db).prepare('mapping_test'),
    );
    expect((prepared as unknown as { customResultMapper?: unknown }).customResultMapper).toEqual(
      expect.any(Function),
    );
    const compiled = await prepared.execute();
    expect(compiled).toEqual(byDrizzle);
    expect(compiled[0]).toEqual({
      key: 'mapping-test:a',
      resetAt,
      doubled: 2,
      asText: '1',
      total: 10,
      next: { key: 'mapping-test:a:next', count: 7, resetAt },
    });
    expect(compiled[2]).toMatchObject({ key: 'mapping-test:b', doubled: 4, next: null });
  });

  it("gives drizzle's own mapResultRow objects for the same raw rows", () => {
    const select = build(database.db) as unknown as {
      _: { selectedFields: Record<string, unknown> };
      joinsNotNullableMap: Record<string, boolean>;
    };
    const prepared = build(database.db).prepare('mapping_test_fields') as unknown as {
      fields: { path: string[]; field: unknown }[];
    };
    const raw = [
      ['k1', '2026-11-28 09:30:00+00', '4', '2', 20, 'k1:next', 3, '2026-11-28 10:00:00+00'],
      ['k2', '2026-11-28 09:30:00+00', '6', '3', 30, null, null, null],
    ];
    const mapRows = compileRowMapper(prepared.fields, select.joinsNotNullableMap);
    expect(mapRows(raw)).toEqual(
      raw.map((row) => mapResultRow(prepared.fields, row, select.joinsNotNullableMap)),
    );
    expect(mapRows(raw)[1]!.next).toBeNull();
  });
});
