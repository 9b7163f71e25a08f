import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKind } from '../../test/helpers/database';
import type { Database } from './client';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe(`the event loop while statements queue (${testDatabaseKind})`, () => {
  it('turns before the last of many waiting statements has run: new sockets are not kept waiting', async () => {
    const count = 40;
    let finished = 0;
    // Each holds the (PGlite: only) connection 2 ms: 80 ms of work queued at once.
    const statements = Array.from({ length: count }, () =>
      database.db.execute(sql`select pg_sleep(0.002)`).then(() => {
        finished += 1;
      }),
    );
    // What a socket's accept or read waits for: the loop's next turn.
    const finishedWhenTheLoopTurned = new Promise<number>((resolve) => {
      setImmediate(() => resolve(finished));
    });
    await Promise.all(statements);
    expect(finished).toBe(count);
    expect(await finishedWhenTheLoopTurned).toBeLessThan(count / 2);
  });

  it('turns between the statements of one long transaction: a visitor is not kept waiting for its commit', async () => {
    const count = 40;
    let ran = 0;
    let ranWhenTheLoopTurned: number | undefined;
    // 40 statements of 2 ms in one transaction: 80 ms holding the connection.
    const transaction = database.db.transaction(async (tx) => {
      setImmediate(() => {
        ranWhenTheLoopTurned = ran;
      });
      for (let i = 0; i < count; i += 1) {
        await tx.execute(sql`select pg_sleep(0.002)`);
        ran += 1;
      }
    });
    await transaction;
    expect(ran).toBe(count);
    expect(ranWhenTheLoopTurned).toBeLessThan(count / 2);
  });
});
