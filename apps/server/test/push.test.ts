import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_QUEUE } from '../src/db/queues';
import { deriveVapidKeys, resolveVapidKeys } from '../src/features/push/vapid';
import { createTestApp, TEST_AUTH_SECRET, type TestContext } from './helpers/app';
import { nextIp } from './helpers/auth';
import {
  bookingBody,
  createBookableProfessional,
  postBooking,
  type BookableProfessional,
} from './helpers/booking';
import { makeJobsDue } from './helpers/jobs';
import { startPushService, type PushServiceStandIn } from './helpers/push-service';
import { testDatabaseKind } from './helpers/database';
import type { SignedInProfessional } from './helpers/session';

/**
 * Web Push end to end (issue 48): the server encrypts for each device and posts to a push
 * service, here web-push-testing on loopback, which checks the VAPID signature and decrypts.
 */
let ctx: TestContext;
let push: PushServiceStandIn;
let shop: BookableProfessional;
let flaky: Server;
let flakyOrigin = '';
let flakyAnswers: number[] = [];
let times = 0;
let env: Record<string, string> = {};

beforeAll(async () => {
  push = await startPushService();
  // A push service that fails when told to: 500, then what comes next in `flakyAnswers`.
  flaky = createServer((request, response) => {
    request.resume();
    response.statusCode = flakyAnswers.shift() ?? 201;
    response.end();
  });
  await new Promise<void>((resolve) => flaky.listen(0, '127.0.0.1', resolve));
  const address = flaky.address();
  flakyOrigin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  env = { PUSH_SERVICE_ORIGINS: `${push.origin},${flakyOrigin}` };
  ctx = await createTestApp({ env });
  shop = await createBookableProfessional(ctx, { professionalName: 'Bia Souza' });
}, 30_000);

afterAll(async () => {
  await ctx?.close();
  await push?.close();
  await new Promise((resolve) => flaky?.close(resolve));
});

async function publicKeyOf(pro: SignedInProfessional): Promise<string> {
  return (await pro.request({ method: 'GET', url: '/api/push' })).json().publicKey;
}

