import { WAITLIST_OFFER_GONE_MESSAGE } from '@agendaki/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jobIdFor, sendJob } from '../src/db/queue';
import { WAITLIST_SCAN_QUEUE } from '../src/db/queues';
import { createTestApp, type TestContext } from './helpers/app';
import {
  appointmentsOf,
  bookingBody,
  createBookableProfessional,
  MONDAY,
  postBooking,
  type BookableProfessional,
} from './helpers/booking';
import { findJob, makeJobsDue } from './helpers/jobs';
import { entryRequest, joinToken, mailsTo, offersOf } from './helpers/waitlist';
import { look, runAskedLooks } from './helpers/waitlist-scan';

/**
 * The waiting list exactly once (docs/product.md, Lista de espera): offers hold their time in
 * occupied_times under the no-overlap constraint, looks take the professional's time lock, and
 * every look is a job that changes nothing twice.
 */
let ctx: TestContext;
let shop: BookableProfessional;

async function fillMorning() {
  const ids: string[] = [];
  for (const time of ['09:00', '10:00', '11:00']) {
    const res = await postBooking(ctx, bookingBody(shop, { time }));
    expect(res.statusCode).toBe(201);
    ids.push(res.json().appointments[0].id);
  }
  return ids;
}

async function cancel(appointmentId: string) {
  const res = await shop.pro.request({
    method: 'PATCH',
    url: `/api/appointments/${appointmentId}`,
    payload: { status: 'cancelled' },
  });
  expect(res.statusCode).toBe(200);
}

const live = async () =>
  (await appointmentsOf(ctx, shop.profileId, MONDAY)).filter((a) => a.status !== 'cancelled');

beforeEach(async () => {
  ctx = await createTestApp();
  shop = await createBookableProfessional(ctx);
});
afterEach(async () => {
  await ctx.close();
});

