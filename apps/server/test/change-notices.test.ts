import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { services } from '../src/db/schema';
import type { NoticeListener } from '../src/db/listen';
import { PROFESSIONAL_CHANGED_CHANNEL } from '../src/features/public-profile/cache';
import { createTestApp, type TestContext } from './helpers/app';
import {
  bookingBody,
  createBookableProfessional,
  postBooking,
  type BookableProfessional,
} from './helpers/booking';
import { testDatabaseKind } from './helpers/database';

/**
 * The notices the public read cache lives by (migration 0007), as PostgreSQL sends them: one per
 * professional a committed statement changed, whatever session made it, with ':appointments'
 * when only busy times changed. Migration 0022 reads the changed rows of the tables that name
 * their professional with static statements: each kind of statement is held here to the same
 * notices as before.
 */
let ctx: TestContext;
let first: BookableProfessional;
let second: BookableProfessional;
let listener: NoticeListener;
const received: string[] = [];
let sentinels = 0;

beforeAll(async () => {
  ctx = await createTestApp();
  first = await createBookableProfessional(ctx);
  second = await createBookableProfessional(ctx);
  listener = ctx.database.listen(PROFESSIONAL_CHANGED_CHANNEL, {
    notice: (payload) => received.push(payload),
    listening: () => {},
  });
  await listener.ready;
});

afterAll(async () => {
  await listener?.close();
  await ctx?.close();
});

/**
 * The notices `change` causes, once all of them have arrived: a sentinel notice committed after
 * it arrives after them (PostgreSQL delivers notices in commit order).
 */
async function noticesOf(change: () => Promise<unknown>): Promise<string[]> {
  received.length = 0;
  await change();
  sentinels += 1;
  const sentinel = `sentinel-${sentinels}`;
  await ctx.database.db.execute(
    sql`select pg_notify(${PROFESSIONAL_CHANGED_CHANNEL}, ${sentinel})`,
  );
  const deadline = Date.now() + 5_000;
  while (!received.includes(sentinel) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  expect(received, 'the sentinel notice never arrived').toContain(sentinel);
  return received.filter((payload) => payload !== sentinel).sort();
}

describe(`change notices (${testDatabaseKind})`, () => {
  it('an insert of several rows notifies each of their professionals once', async () => {
    const inserted = await noticesOf(() =>
      ctx.database.db.insert(services).values([
        { professionalId: first.profileId, name: 'Escova', price: '40.00' },
        { professionalId: first.profileId, name: 'Hidratação', price: '60.00' },
        { professionalId: second.profileId, name: 'Barba', price: '30.00' },
      ]),
    );
    expect(inserted).toEqual([first.profileId, second.profileId].sort());
  });

  it('an update notifies the professionals of its rows, and one that changes nothing notifies no one', async () => {
    const updated = await noticesOf(() =>
      ctx.database.db
        .update(services)
        .set({ description: 'Atualizado' })
        .where(inArray(services.professionalId, [first.profileId, second.profileId])),
    );
    expect(updated).toEqual([first.profileId, second.profileId].sort());

    const none = await noticesOf(() =>
      ctx.database.db
        .update(services)
        .set({ description: 'Nada' })
        .where(eq(services.name, 'Serviço que não existe')),
    );
    expect(none).toEqual([]);

    // A row moved to another professional changed both: the old rows count as well as the new.
    const moved = await noticesOf(() =>
      ctx.database.db
        .update(services)
        .set({ professionalId: second.profileId })
        .where(and(eq(services.professionalId, first.profileId), eq(services.name, 'Escova'))),
    );
    expect(moved).toEqual([first.profileId, second.profileId].sort());
  });

  it('a delete notifies the professional of its rows', async () => {
    const deleted = await noticesOf(() =>
      ctx.database.db
        .delete(services)
        .where(and(eq(services.professionalId, second.profileId), eq(services.name, 'Barba'))),
    );
    expect(deleted).toEqual([second.profileId]);
  });

  it('a booking notifies only that its professional’s busy times changed, once', async () => {
    const booked = await noticesOf(async () => {
      const res = await postBooking(ctx, bookingBody(first, { time: '11:00' }));
      expect(res.statusCode, res.body).toBe(201);
    });
    expect(booked).toEqual([`${first.profileId}:appointments`]);
  });

  it('a change to a subscription notifies its professional (the user_id path)', async () => {
    const changed = await noticesOf(() =>
      ctx.database.db.execute(
        sql`update subscriptions set status = status
            where user_id = (select user_id from profiles where id = ${second.profileId})`,
      ),
    );
    expect(changed).toEqual([second.profileId]);
  });
});
