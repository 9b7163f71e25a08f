import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_QUEUE } from '../src/db/queues';
import { createTestApp, type TestContext } from './helpers/app';
import { bookingBody, createBookableProfessional, postBooking } from './helpers/booking';
import { testDatabaseKind } from './helpers/database';
import { startPushService, type PushServiceStandIn } from './helpers/push-service';
import { entryRequest, joinToken } from './helpers/waitlist';
import { runAskedLooks } from './helpers/waitlist-scan';

/**
 * Issue 48's "Vaga da lista de espera aceita": a client taking a waiting-list offer buzzes the
 * professional's devices with that kind, once (not also as "Novo agendamento"), and a device
 * that turned the kind off is left alone.
 */
let ctx: TestContext;
let push: PushServiceStandIn;

beforeAll(async () => {
  push = await startPushService();
  ctx = await createTestApp({ env: { PUSH_SERVICE_ORIGINS: push.origin } });
}, 30_000);

afterAll(async () => {
  await ctx?.close();
  await push?.close();
});

describe(`waitlist push (${testDatabaseKind})`, () => {
  it('an accepted offer is told as such, once, to the devices that want it', async () => {
    const shop = await createBookableProfessional(ctx, { professionalName: 'Bia Souza' });
    const publicKey = (await shop.pro.request({ method: 'GET', url: '/api/push' })).json()
      .publicKey as string;
    const subscribe = async () => {
      const subscription = await push.subscribe(publicKey);
      const res = await shop.pro.request({
        method: 'PUT',
        url: '/api/push/devices',
        payload: { endpoint: subscription.endpoint, keys: subscription.keys, label: 'Celular' },
      });
      expect(res.statusCode, res.body).toBe(200);
      return { ...subscription, id: res.json().id as string };
    };
    const wants = await subscribe();
    const declines = await subscribe();
    const patch = await shop.pro.request({
      method: 'PATCH',
      url: `/api/push/devices/${declines.id}`,
      payload: { disabledKinds: ['waitlist_offer_accepted'] },
    });
    expect(patch.statusCode, patch.body).toBe(200);

    // Monday's morning full; Ana waits; the 10:00 client cancels and Ana is offered 10:00.
    const booked: Record<string, string> = {};
    for (const time of ['09:00', '10:00', '11:00']) {
      const res = await postBooking(ctx, bookingBody(shop, { time }));
      expect(res.statusCode, res.body).toBe(201);
      booked[time] = res.json().appointments[0].id;
    }
    const token = await joinToken(ctx, shop, { clientName: 'Ana Espera' });
    const cancel = await shop.pro.request({
      method: 'PATCH',
      url: `/api/appointments/${booked['10:00']}`,
      payload: { status: 'cancelled' },
    });
    expect(cancel.statusCode).toBe(200);
    await runAskedLooks(ctx);
    await ctx.app.jobs.runDue(PUSH_QUEUE);
    const before = (await push.messages(wants.clientHash)).length;

    const accepted = await entryRequest(ctx, token, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(201);
    // A second tap answers the same booking: no second notification.
    expect((await entryRequest(ctx, token, 'accept')).statusCode).toBe(201);
    await ctx.app.jobs.runDue(PUSH_QUEUE);
    await ctx.app.jobs.runDue(PUSH_QUEUE);

    const told = (await push.messages(wants.clientHash))
      .slice(before)
      .map((text) => JSON.parse(text) as { title: string; body: string; url: string });
    expect(told).toHaveLength(1);
    expect(told[0]!.title).toBe('Vaga da lista de espera aceita');
    expect(told[0]!.body).toMatch(/^Ana Espera · Corte · seg 23\/11 às 10:00$/);
    expect(told[0]!.url).toContain(
      `/dashboard/appointments?vista=lista&agendamento=${accepted.json().appointments[0].id}`,
    );
    const declined = (await push.messages(declines.clientHash)).map(
      (text) => (JSON.parse(text) as { title: string }).title,
    );
    expect(declined).not.toContain('Vaga da lista de espera aceita');
  });
});