async function subscribeDevice(pro: SignedInProfessional, endpointOrigin?: string) {
  const subscription = await push.subscribe(await publicKeyOf(pro));
  const endpoint = endpointOrigin ? `${endpointOrigin}/push/1` : subscription.endpoint;
  const res = await pro.request({
    method: 'PUT',
    url: '/api/push/devices',
    payload: { endpoint, keys: subscription.keys, label: 'Chrome no Android' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...subscription, id: res.json().id as string };
}

async function messagesOf(clientHash: string) {
  return (await push.messages(clientHash)).map(
    (text) => JSON.parse(text) as { title: string; body: string; url: string },
  );
}

/** A public booking at 14:00 on the next weekday not booked yet (from Monday 23/11). */
async function book(clientName = 'Ana Cliente') {
  times += 1;
  const day = new Date(Date.UTC(2026, 10, 22 + times + 2 * Math.floor((times - 1) / 5)));
  const date = day.toISOString().slice(0, 10);
  const res = await postBooking(ctx, bookingBody(shop, { clientName, date, time: '14:00' }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { appointments: Array<{ id: string }>; manageUrl: string };
}

describe(`web push (${testDatabaseKind})`, () => {
  it('signs with a VAPID pair derived from the secret, unless a pair is configured', async () => {
    const derived = deriveVapidKeys(TEST_AUTH_SECRET);
    expect(await publicKeyOf(shop.pro)).toBe(derived.publicKey);
    const point = Buffer.from(derived.publicKey, 'base64url');
    expect(point).toHaveLength(65);
    expect(point[0]).toBe(4);
    expect(deriveVapidKeys(`${TEST_AUTH_SECRET}-outro`).publicKey).not.toBe(derived.publicKey);
    const configured = deriveVapidKeys('operator-secret-0123456789abcdefghijklmnop');
    expect(resolveVapidKeys(TEST_AUTH_SECRET, configured)).toEqual(configured);
  });

  it('refuses a device whose endpoint is not a push service, and bad keys, in pt-BR', async () => {
    const keys = (await push.subscribe(await publicKeyOf(shop.pro))).keys;
    const put = (payload: object) =>
      shop.pro.request({ method: 'PUT', url: '/api/push/devices', payload });
    for (const endpoint of [
      'http://127.0.0.1:5432/x',
      'https://169.254.169.254/latest',
      'ftp://a',
    ]) {
      const res = await put({ endpoint, keys, label: 'Aparelho' });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json().message).toMatch(/Serviço de notificação não reconhecido|inválido/);
    }
    const badKeys = await put({
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      keys: { p256dh: 'curta', auth: keys.auth },
      label: 'Aparelho',
    });
    expect(badKeys.statusCode).toBe(400);
    expect(badKeys.json().message).toContain('Chave da inscrição inválida');
    const fcm = await put({
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      keys,
      label: 'X',
    });
    expect(fcm.statusCode, fcm.body).toBe(200);
    await shop.pro.request({ method: 'DELETE', url: `/api/push/devices/${fcm.json().id}` });
  });

  it('a public booking buzzes each device once, none that turned the kind off', async () => {
    const wants = await subscribeDevice(shop.pro);
    const declines = await subscribeDevice(shop.pro);
    const patch = await shop.pro.request({
      method: 'PATCH',
      url: `/api/push/devices/${declines.id}`,
      payload: { disabledKinds: ['booking_created'] },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    expect(patch.json().disabledKinds).toEqual(['booking_created']);

    const booked = await book('Ana Souza');
    await ctx.app.jobs.runDue(PUSH_QUEUE);
    await ctx.app.jobs.runDue(PUSH_QUEUE);
    const [message, ...more] = await messagesOf(wants.clientHash);
    expect(more).toEqual([]);
    expect(message!.title).toBe('Novo agendamento');
    expect(message!.body).toMatch(/^Ana Souza · Corte · \w{3} \d{2}\/\d{2} às 14:00$/);
    expect(message!.url).toBe(
      `/dashboard/appointments?vista=lista&agendamento=${booked.appointments[0]!.id}`,
    );
    expect(await messagesOf(declines.clientHash)).toEqual([]);
  });

  it('two instances taking the queue at once send each message once', async () => {
    const device = await subscribeDevice(shop.pro);
    const other = await createTestApp({ database: ctx.database, env });
    try {
      await book();
      await Promise.all([ctx.app.jobs.runDue(PUSH_QUEUE), other.app.jobs.runDue(PUSH_QUEUE)]);
      await Promise.all([ctx.app.jobs.runDue(PUSH_QUEUE), other.app.jobs.runDue(PUSH_QUEUE)]);
    } finally {
      await other.close();
    }
    expect(await messagesOf(device.clientHash)).toHaveLength(1);
  });

  it('a retry after a push service failure skips the devices already reached', async () => {
    const reached = await subscribeDevice(shop.pro);
    await subscribeDevice(shop.pro, flakyOrigin);
    flakyAnswers = [503];
    await book();
    expect(await ctx.app.jobs.runDue(PUSH_QUEUE)).toMatchObject({ failed: 1 });
    expect(await messagesOf(reached.clientHash)).toHaveLength(1);
    await makeJobsDue(ctx.database.db, PUSH_QUEUE);
    expect(await ctx.app.jobs.runDue(PUSH_QUEUE)).toMatchObject({ completed: 1, failed: 0 });
    expect(await messagesOf(reached.clientHash)).toHaveLength(1);
  });

  it('removes a device the push service no longer knows (410)', async () => {
    const gone = await subscribeDevice(shop.pro);
    await push.expire(gone.clientHash);
    await book();
    await ctx.app.jobs.runDue(PUSH_QUEUE);
    const { devices } = (await shop.pro.request({ method: 'GET', url: '/api/push' })).json();
    expect(devices.map((d: { id: string }) => d.id)).not.toContain(gone.id);
  });

  it("tells the client's confirmation and cancellation on the manage link", async () => {
    const device = await subscribeDevice(shop.pro);
    const booked = await book('Carla Lima');
    await ctx.app.jobs.runDue(PUSH_QUEUE);
    const token = booked.manageUrl.split('/agendamento/')[1]!;
    const manage = (action: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/public/manage/${token}/${action}`,
        remoteAddress: nextIp(),
      });
    expect((await manage('confirm')).statusCode).toBe(200);
    await ctx.app.jobs.runDue(PUSH_QUEUE);
    expect((await manage('cancel')).statusCode).toBe(200);
    await ctx.app.jobs.runDue(PUSH_QUEUE);
    const titles = (await messagesOf(device.clientHash)).map((m) => m.title);
    expect(titles).toEqual([
      'Novo agendamento',
      'Cliente confirmou presença',
      'Agendamento cancelado',
    ]);
  });

  it('sends a test to one device, and another account cannot touch that device', async () => {
    const device = await subscribeDevice(shop.pro);
    const sibling = await subscribeDevice(shop.pro);
    const test = await shop.pro.request({
      method: 'POST',
      url: `/api/push/devices/${device.id}/test`,
    });
    expect(test.statusCode, test.body).toBe(202);
    await ctx.app.jobs.runDue(PUSH_QUEUE);
    expect((await messagesOf(device.clientHash)).map((m) => m.title)).toEqual([
      'Notificação de teste',
    ]);
    expect(await messagesOf(sibling.clientHash)).toEqual([]);

    const stranger = (await createBookableProfessional(ctx)).pro;
    for (const id of [device.id, 'nao-e-um-id']) {
      for (const [method, url, payload] of [
        ['PATCH', `/api/push/devices/${id}`, { disabledKinds: [] }],
        ['POST', `/api/push/devices/${id}/test`, undefined],
        ['DELETE', `/api/push/devices/${id}`, undefined],
      ] as const) {
        const res = await stranger.request({ method, url, payload });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json().message).toBe('Aparelho não encontrado');
      }
    }
    const { devices } = (await stranger.request({ method: 'GET', url: '/api/push' })).json();
    expect(devices).toEqual([]);
    expect((await shop.pro.request({ method: 'GET', url: '/api/push' })).json().devices).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: device.id })]),
    );
  });
});
