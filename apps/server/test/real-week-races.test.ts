import { addDaysToDate, getWeekday } from '@agendaki/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers/app';
import { expectOneLockWaiter, testDatabaseKind } from './helpers/database';
import {
  appointmentsOf,
  bookingBody,
  createBookableProfessional,
  MONDAY,
  postBooking,
  slotsOf,
  type BookableProfessional,
} from './helpers/booking';

/**
 * The races of a real week (docs/decisions/009-real-week.md), with both requests in flight
 * together: on PostgreSQL each runs its own transaction on its own pooled connection; on PGlite
 * (one connection) they interleave at every await. A block racing a booking: the exclusion
 * constraint of occupied_times lets exactly one win. Closing a day racing a booking: the
 * professional's lock orders them, so either the booking is refused or the save lists it.
 */

let ctx: TestContext;
let shop: BookableProfessional;

beforeAll(async () => {
  ctx = await createTestApp();
  shop = await createBookableProfessional(ctx);
});
afterAll(async () => {
  await ctx.close();
});

/** The next `count` weekdays from Monday 2026-11-23. */
function weekdays(count: number): string[] {
  const dates: string[] = [];
  for (let date = MONDAY; dates.length < count; date = addDaysToDate(date, 1)) {
    const weekday = getWeekday(date);
    if (weekday >= 1 && weekday <= 5) dates.push(date);
  }
  return dates;
}

describe('a block racing a booking', () => {
  it('has exactly one winner every time, and the loser leaves nothing', async () => {
    const times = ['09:00', '10:00', '11:00', '13:00', '14:00', '15:00', '16:00', '17:00'];
    for (const time of times) {
      const [block, booking] = await Promise.all([
        shop.pro.request({
          method: 'POST',
          url: '/api/blocks',
          payload: { date: MONDAY, startTime: time, endTime: `${time.slice(0, 2)}:30` },
        }),
        postBooking(ctx, bookingBody(shop, { date: MONDAY, time })),
      ]);
      expect(
        [block.statusCode, booking.statusCode].sort(),
        `${time}: ${block.body} ${booking.body}`,
      ).toEqual([201, 409]);
      const appointments = (await appointmentsOf(ctx, shop.profileId, MONDAY)).filter(
        (a) => a.startTime === `${time}:00`,
      );
      expect(appointments).toHaveLength(booking.statusCode === 201 ? 1 : 0);
    }
    const blocks = await shop.pro.request({
      method: 'GET',
      url: `/api/blocks?from=${MONDAY}&to=${MONDAY}`,
    });
    const booked = await appointmentsOf(ctx, shop.profileId, MONDAY);
    expect(blocks.json().length + booked.length).toBe(times.length);
  });
});

describe('closing a day racing a booking', () => {
  it('either refuses the booking or lists it among the appointments of the closed day', async () => {
    const outcomes = { booked: 0, refused: 0 };
    for (const date of weekdays(8).slice(1)) {
      const [save, booking] = await Promise.all([
        shop.pro.request({
          method: 'PUT',
          url: `/api/availability/exceptions/${date}`,
          payload: { windows: [] },
        }),
        postBooking(ctx, bookingBody(shop, { date, time: '10:00' })),
      ]);
      expect(save.statusCode, save.body).toBe(200);
      const stored = await appointmentsOf(ctx, shop.profileId, date);
      const listed = save.json().affected.map((a: { id: string }) => a.id);
      if (booking.statusCode === 201) {
        outcomes.booked += 1;
        expect(listed).toEqual([booking.json().appointments[0].id]);
        expect(stored).toHaveLength(1);
      } else {
        outcomes.refused += 1;
        expect(booking.statusCode, booking.body).toBe(409);
        expect(listed).toEqual([]);
        expect(stored).toHaveLength(0);
      }
      // Once the save committed, nothing more lands on that date.
      const after = await postBooking(ctx, bookingBody(shop, { date, time: '15:00' }));
      expect(after.statusCode).toBe(409);
    }
    expect(outcomes.booked + outcomes.refused).toBe(7);
  });
});

describe('a booking waiting on a save of the day', () => {
  // The booking's rules are read in a statement after the one that takes the professional's
  // lock: under READ COMMITTED a statement sees what was committed when it began, so rules read
  // in the lock's own statement would miss the exception saved by the transaction it waited for.
  // Scripted on PostgreSQL, where the save can be held open on a connection of its own.
  it.skipIf(testDatabaseKind !== 'postgres')(
    'sees the day the save closed once the lock is released, and is refused',
    async () => {
      const date = weekdays(10).at(-1)!;
      // The catalog cached first: the rules the booking re-reads inside its transaction decide.
      expect(await slotsOf(ctx, shop.customLink, date, [shop.services[0]!.id])).toContain('10:00');
      let saveHolds!: () => void;
      const saveHolding = new Promise<void>((resolve) => (saveHolds = resolve));
      let releaseSave!: () => void;
      const saveReleased = new Promise<void>((resolve) => (releaseSave = resolve));
      const save = ctx.database.db.transaction(async (tx) => {
        await tx.execute(
          sql`select id from profiles where id = ${shop.profileId} for no key update`,
        );
        await tx.execute(
          sql`insert into date_exceptions (professional_id, date) values (${shop.profileId}, ${date})`,
        );
        saveHolds();
        await saveReleased;
      });
      await saveHolding;
      const booking = postBooking(ctx, bookingBody(shop, { date, time: '10:00' }));
      try {
        await expectOneLockWaiter(ctx.database.db);
      } finally {
        releaseSave();
      }
      await save;
      const answer = await booking;
      expect(answer.statusCode, answer.body).toBe(409);
      expect(await appointmentsOf(ctx, shop.profileId, date)).toHaveLength(0);
    },
  );
});
