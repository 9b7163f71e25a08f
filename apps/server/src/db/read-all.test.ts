import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers/database';
import type { Database, Db } from './client';
import { readAll } from './read-all';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** A read that logs when it starts and ends, and holds the connection a moment in between. */
function loggedRead(db: Db, name: string, log: string[]) {
  return async () => {
    log.push(`${name} start`);
    await db.execute(sql`select pg_sleep(0.03)`);
    log.push(`${name} end`);
    return name;
  };
}

describe('readAll', () => {
  it('reads one after the other inside a transaction, in order, with each result in place', async () => {
    const log: string[] = [];
    const results = await database.db.transaction((tx) =>
      readAll(tx, [loggedRead(tx, 'a', log), loggedRead(tx, 'b', log), async () => 3]),
    );
    expect(results).toEqual(['a', 'b', 3]);
    expect(log).toEqual(['a start', 'a end', 'b start', 'b end']);
  });

  it('starts every read at once outside a transaction', async () => {
    const log: string[] = [];
    const results = await readAll(database.db, [
      loggedRead(database.db, 'a', log),
      loggedRead(database.db, 'b', log),
    ]);
    expect(results).toEqual(['a', 'b']);
    expect(log.slice(0, 2)).toEqual(['a start', 'b start']);
  });

  it('fails with the first failing read and starts none after it in a transaction', async () => {
    const log: string[] = [];
    await expect(
      database.db.transaction((tx) =>
        readAll(tx, [
          async () => {
            throw new Error('falhou');
          },
          loggedRead(tx, 'b', log),
        ]),
      ),
    ).rejects.toThrow('falhou');
    expect(log).toEqual([]);
  });
});
