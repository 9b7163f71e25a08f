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
 * At most what one public booking costs the database, counted like
 * scripts/bench/count-queries.mjs (BEGIN and COMMIT included; the job runner's own pool left
 * out): the two request counters in one upsert; the proof of work's use recorded (decision 028);
 * BEGIN; the key claimed under the professional's lock, with the client found or created in the
 * same statement; rules, exceptions and time off; the appointments; the stored answer, with the
 * manage link, the visitor's booked minutes and the day's holds against their caps (decision
 * 027) in the same statement; both mails' outbox rows; the reminder's and the mails' jobs in one
 * pg-boss call; COMMIT. Plain awaited statements (docs/decisions/032): an upper bound, not a
 * target.
 */
const MOST_STATEMENTS_PER_BOOKING = 10;

let ctx: TestContext;
let shop: BookableProfessional;
let statements: StatementCounter;

beforeAll(async () => {
  ctx = await createTestApp();
  shop = await createBookableProfessional(ctx);
  // A booking's commit notifies the professional's change; the waiting list's look that answers
  // it is left out by countStatements.
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
    expect(counted).toBeLessThanOrEqual(MOST_STATEMENTS_PER_BOOKING);
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
    expect(returning).toBeLessThanOrEqual(MOST_STATEMENTS_PER_BOOKING);
    const same = (await clientsOf(ctx, shop.profileId)).filter((c) => c.email === email);
    expect(same.map((c) => c.phone)).toEqual(['+5511987654321']);
  });
});