describe('lista de espera: races', () => {
  it('a freed time booked directly at the moment the offer is made goes to one of them', async () => {
    const [nine] = await fillMorning();
    await joinToken(ctx, shop);
    await cancel(nine!);
    const [booking, offers] = await Promise.all([
      postBooking(ctx, bookingBody(shop, { time: '09:00' })),
      look(ctx, shop.profileId),
    ]);
    const held = (await offersOf(ctx, shop.profileId)).filter((o) => o.status === 'pending');
    const nineBooked = (await live()).filter((a) => a.startTime === '09:00:00');
    if (booking.statusCode === 201) {
      expect(offers).toEqual([]);
      expect(held).toEqual([]);
      expect(nineBooked).toHaveLength(1);
    } else {
      expect(booking.statusCode).toBe(409);
      expect(held.map((o) => o.startTime)).toEqual(['09:00:00']);
      expect(nineBooked).toHaveLength(0);
    }
  });

  it('two times freed, one person waiting: one offer, the other time stays bookable', async () => {
    const [nine, ten] = await fillMorning();
    const token = await joinToken(ctx, shop);
    await cancel(nine!);
    await cancel(ten!);
    await Promise.all([runAskedLooks(ctx), look(ctx, shop.profileId), look(ctx, shop.profileId)]);
    const offers = await offersOf(ctx, shop.profileId);
    expect(offers.map((o) => [o.startTime, o.status])).toEqual([['09:00:00', 'pending']]);
    expect(token).toBeTruthy();
    const direct = await postBooking(ctx, bookingBody(shop, { time: '10:00' }));
    expect(direct.statusCode).toBe(201);
  });

  it('accepting while leaving the line: booked and in line never both', async () => {
    const [nine] = await fillMorning();
    const token = await joinToken(ctx, shop);
    await cancel(nine!);
    await runAskedLooks(ctx);
    expect((await entryRequest(ctx, token)).json().offer).toMatchObject({ time: '09:00' });
    const [accepted] = await Promise.all([
      entryRequest(ctx, token, 'accept'),
      entryRequest(ctx, token, 'leave'),
    ]);
    const status = (await entryRequest(ctx, token)).json().status;
    const nineBooked = (await live()).filter((a) => a.startTime === '09:00:00');
    if (accepted.statusCode === 201) {
      expect(status).toBe('booked');
      expect(nineBooked).toHaveLength(1);
    } else {
      expect(accepted.statusCode).toBe(409);
      expect(accepted.json().message).toBe(WAITLIST_OFFER_GONE_MESSAGE);
      expect(status).toBe('left');
      expect(nineBooked).toHaveLength(0);
      expect((await offersOf(ctx, shop.profileId)).map((o) => o.status)).toEqual(['withdrawn']);
    }
  });

  it('two instances looking at once offer a time once, with one mail', async () => {
    const [nine] = await fillMorning();
    const email = 'unica@exemplo.com.br';
    await joinToken(ctx, shop, { clientEmail: email });
    await joinToken(ctx, shop);
    const second = await createTestApp({ database: ctx.database });
    try {
      await cancel(nine!);
      await sendJob(ctx.database.db, WAITLIST_SCAN_QUEUE, { professionalId: shop.profileId });
      await sendJob(ctx.database.db, WAITLIST_SCAN_QUEUE, { professionalId: shop.profileId });
      await makeJobsDue(ctx.database.db, WAITLIST_SCAN_QUEUE);
      await Promise.all([
        ctx.app.jobs.runDue(WAITLIST_SCAN_QUEUE),
        second.app.jobs.runDue(WAITLIST_SCAN_QUEUE),
        look(ctx, shop.profileId),
      ]);
      const offers = await offersOf(ctx, shop.profileId);
      expect(offers.map((o) => o.startTime)).toEqual(['09:00:00']);
      const offerMails = (await mailsTo(ctx, email)).filter((m) => m.subject.startsWith('Vagou'));
      expect(offerMails).toHaveLength(1);
    } finally {
      await second.app.close();
    }
  });

  it('an offer expiring while the app is down expires once after the restart; the next is offered once', async () => {
    const [nine] = await fillMorning();
    await joinToken(ctx, shop);
    const next = 'proxima@exemplo.com.br';
    await joinToken(ctx, shop, { clientEmail: next });
    await cancel(nine!);
    const [offer] = await look(ctx, shop.profileId);
    expect(offer).toBeDefined();
    const job = await findJob(ctx.database.db, WAITLIST_SCAN_QUEUE, expiryJobId(offer!.id));
    expect(job?.state).toBe('created');
    await ctx.app.close();
    // Down past the deadline; then two instances come back at once.
    ctx.clock.advance(31 * 60_000);
    const [a, b] = await Promise.all([
      createTestApp({ database: ctx.database, now: ctx.clock.now().toISOString() }),
      createTestApp({ database: ctx.database, now: ctx.clock.now().toISOString() }),
    ]);
    try {
      await Promise.all([
        a.app.jobs.runDue(WAITLIST_SCAN_QUEUE),
        b.app.jobs.runDue(WAITLIST_SCAN_QUEUE),
      ]);
      const offers = await offersOf(ctx, shop.profileId);
      expect(offers.map((o) => o.status)).toEqual(['expired', 'pending']);
      expect((await mailsTo(ctx, next)).filter((m) => m.subject.startsWith('Vagou'))).toHaveLength(
        1,
      );
      await Promise.all([a.app.jobs.runDue(WAITLIST_SCAN_QUEUE), look(a, shop.profileId)]);
      expect((await offersOf(ctx, shop.profileId)).map((o) => o.status)).toEqual([
        'expired',
        'pending',
      ]);
    } finally {
      await a.app.close();
      await b.app.close();
      ctx = { ...ctx, close: async () => ctx.database.close() };
    }
  });
});

function expiryJobId(offerId: string) {
  // The deadline's job is sent once per offer (db/queue.ts sendJobAt's key).
  return jobIdFor(WAITLIST_SCAN_QUEUE, `offer:${offerId}`);
}
