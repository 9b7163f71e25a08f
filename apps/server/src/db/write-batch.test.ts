import { eq, sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKind } from '../../test/helpers/database';
import { countStatements, type StatementCounter } from '../../test/helpers/statements';
import type { Database } from './client';
import { ShapedWrite, WriteBatch, type Bind } from './write-batch';

let database: Database;
let statements: StatementCounter;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`create table batch_a (id int primary key, note text)`);
  await database.db.execute(sql`create table batch_b (id int primary key, note text)`);
  await database.db.execute(
    sql`create table batch_c (id int primary key, doc jsonb not null, at timestamptz not null)`,
  );
  statements = countStatements(database);
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.execute(sql`truncate batch_a, batch_b, batch_c`);
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

  describe('shaped writes', () => {
    const c = pgTable('batch_c', {
      id: integer('id').primaryKey(),
      doc: jsonb('doc').$type<unknown>().notNull(),
      at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    });
    const b = pgTable('batch_b', { id: integer('id').primaryKey(), note: text('note') });
    let builds = 0;
    /** A write of one shape per key, counting how often drizzle is asked to build it. */
    const insertC = (key: string, id: number, doc: unknown, at: Date) =>
      new ShapedWrite(
        key,
        (bind: Bind) => {
          builds += 1;
          return database.db
            .insert(c)
            .values({ id: bind<number>('id'), doc: bind<unknown>('doc'), at: bind<Date>('at') });
        },
        { id, doc, at },
      );
    const noteB = (key: string, id: number, note: string) =>
      new ShapedWrite(
        key,
        (bind: Bind) => {
          builds += 1;
          return sql`insert into batch_b values (${bind<number>('id')}, ${bind<string>('note')})`;
        },
        { id, note },
      );

    async function docs(): Promise<unknown[]> {
      const result = await database.db.execute(
        sql`select id, doc, extract(epoch from at)::float8 * 1000 as at_ms from batch_c order by id`,
      );
      return (result as unknown as { rows: unknown[] }).rows;
    }

    it('builds a batch of one shape once, and each send writes its own values', async () => {
      builds = 0;
      const first = new Date('2026-11-27T12:00:00.000Z');
      const second = new Date('2026-11-28T09:30:00.000Z');
      for (const [id, doc, at] of [
        [1, { nome: 'Ana', itens: [1, 2] }, first],
        [2, ['só', 'uma', 'lista'], second],
        [3, { nome: "O'Neil" }, first],
      ] as const) {
        const batch = new WriteBatch();
        batch.add(insertC('test_insert_c', id, doc, at), noteB('test_note_b', id, `nota ${id}`));
        expect(await statements.measure(() => batch.send(database.db))).toBe(1);
      }
      // Two writes built once, for the first send; the two after reused what was built.
      expect(builds).toBe(2);
      // jsonb through its column's encoder: an array stays a JSON array, not a PostgreSQL one.
      expect(await docs()).toEqual([
        { id: 1, doc: { nome: 'Ana', itens: [1, 2] }, at_ms: first.getTime() },
        { id: 2, doc: ['só', 'uma', 'lista'], at_ms: second.getTime() },
        { id: 3, doc: { nome: "O'Neil" }, at_ms: first.getTime() },
      ]);
      expect(await rows('batch_b')).toEqual([
        { id: 1, note: 'nota 1' },
        { id: 2, note: 'nota 2' },
        { id: 3, note: 'nota 3' },
      ]);
    });

    it('sends a shaped write with a RETURNING last, and one on its own', async () => {
      await database.db.execute(sql`insert into batch_b values (8, 'antes')`);
      const update = (note: string) =>
        new ShapedWrite(
          'test_update_b',
          (bind: Bind) =>
            database.db
              .update(b)
              .set({ note: bind<string>('note') })
              .where(eq(b.id, bind<number>('id')))
              .returning({ id: b.id, note: b.note }),
          { note, id: 8 },
        );
      for (const note of ['depois', 'de novo']) {
        const batch = new WriteBatch();
        batch.add(insertC('test_insert_c', note.length, { note }, new Date()));
        expect(await batch.sendReturning(database.db, update(note))).toEqual([{ id: 8, note }]);
      }
      const alone = new WriteBatch();
      alone.add(noteB('test_note_b', 9, 'sozinha'));
      expect(await statements.measure(() => alone.send(database.db))).toBe(1);
      expect(await rows('batch_b')).toEqual([
        { id: 8, note: 'de novo' },
        { id: 9, note: 'sozinha' },
      ]);
    });

    it('builds a batch with a write of its own values every time, with both kinds right', async () => {
      builds = 0;
      for (const id of [1, 2]) {
        const batch = new WriteBatch();
        batch.add(sql`insert into batch_a values (${id}, ${`valor ${id}`})`);
        batch.add(insertC('test_insert_c', id, { id }, new Date(0)));
        await batch.send(database.db);
      }
      expect(builds).toBe(2);
      expect(await rows('batch_a')).toEqual([
        { id: 1, note: 'valor 1' },
        { id: 2, note: 'valor 2' },
      ]);
      expect(await docs()).toEqual([
        { id: 1, doc: { id: 1 }, at_ms: 0 },
        { id: 2, doc: { id: 2 }, at_ms: 0 },
      ]);
    });
  });
});
