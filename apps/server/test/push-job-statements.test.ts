import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPushJob } from '../src/features/push/job';
import { createTestApp, type TestContext } from './helpers/app';
import {
  bookingBody,
  createBookableProfessional,
  postBooking,
  type BookableProfessional,
} from './helpers/booking';
import { testDatabaseKind } from './helpers/database';
import { countStatements, type StatementCounter } from './helpers/statements';

/**
 * Every booking sends a push job (features/push/job.ts), and most professionals have no device:
 * for them the job reads the devices and clears the event's rows, and never reads the booking.
 */
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

describe(`the push job of a professional with no device (${testDatabaseKind})`, () => {
  it('costs two statements and sends nothing', async () => {
    const res = await postBooking(ctx, bookingBody(shop, { time: '10:00' }));
    expect(res.statusCode, res.body).toBe(201);
    const sent: string[] = [];
    const job = createPushJob({
      db: ctx.database.db,
      sender: {
        send: async (target) => {
          sent.push(target.endpoint);
          return 'sent';
        },
      },
      log: ctx.app.log,
    });
    const data = {
      professionalId: shop.profileId,
      kind: 'booking_created' as const,
      bookingId: res.json().bookingId as string,
      at: new Date().toISOString(),
    };
    const counted = await statements.measure(() =>
      job.handle({ id: randomUUID(), data, isLastAttempt: false }),
    );
    expect(counted).toBeLessThanOrEqual(2);
    expect(sent).toEqual([]);
  });
});
