import { eq, sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKind } from '../../test/helpers/database';
import { countStatements, type StatementCounter } from '../../test/helpers/statements';
import type { Database } from './client';
import { WriteBatch } from './write-batch';

let database: Database;
let statements: StatementCounter;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`create table batch_a (id int primary key, note text)`);
  await database.db.execute(sql`create table batch_b (id int primary key, note text)`);
  statements = countStatements(database);
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.execute(sql`truncate batch_a, batch_b`);
});

async function rows(table: 'batch_a' | 'batch_b'): Promise<unknown[]> {
  const result = await database.db.execute(
    sql`select id, note from ${sql.identifier(table)} order by id`,
  );
  return (result as unknown as { rows: unknown[] }).rows;
}

describe(`WriteBatch (${testDatabaseKind})`, () => {
  it('sends every write added in one statement, with each its own parameters', async () => {
    const batch = new WriteBatch();
    const sent = await statements.measure(() =>
      database.db.transaction(async (tx) => {
        batch.add(sql`insert into batch_a values (${1}, ${'um'}), (${2}, ${"d'ois"})`);
        batch.add(sql`insert into batch_b values (${3}, ${'três'})`);
        batch.add(sql`update batch_b set note = ${'nada'} where id = ${99}`);
        await batch.send(tx);
      }),
    );
    // BEGIN, the batch, COMMIT.
    expect(sent).toBe(3);
    expect(await rows('batch_a')).toEqual([
      { id: 1, note: 'um' },
      { id: 2, note: "d'ois" },
    ]);
    expect(await rows('batch_b')).toEqual([{ id: 3, note: 'três' }]);
  });

  it("takes the features' own query builders, unsent, as they are", async () => {
    const a = pgTable('batch_a', { id: integer('id').primaryKey(), note: text('note') });
    const b = pgTable('batch_b', { id: integer('id').primaryKey(), note: text('note') });
    await database.db.execute(sql`insert into batch_b values (7, 'antes')`);
    const batch = new WriteBatch();
    batch.add(database.db.insert(a).values([{ id: 5, note: 'cinco' }]));
    batch.add(database.db.update(b).set({ note: 'depois' }).where(eq(b.id, 7)));
    expect(await statements.measure(() => batch.send(database.db))).toBe(1);
    expect(await rows('batch_a')).toEqual([{ id: 5, note: 'cinco' }]);
    expect(await rows('batch_b')).toEqual([{ id: 7, note: 'depois' }]);
  });

  it('writes nothing when the transaction rolls back, and nothing twice once sent', async () => {
    const batch = new WriteBatch();
    await expect(
      database.db.transaction(async (tx) => {
        batch.add(sql`insert into batch_a values (${1}, ${'um'})`);
        batch.add(sql`insert into batch_b values (${2}, ${'dois'})`);
        await batch.send(tx);
        throw new Error('desfeito');
      }),
    ).rejects.toThrow('desfeito');
    expect(await rows('batch_a')).toEqual([]);
    expect(await rows('batch_b')).toEqual([]);
    // Emptied by the send: sending again sends nothing.
    expect(await statements.measure(() => batch.send(database.db))).toBe(0);
  });

  it('fails as a whole when one write fails: the others are not kept', async () => {
    await database.db.execute(sql`insert into batch_b values (1, 'já existe')`);
    const batch = new WriteBatch();
    batch.add(sql`insert into batch_a values (${1}, ${'um'})`);
    batch.add(sql`insert into batch_b values (${1}, ${'repetido'})`);
    await expect(batch.send(database.db)).rejects.toThrow();
    expect(await rows('batch_a')).toEqual([]);
  });

  it("sends one last write with the others and answers that write's RETURNING rows", async () => {
    await database.db.execute(sql`insert into batch_b values (4, 'antes')`);
    const batch = new WriteBatch();
    batch.add(sql`insert into batch_a values (${1}, ${'um'})`);
    const sent = await statements.measure(async () => {
      const answered = await batch.sendReturning(
        database.db,
        sql`update batch_b set note = ${'depois'} where id in (${4}, ${5}) returning id, note`,
      );
      expect(answered).toEqual([{ id: 4, note: 'depois' }]);
    });
    expect(sent).toBe(1);
    expect(await rows('batch_a')).toEqual([{ id: 1, note: 'um' }]);
    expect(await rows('batch_b')).toEqual([{ id: 4, note: 'depois' }]);
    // Emptied: the next send has only its own last write.
    expect(await batch.sendReturning(database.db, sql`select 7 as n`)).toEqual([{ n: 7 }]);
  });
});
