import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingRequests } from '../src/db/schema';
import { createTestApp, type TestContext } from './helpers/app';
import {
  appointmentsOf,
  bookingBody,
  clientsOf,
  createBookableProfessional,
  MONDAY,
  postBooking,
  TUESDAY,
  type BookableProfessional,
} from './helpers/booking';

let ctx: TestContext;
let shop: BookableProfessional;

beforeAll(async () => {
  ctx = await createTestApp();
  shop = await createBookableProfessional(ctx);
});
afterAll(async () => {
  await ctx.close();
});

const corte = () => shop.services[0]!.id;
const barba = () => shop.services[1]!.id;

describe('a booking of several services', () => {
  it('books consecutive appointments in the order sent, with each service’s price', async () => {
    const body = bookingBody(shop, {
      serviceIds: [corte(), barba()],
      date: MONDAY,
      time: '09:00',
      notes: 'Primeira vez',
    });
    const res = await postBooking(ctx, body);
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json();
    expect(answer).toEqual({
      bookingId: expect.any(String),
      manageUrl: expect.stringMatching(/\/agendamento\/[\w-]{43}$/),
      date: MONDAY,
      time: '09:00',
      appointments: [
        {
          id: expect.any(String),
          serviceName: 'Corte',
          startTime: '09:00',
          endTime: '10:00',
          priceCents: 5000,
        },
        {
          id: expect.any(String),
          serviceName: 'Barba',
          startTime: '10:00',
          endTime: '10:30',
          priceCents: 3550,
        },
      ],
      totalPriceCents: 8550,
    });
    const rows = await appointmentsOf(ctx, shop.profileId, MONDAY);
    expect(
      rows.map((r) => [r.serviceId, r.startTime, r.endTime, r.totalPrice, r.status, r.notes]),
    ).toEqual([
      [corte(), '09:00:00', '10:00:00', '50.00', 'scheduled', 'Primeira vez'],
      [barba(), '10:00:00', '10:30:00', '35.50', 'scheduled', 'Primeira vez'],
    ]);
    expect(new Set(rows.map((r) => r.clientId)).size).toBe(1);
    expect(rows.map((r) => r.id)).toEqual(answer.appointments.map((a: { id: string }) => a.id));
  });

  it('books the order sent, even when it is not the order of the list', async () => {
    const res = await postBooking(
      ctx,
      bookingBody(shop, { serviceIds: [barba(), corte()], date: TUESDAY, time: '13:30' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(
      res
        .json()
        .appointments.map((a: { serviceName: string; startTime: string }) => [
          a.serviceName,
          a.startTime,
        ]),
    ).toEqual([
      ['Barba', '13:30'],
      ['Corte', '14:00'],
    ]);
  });
});

describe('the client', () => {
  it('is matched by e-mail in any letter case, and an empty phone is filled in', async () => {
    const created = await shop.pro.request({
      method: 'POST',
      url: '/api/clients',
      payload: { name: 'Bia Souza', email: 'Bia.Souza@Exemplo.com.br' },
    });
    expect(created.statusCode).toBe(201);
    const before = (await clientsOf(ctx, shop.profileId)).length;
    const first = await postBooking(
      ctx,
      bookingBody(shop, {
        time: '14:00',
        date: '2026-11-25',
        clientName: 'Beatriz',
        clientEmail: 'bia.souza@EXEMPLO.com.br',
        clientPhone: '(11) 98888-7777',
      }),
    );
    expect(first.statusCode, first.body).toBe(201);
    const second = await postBooking(
      ctx,
      bookingBody(shop, {
        time: '16:00',
        date: '2026-11-25',
        clientEmail: 'BIA.SOUZA@exemplo.com.br',
        clientPhone: '(21) 90000-0000',
      }),
    );
    expect(second.statusCode, second.body).toBe(201);

    const after = await clientsOf(ctx, shop.profileId);
    expect(after).toHaveLength(before);
    const bia = after.find((c) => c.id === created.json().id)!;
    // The name the professional keeps stays; the first phone fills the gap, the second does not replace it.
    expect(bia).toMatchObject({
      name: 'Bia Souza',
      email: 'Bia.Souza@Exemplo.com.br',
      phone: '+5511988887777',
    });
    const rows = await appointmentsOf(ctx, shop.profileId, '2026-11-25');
    expect(rows.every((r) => r.clientId === bia.id)).toBe(true);
  });

  it('is created when the e-mail is new to this professional', async () => {
    const email = `nova-${randomUUID().slice(0, 6)}@exemplo.com.br`;
    const res = await postBooking(
      ctx,
      bookingBody(shop, {
        time: '15:00',
        date: '2026-11-26',
        clientName: ' Nova Cliente ',
        clientEmail: email,
        clientPhone: '11 3333-4444',
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const client = (await clientsOf(ctx, shop.profileId)).find((c) => c.email === email);
    // The phone is stored in E.164 (issue 47, apps/server/src/lib/phone.ts).
    expect(client).toMatchObject({ name: 'Nova Cliente', phone: '+551133334444', notes: null });
  });
});

describe('idempotency', () => {
  const keysOf = (body: Record<string, unknown>) =>
    ctx.database.db
      .select()
      .from(bookingRequests)
      .where(eq(bookingRequests.idempotencyKey, String(body.idempotencyKey)));

  it('answers a repeated key and request with the first answer and books nothing new', async () => {
    const body = bookingBody(shop, {
      serviceIds: [corte(), barba()],
      date: '2026-11-27',
      time: '09:30',
    });
    const first = await postBooking(ctx, body);
    expect(first.statusCode, first.body).toBe(201);
    // Sent again as the page does after a lost answer: same key, same request.
    const again = await postBooking(ctx, { ...body });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await appointmentsOf(ctx, shop.profileId, '2026-11-27')).toHaveLength(2);
    expect(await keysOf(body)).toHaveLength(1);
  });

  it.each<[string, string, Record<string, string>]>([
    // Each case books its own weekday, so the first requests never collide.
    ['another time', '2026-12-01', { time: '15:00' }],
    ['another date', '2026-12-02', { date: '2026-11-30' }],
    ['the services in another order', '2026-12-03', { serviceIds: 'swapped' }],
    ['fewer services', '2026-12-04', { serviceIds: 'first' }],
    ['another client name', '2026-12-07', { clientName: 'Outra Pessoa' }],
    ['another e-mail', '2026-12-08', { clientEmail: 'outra.pessoa@exemplo.com.br' }],
    ['another phone', '2026-12-09', { clientPhone: '(11) 91111-2222' }],
    ['other notes', '2026-12-10', { notes: 'Chego atrasada' }],
  ])('refuses the key sent again with %s: 422, nothing booked', async (_, date, change) => {
    const body = bookingBody(shop, { serviceIds: [corte(), barba()], date, time: '13:00' });
    const first = await postBooking(ctx, body);
    expect(first.statusCode, first.body).toBe(201);
    const before = {
      appointments: await appointmentsOf(ctx, shop.profileId),
      clients: await clientsOf(ctx, shop.profileId),
    };
    const serviceIds =
      change.serviceIds === 'swapped'
        ? [barba(), corte()]
        : change.serviceIds === 'first'
          ? [corte()]
          : body.serviceIds;

    const reused = await postBooking(ctx, { ...body, ...change, serviceIds });
    expect(reused.statusCode, reused.body).toBe(422);
    expect(reused.json()).toEqual({
      statusCode: 422,
      code: 'IDEMPOTENCY_KEY_REUSED',
      message:
        'Esta chave de idempotência já foi usada com outro pedido. Recarregue a página e tente novamente.',
    });
    expect(await appointmentsOf(ctx, shop.profileId)).toEqual(before.appointments);
    expect(await clientsOf(ctx, shop.profileId)).toEqual(before.clients);
    expect(await keysOf(body)).toHaveLength(1);
    // The first request still gets its own answer.
    expect((await postBooking(ctx, body)).json()).toEqual(first.json());
  });

  it('answers the same request alike when the e-mail and text are typed the same after trimming', async () => {
    const body = bookingBody(shop, { date: '2026-11-27', time: '16:00', clientName: 'Ana Lima' });
    const first = await postBooking(ctx, body);
    expect(first.statusCode, first.body).toBe(201);
    const again = await postBooking(ctx, { ...body, clientName: '  Ana Lima ' });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
  });

  it('writes no client for a retry, even when the first one no longer matches it', async () => {
    const email = 'reenvio@exemplo.com.br';
    const body = bookingBody(shop, { date: '2026-11-27', time: '17:00', clientEmail: email });
    const first = await postBooking(ctx, body);
    expect(first.statusCode, first.body).toBe(201);
    const [client] = (await clientsOf(ctx, shop.profileId)).filter((c) => c.email === email);
    // The professional corrects the client's e-mail before the page's retry arrives.
    const edited = await shop.pro.request({
      method: 'PATCH',
      url: `/api/clients/${client!.id}`,
      payload: { email: 'corrigido@exemplo.com.br' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const before = await clientsOf(ctx, shop.profileId);
    const again = await postBooking(ctx, { ...body });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await clientsOf(ctx, shop.profileId)).toEqual(before);
  });

  it('frees the key of a refused booking, so a retry with it can still book', async () => {
    const body = bookingBody(shop, { date: MONDAY, time: '09:00' });
    expect((await postBooking(ctx, body)).json().code).toBe('SLOT_TAKEN');
    const retry = await postBooking(ctx, { ...body, time: '16:00' });
    expect(retry.statusCode, retry.body).toBe(201);
  });
});

describe("one shape of booking, two professionals' bookings", () => {
  // The same shape of booking with two professionals, one after the other, writes each one's own
  // values (nothing of one booking may be kept for the next).
  it("writes each booking's appointments, client and answer under its own professional", async () => {
    const other = await createBookableProfessional(ctx, { businessName: 'Salão Outro' });
    const date = '2026-11-30';
    const mine = bookingBody(shop, { date, time: '11:00', notes: 'Primeira' });
    const theirs = bookingBody(other, { date, time: '14:00', notes: 'Segunda' });
    for (const body of [mine, theirs]) {
      const res = await postBooking(ctx, body);
      expect(res.statusCode, res.body).toBe(201);
    }
    for (const [professional, body, time] of [
      [shop, mine, '11:00:00'],
      [other, theirs, '14:00:00'],
    ] as const) {
      const rows = await appointmentsOf(ctx, professional.profileId, date);
      const clients = await clientsOf(ctx, professional.profileId);
      const client = clients.find((c) => c.email === body.clientEmail);
      expect(rows.map((r) => [r.serviceId, r.startTime, r.notes, r.clientId])).toEqual([
        [professional.services[0]!.id, time, body.notes, client?.id],
      ]);
      // Its answer was stored on its own key: a retry answers it again.
      const again = await postBooking(ctx, { ...body });
      expect(again.statusCode, again.body).toBe(201);
      expect(again.json().appointments[0].startTime).toBe(time.slice(0, 5));
    }
  });
});
