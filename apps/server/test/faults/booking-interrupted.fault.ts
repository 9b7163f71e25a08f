import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingRequests } from '../../src/db/schema';
import { createTestApp, type TestContext } from '../helpers/app';
import {
  appointmentsOf,
  bookingBody,
  clientsOf,
  createBookableProfessional,
  MONDAY,
  outboxTo,
  postBooking,
  type BookableProfessional,
} from '../helpers/booking';
import { testDatabaseKind } from '../helpers/database';

/**
 * The database fails in the middle of a public booking: a trigger refuses one of its writes.
 * A booking is one transaction (docs/product.md, Booking several services), so nothing of it may stay behind (no claimed
 * idempotency key, client, appointment or mail), and the visitor's retry with the same key
 * books once the database is well again. Unlike the SIGKILL test (server-killed.fault.ts),
 * which depends on where the kill lands, this interrupts every step on purpose.
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

async function failWritesTo(table: string, event: 'INSERT' | 'UPDATE') {
  await ctx.database.db.execute(sql`
    CREATE FUNCTION test_interrupt_booking() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'falha simulada no meio do agendamento'; END $$`);
  await ctx.database.db.execute(
    sql.raw(`CREATE TRIGGER test_interrupt_booking BEFORE ${event} ON ${table}
      FOR EACH ROW EXECUTE FUNCTION test_interrupt_booking()`),
  );
  return async () => {
    await ctx.database.db.execute(sql.raw(`DROP TRIGGER test_interrupt_booking ON ${table}`));
    await ctx.database.db.execute(sql`DROP FUNCTION test_interrupt_booking()`);
  };
}

function storedKeys(key: string) {
  return ctx.database.db
    .select({ id: bookingRequests.id })
    .from(bookingRequests)
    .where(
      and(
        eq(bookingRequests.professionalId, shop.profileId),
        eq(bookingRequests.idempotencyKey, key),
      ),
    );
}

describe(`a booking interrupted by a database error (${testDatabaseKind})`, () => {
  it.each([
    { step: 'inserting the appointments', table: 'appointments', event: 'INSERT', time: '09:00' },
    { step: 'storing the answer', table: 'booking_requests', event: 'UPDATE', time: '10:30' },
    { step: 'queueing the mails', table: 'mail_outbox', event: 'INSERT', time: '13:00' },
  ] as const)(
    'while $step leaves nothing behind, and the retry books once',
    async ({ table, event, time }) => {
      const serviceIds = shop.services.map((s) => s.id);
      const body = bookingBody(shop, { time, serviceIds });
      const key = body.idempotencyKey as string;
      const email = body.clientEmail as string;
      const before = await appointmentsOf(ctx, shop.profileId, MONDAY);

      const restore = await failWritesTo(table, event);
      try {
        const res = await postBooking(ctx, body);
        expect(res.statusCode, res.body).toBe(500);
        expect(res.json().code).toBe('INTERNAL');
      } finally {
        await restore();
      }
      expect(await storedKeys(key)).toEqual([]);
      expect(await appointmentsOf(ctx, shop.profileId, MONDAY)).toEqual(before);
      expect((await clientsOf(ctx, shop.profileId)).filter((c) => c.email === email)).toEqual([]);
      expect(await outboxTo(ctx, email)).toEqual([]);

      // The visitor's page sends the same request again: it books, once, whole.
      const retry = await postBooking(ctx, body);
      expect(retry.statusCode, retry.body).toBe(201);
      expect(retry.json().appointments).toHaveLength(serviceIds.length);
      expect(await storedKeys(key)).toHaveLength(1);
      const after = await appointmentsOf(ctx, shop.profileId, MONDAY);
      expect(after).toHaveLength(before.length + serviceIds.length);
      expect((await clientsOf(ctx, shop.profileId)).filter((c) => c.email === email)).toHaveLength(
        1,
      );
      expect(await outboxTo(ctx, email)).toHaveLength(1);
    },
  );
});
