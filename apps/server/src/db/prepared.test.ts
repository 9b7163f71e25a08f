import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKind } from '../../test/helpers/database';
import type { Database, Db } from './client';
import { bound, Shaped, statementCache } from './prepared';
import { queueConnection } from './queue';
import { rateLimits } from './schema';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

describe(`statementCache: drizzle's public prepare, once per handle (${testDatabaseKind})`, () => {
  const statements = statementCache();
  const counters = (db: Db) =>
    statements(db, 'prepared_test_counters', () =>
      db
        .select({ key: rateLimits.key, count: rateLimits.count, resetAt: rateLimits.resetAt })
        .from(rateLimits)
        .where(sql`${rateLimits.key} like ${bound<string>('prefix')} || '%'`)
        .orderBy(rateLimits.key)
        .prepare('agendaki_prepared_test_counters'),
    );

  it('is built once per database and runs with the values of each call', async () => {
    const resetAt = new Date('2026-11-27T12:00:00.000Z');
    await database.db.insert(rateLimits).values([
      { key: 'prepared-test:a', count: 1, resetAt },
      { key: 'prepared-test:b', count: 2, resetAt },
      { key: 'other-test:c', count: 3, resetAt },
    ]);
    expect(counters(database.db)).toBe(counters(database.db));
    expect(await counters(database.db).execute({ prefix: 'prepared-test:' })).toEqual([
      { key: 'prepared-test:a', count: 1, resetAt },
      { key: 'prepared-test:b', count: 2, resetAt },
    ]);
    expect(await counters(database.db).execute({ prefix: 'other-test:' })).toEqual([
      { key: 'other-test:c', count: 3, resetAt },
    ]);
  });

  it.runIf(testDatabaseKind === 'postgres')(
    'is parsed once per connection, under its name',
    async () => {
      await database.db.transaction(async (tx) => {
        const prepared = statements(tx, 'prepared_test_counters', () =>
          tx
            .select({ key: rateLimits.key })
            .from(rateLimits)
            .where(sql`${rateLimits.key} like ${bound<string>('prefix')} || '%'`)
            .prepare('agendaki_prepared_test_tx'),
        );
        for (const prefix of ['a', 'b', 'c']) await prepared.execute({ prefix });
        const result = await tx.execute(
          sql`select name from pg_prepared_statements where name = 'agendaki_prepared_test_tx'`,
        );
        expect(rowsOf(result)).toEqual([{ name: 'agendaki_prepared_test_tx' }]);
      });
    },
  );
});

describe('Shaped: one piece of SQL, built with its values or with placeholders', () => {
  const piece = new Shaped(
    'piece',
    (bind) => sql`select ${bind<number>('a')}::int + ${bind<number>('b')}::int as n`,
    { a: 2, b: 3 },
  );

  it('runs as a plain query with its own values', async () => {
    expect(rowsOf(await database.db.execute(piece.query()))).toEqual([{ n: 5 }]);
  });

  it('refuses a name it has no value for, rather than sending a placeholder', () => {
    const broken = new Shaped('broken', (bind) => sql`select ${bind<number>('missing')}`, {});
    expect(() => broken.query()).toThrow('no value for missing in broken');
  });
});

describe(`queueConnection: pg-boss's SQL through drizzle's public execute (${testDatabaseKind})`, () => {
  it('binds $n by number (two digits and repeats too), arrays as arrays, in the transaction', async () => {
    const values = Array.from({ length: 11 }, (_, index) => index + 1);
    const text = `select $11::int as eleven, $1::int as one, $1::int + $10::int as again, cardinality($12::uuid[]) as ids`;
    await database.db.transaction(async (tx) => {
      const { rows } = await queueConnection(tx).executeSql(text, [
        ...values,
        [crypto.randomUUID(), crypto.randomUUID()],
      ]);
      expect(rows).toEqual([{ eleven: 11, one: 1, again: 11, ids: 2 }]);
    });
  });
});
