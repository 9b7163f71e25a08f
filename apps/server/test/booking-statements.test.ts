import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers/app';
import {
  bookingBody,
  clientsOf,
  createBookableProfessional,
  postBooking,
  solvePow,
  type BookableProfessional,
} from './helpers/booking';
import { testDatabaseKind } from './helpers/database';
import { countStatements, type StatementCounter } from './helpers/statements';

/**
 * What one public booking costs the database, counted like scripts/bench/count-queries.mjs
 * (BEGIN and COMMIT included; the job runner's own pool left out): the two request counters in
 * one upsert; the proof of work's use recorded (decision 028; its challenge, asked for earlier,
 * is not counted); BEGIN; the key claimed under the professional's lock, with the client found or
 * created in the same statement; rules, exceptions and time off; the appointments, the stored
 * answer, the manage link, both mails' outbox rows, the jobs of the reminder and both mails, and
 * the visitor's booked minutes in one statement (db/write-batch.ts, db/queue.ts JobBatch);
 * COMMIT. The sinal's settings and whether a Pix PSP is connected come with the cached catalog
 * (migration 0020 notifies their changes), like the services and the weekly hours.
 */
const STATEMENTS_PER_BOOKING = 7;

let ctx: TestContext;
let shop: BookableProfessional;
let statements: StatementCounter;

beforeAll(async () => {
  ctx = await createTestApp();
  shop = await createBookableProfessional(ctx);
  statements = countStatements(ctx.database);
});
afterAll(async () => {
  await ctx.close();
});

describe(`statements of one booking (${testDatabaseKind})`, () => {
  it('are the same for a new client and a returning one', async () => {
    const email = 'contada@exemplo.com.br';
    const first = bookingBody(shop, { time: '09:00', clientEmail: email, clientPhone: null });
    // The catalog read once, as the booking page does before anyone books.
    expect((await postBooking(ctx, bookingBody(shop, { time: '15:00' }))).statusCode).toBe(201);
    const firstPow = await solvePow(ctx);
    const counted = await statements.measure(async () => {
      const res = await postBooking(ctx, { ...first, pow: firstPow });
      expect(res.statusCode, res.body).toBe(201);
    });
    expect(counted).toBe(STATEMENTS_PER_BOOKING);
    const again = bookingBody(shop, {
      time: '10:00',
      clientEmail: 'Contada@Exemplo.com.br',
      clientPhone: '(11) 98765-4321',
    });
    const againPow = await solvePow(ctx);
    const returning = await statements.measure(async () => {
      const res = await postBooking(ctx, { ...again, pow: againPow });
      expect(res.statusCode, res.body).toBe(201);
    });
    expect(returning).toBe(STATEMENTS_PER_BOOKING);
    const same = (await clientsOf(ctx, shop.profileId)).filter((c) => c.email === email);
    expect(same.map((c) => c.phone)).toEqual(['11987654321']);
  });
});
