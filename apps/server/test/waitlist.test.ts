import { SLOT_TAKEN_MESSAGE, WAITLIST_OFFER_GONE_MESSAGE } from '@agendaki/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers/app';
import {
  appointmentsOf,
  bookingBody,
  createBookableProfessional,
  MONDAY,
  postBooking,
  slotsOf,
  type BookableProfessional,
} from './helpers/booking';
import { entryRequest, joinToken, mailsTo, offersOf } from './helpers/waitlist';
import { look, runAskedLooks } from './helpers/waitlist-scan';

let ctx: TestContext;
let shop: BookableProfessional;

/** Monday's morning full: 09:00, 10:00 and 11:00 booked (60 minutes each). */
async function fillMorning() {
  const ids: Record<string, string> = {};
  for (const time of ['09:00', '10:00', '11:00']) {
    const res = await postBooking(ctx, bookingBody(shop, { time }));
    expect(res.statusCode).toBe(201);
    ids[time] = res.json().appointments[0].id;
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

beforeEach(async () => {
  ctx = await createTestApp();
  shop = await createBookableProfessional(ctx);
});
afterEach(async () => {
  await ctx.close();
});

describe('lista de espera', () => {
  it('holds a cancelled time for the first in line, against a second client, until accepted; the next offer expires', async () => {
    const booked = await fillMorning();
    const ana = `ana@exemplo.com.br`;
    const bia = `bia@exemplo.com.br`;
    const anaToken = await joinToken(ctx, shop, { clientEmail: ana });
    const biaToken = await joinToken(ctx, shop, { clientEmail: bia, clientName: 'Bia Espera' });
    expect((await mailsTo(ctx, ana)).map((m) => m.subject)).toEqual([
      'Você está na lista de espera de Barbearia Teste',
    ]);

    await cancel(booked['10:00']!);
    await runAskedLooks(ctx);
    const [offer] = await offersOf(ctx, shop.profileId);
    expect(offer).toMatchObject({ offerDate: MONDAY, startTime: '10:00:00', status: 'pending' });
    expect((await mailsTo(ctx, ana)).map((m) => m.subject)).toContain(
      'Vagou um horário: 23/11/2026 às 10:00',
    );
    expect((await mailsTo(ctx, bia)).length).toBe(1);
    // Held for Ana alone: the public page does not offer it, a direct booking is refused.
    expect(await slotsOf(ctx, shop.customLink, MONDAY, [shop.services[0]!.id])).not.toContain(
      '10:00',
    );
    const carla = await postBooking(ctx, bookingBody(shop, { time: '10:00' }));
    expect(carla.statusCode).toBe(409);
    expect(carla.json().message).toBe(SLOT_TAKEN_MESSAGE);
    const view = (await entryRequest(ctx, anaToken)).json();
    expect(view.offer).toMatchObject({ date: MONDAY, time: '10:00', holdUntil: '09:30' });

    const accepted = await entryRequest(ctx, anaToken, 'accept');
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json()).toMatchObject({ date: MONDAY, time: '10:00' });
    expect(accepted.json().manageUrl).toContain('/agendamento/');
    const live = (await appointmentsOf(ctx, shop.profileId, MONDAY)).filter(
      (a) => a.status !== 'cancelled',
    );
    expect(live.map((a) => a.startTime)).toEqual(['09:00:00', '10:00:00', '11:00:00']);
    expect((await entryRequest(ctx, anaToken)).json()).toMatchObject({
      status: 'booked',
      offer: null,
    });
    // A second tap answers the same booking.
    const again = await entryRequest(ctx, anaToken, 'accept');
    expect(again.json().bookingId).toBe(accepted.json().bookingId);

    await cancel(booked['11:00']!);
    await runAskedLooks(ctx);
    const second = (await offersOf(ctx, shop.profileId)).find((o) => o.status === 'pending');
    expect(second).toMatchObject({ startTime: '11:00:00' });
    expect((await entryRequest(ctx, biaToken)).json().offer.time).toBe('11:00');
    ctx.clock.advance(31 * 60_000);
    await look(ctx, shop.profileId);
    expect((await offersOf(ctx, shop.profileId)).map((o) => o.status)).toEqual([
      'accepted',
      'expired',
    ]);
    expect((await entryRequest(ctx, biaToken)).json()).toMatchObject({
      status: 'waiting',
      offer: null,
    });
    const late = await entryRequest(ctx, biaToken, 'accept');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(WAITLIST_OFFER_GONE_MESSAGE);
    // Free again for anyone.
    expect(await slotsOf(ctx, shop.customLink, MONDAY, [shop.services[0]!.id])).toContain('11:00');
  });

  it('offers a declined time to the next in line, and never the same time twice to one person', async () => {
    const booked = await fillMorning();
    const first = await joinToken(ctx, shop);
    const next = await joinToken(ctx, shop);
    await cancel(booked['09:00']!);
    await runAskedLooks(ctx);
    expect((await entryRequest(ctx, first)).json().offer.time).toBe('09:00');
    expect((await entryRequest(ctx, next)).json().offer).toBeNull();
    expect((await entryRequest(ctx, first, 'decline')).statusCode).toBe(200);
    await runAskedLooks(ctx);
    expect((await entryRequest(ctx, first)).json()).toMatchObject({
      status: 'waiting',
      offer: null,
    });
    expect((await entryRequest(ctx, next)).json().offer.time).toBe('09:00');
  });

  it('after a decline, offers the person the next free time, not the declined one again', async () => {
    const booked = await fillMorning();
    const token = await joinToken(ctx, shop);
    await cancel(booked['09:00']!);
    await cancel(booked['10:00']!);
    await runAskedLooks(ctx);
    expect((await entryRequest(ctx, token)).json().offer.time).toBe('09:00');
    expect((await entryRequest(ctx, token, 'decline')).statusCode).toBe(200);
    await runAskedLooks(ctx);
    expect((await entryRequest(ctx, token)).json().offer.time).toBe('09:30');
    expect((await offersOf(ctx, shop.profileId)).map((o) => [o.startTime, o.status])).toEqual([
      ['09:00:00', 'declined'],
      ['09:30:00', 'pending'],
    ]);
  });

  it('offers a time that fits the period or the range only', async () => {
    await fillMorning();
    const evening = await joinToken(ctx, shop, { periods: ['noite'] });
    const range = await joinToken(ctx, shop, {
      periods: [],
      rangeStart: '14:00',
      rangeEnd: '15:00',
    });
    await look(ctx, shop.profileId);
    expect((await entryRequest(ctx, evening)).json().offer).toBeNull();
    expect((await entryRequest(ctx, range)).json().offer.time).toBe('14:00');
  });

  it('leaves from the link; an unknown link is 404', async () => {
    const token = await joinToken(ctx, shop);
    const left = await entryRequest(ctx, token, 'leave');
    expect(left.json().status).toBe('left');
    for (const bad of ['x'.repeat(43), 'curto']) {
      const res = await entryRequest(ctx, bad);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Link inválido ou expirado');
    }
  });

  it('expires an entry after its last wanted day', async () => {
    const token = await joinToken(ctx, shop);
    ctx.clock.set('2026-11-24T12:00:00.000Z');
    await look(ctx, shop.profileId);
    expect((await entryRequest(ctx, token)).json().status).toBe('expired');
  });

  it('switched off: no list on the page, no join, no offer', async () => {
    const booked = await fillMorning();
    await joinToken(ctx, shop);
    const off = await shop.pro.request({
      method: 'PUT',
      url: '/api/waitlist/settings',
      payload: { enabled: false, holdMinutes: 30 },
    });
    expect(off.json()).toEqual({ enabled: false, holdMinutes: 30 });
    const pub = await ctx.app.inject({
      method: 'GET',
      url: `/api/public/waitlist-settings/${shop.profileId}`,
    });
    expect(pub.json()).toEqual({ enabled: false });
    await expect(joinToken(ctx, shop)).rejects.toThrow(/409/);
    await cancel(booked['09:00']!);
    await look(ctx, shop.profileId);
    expect(await offersOf(ctx, shop.profileId)).toEqual([]);
  });
});
