import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { waitlistEntries } from '../src/db/schema';
import { createTestApp, type TestContext } from './helpers/app';
import {
  bookingBody,
  createBookableProfessional,
  MONDAY,
  postBooking,
  TUESDAY,
  slotsOf,
  type BookableProfessional,
} from './helpers/booking';
import { entryRequest, joinToken, offersOf, postJoin, waitlistBody } from './helpers/waitlist';
import { runAskedLooks } from './helpers/waitlist-scan';

let ctx: TestContext;
let shop: BookableProfessional;

beforeEach(async () => {
  ctx = await createTestApp();
  shop = await createBookableProfessional(ctx);
  // Monday's morning and afternoon full, so no look offers anything by itself.
  for (const time of ['09:00', '10:00', '11:00', '13:00', '14:00', '15:00', '16:00', '17:00']) {
    expect((await postBooking(ctx, bookingBody(shop, { time }))).statusCode).toBe(201);
  }
});
afterEach(async () => {
  await ctx.close();
});

const day = (date = MONDAY) =>
  shop.pro.request({ method: 'GET', url: `/api/waitlist?date=${date}` });

describe('lista de espera: the professional', () => {
  it('lists the day in line order, offers a free time by hand, removes someone', async () => {
    await joinToken(ctx, shop, {
      clientName: 'Primeira',
      clientPhone: '11987654321',
      dates: [MONDAY, TUESDAY],
    });
    const second = await joinToken(ctx, shop, { clientName: 'Segunda' });
    const list = (await day()).json();
    expect(
      list.entries.map((e: { clientName: string; position: number }) => [e.clientName, e.position]),
    ).toEqual([
      ['Primeira', 1],
      ['Segunda', 2],
    ]);
    expect((await day('2026-11-25')).json().entries).toEqual([]);

    const [first] = list.entries;
    const taken = await shop.pro.request({
      method: 'POST',
      url: `/api/waitlist/${first.id}/offer`,
      payload: { date: MONDAY, time: '09:00' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(
      'Este horário não está livre para estes serviços. Escolha outro horário.',
    );
    const evening = await shop.pro.request({
      method: 'POST',
      url: `/api/waitlist/${first.id}/offer`,
      payload: { date: TUESDAY, time: '09:00' },
    });
    expect(evening.statusCode).toBe(204);
    const offered = (await day()).json().entries[0];
    expect(offered.offer).toMatchObject({ date: '2026-11-24', time: '09:00' });
    expect(offered.whatsappUrl).toMatch(/^https:\/\/wa\.me\/5511987654321\?text=/);
    expect(decodeURIComponent(offered.whatsappUrl)).toContain('/lista-de-espera/');
    expect(await slotsOf(ctx, shop.customLink, '2026-11-24', [shop.services[0]!.id])).not.toContain(
      '09:00',
    );

    const removed = await shop.pro.request({ method: 'DELETE', url: `/api/waitlist/${first.id}` });
    expect(removed.statusCode).toBe(204);
    await runAskedLooks(ctx);
    expect((await offersOf(ctx, shop.profileId)).map((o) => o.status)).toEqual(['withdrawn']);
    expect(await slotsOf(ctx, shop.customLink, '2026-11-24', [shop.services[0]!.id])).toContain(
      '09:00',
    );
    expect((await entryRequest(ctx, second)).json().status).toBe('waiting');
  });

  it('offers by hand only a day and time the person asked for', async () => {
    await joinToken(ctx, shop, { clientName: 'Só Segunda', dates: [MONDAY], periods: ['manha'] });
    await joinToken(ctx, shop, {
      clientName: 'Intervalo',
      dates: [TUESDAY],
      periods: [],
      rangeStart: '10:00',
      rangeEnd: '12:00',
    });
    const [monday] = (await day()).json().entries;
    const [ranged] = (await day(TUESDAY)).json().entries;
    const offer = (id: string, date: string, time: string) =>
      shop.pro.request({
        method: 'POST',
        url: `/api/waitlist/${id}/offer`,
        payload: { date, time },
      });
    // Tuesday 09:00 and 14:00 are free, but neither is what these two asked for.
    for (const [id, date, time] of [
      [monday.id, TUESDAY, '09:00'],
      [ranged.id, TUESDAY, '09:00'],
      [ranged.id, TUESDAY, '14:00'],
    ] as const) {
      const res = await offer(id, date, time);
      expect(res.statusCode, `${date} ${time}`).toBe(409);
      expect(res.json().message).toBe(
        'Esta pessoa não pediu este dia ou horário. Ofereça um dos dias e períodos que ela escolheu.',
      );
    }
    expect(await offersOf(ctx, shop.profileId)).toEqual([]);
    expect((await offer(ranged.id, TUESDAY, '10:00')).statusCode).toBe(204);
    expect((await offersOf(ctx, shop.profileId)).map((o) => o.startTime)).toEqual(['10:00:00']);
  });

  it("refuses another professional's entries", async () => {
    await joinToken(ctx, shop);
    const [entry] = (await day()).json().entries;
    const other = await createBookableProfessional(ctx, { businessName: 'Outro Salão' });
    const offer = await other.pro.request({
      method: 'POST',
      url: `/api/waitlist/${entry.id}/offer`,
      payload: { date: '2026-11-24', time: '09:00' },
    });
    expect(offer.statusCode).toBe(404);
    const removed = await other.pro.request({ method: 'DELETE', url: `/api/waitlist/${entry.id}` });
    expect(removed.statusCode).toBe(404);
    const list = await other.pro.request({ method: 'GET', url: `/api/waitlist?date=${MONDAY}` });
    expect(list.json().entries).toEqual([]);
    expect((await day()).json().entries[0].status).toBe('waiting');
  });

  it('answers bad settings and joins in pt-BR with 400', async () => {
    const hold = await shop.pro.request({
      method: 'PUT',
      url: '/api/waitlist/settings',
      payload: { enabled: true, holdMinutes: 1 },
    });
    expect(hold.statusCode).toBe(400);
    expect(hold.json().message).toBe('Entre 5 e 120 minutos');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ periods: [] }, 'Escolha um período ou um intervalo de horário'],
      [
        { periods: [], rangeStart: '15:00', rangeEnd: '14:00' },
        'O fim do intervalo deve ser depois do início',
      ],
      [{ dates: [] }, 'Escolha pelo menos um dia'],
      [{ dates: ['2026-11-20'] }, 'Escolha dias a partir de hoje, dentro da agenda aberta.'],
      // Past the booking horizon (60 days from 21/11/2026).
      [{ dates: ['2027-06-01'] }, 'Escolha dias a partir de hoje, dentro da agenda aberta.'],
      [{ clientName: 'Ana www.evil.com' }, 'O nome não pode conter links ou endereços de sites'],
    ];
    for (const [override, message] of cases) {
      const res = await postJoin(ctx, waitlistBody(shop, override));
      expect(res.statusCode, JSON.stringify(override)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const noPow = await postJoin(ctx, { ...waitlistBody(shop), pow: undefined });
    expect(noPow.statusCode).toBe(400);
  });

  it('caps the waiting entries of one visitor and refuses the same contact twice', async () => {
    const body = waitlistBody(shop);
    expect((await postJoin(ctx, body)).statusCode).toBe(201);
    const twice = await postJoin(ctx, { ...waitlistBody(shop), clientEmail: body.clientEmail });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Você já está na lista de espera para estes dias.');
    // A phone is kept in E.164, as clients' are (issue 47).
    const withPhone = { ...waitlistBody(shop), clientPhone: '(11) 98765-1111' };
    expect((await postJoin(ctx, withPhone)).statusCode).toBe(201);
    const stored = (await day()).json().entries.map((e: { clientPhone: string }) => e.clientPhone);
    expect(stored).toContain('+5511987651111');
    const ip = '10.9.8.7';
    for (let i = 0; i < 3; i += 1)
      expect((await postJoin(ctx, waitlistBody(shop), ip)).statusCode).toBe(201);
    expect((await postJoin(ctx, waitlistBody(shop), ip)).statusCode).toBe(429);
  });

  it('closes the line at 200 people waiting, whoever asks', async () => {
    await ctx.database.db.insert(waitlistEntries).values(
      Array.from({ length: 200 }, (_, i) => ({
        professionalId: shop.profileId,
        serviceIds: [shop.services[0]!.id],
        dates: [MONDAY],
        lastDate: MONDAY,
        periods: ['manha'],
        clientName: `Pessoa ${i}`,
        clientEmail: `pessoa-${i}@exemplo.com.br`,
        tokenHash: `token-${i}`,
        requestKey: `request-${i}`,
        visitorHash: `visitor-${i}`,
      })),
    );
    const full = await postJoin(ctx, waitlistBody(shop));
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(
      'A lista de espera deste profissional está cheia para estes dias. Tente outro dia.',
    );
    await ctx.database.db
      .update(waitlistEntries)
      .set({ status: 'left' })
      .where(eq(waitlistEntries.clientName, 'Pessoa 0'));
    expect((await postJoin(ctx, waitlistBody(shop))).statusCode).toBe(201);
  });
});

describe('lista de espera: LGPD', () => {
  it("erasing a client's data removes their places on the waiting list", async () => {
    const email = 'apagar@exemplo.com.br';
    const token = await joinToken(ctx, shop, { clientEmail: email, clientName: 'Apagar Espera' });
    const other = await joinToken(ctx, shop);
    const client = await shop.pro.request({
      method: 'POST',
      url: '/api/clients',
      payload: { name: 'Apagar Espera', email },
    });
    expect(client.statusCode).toBe(201);
    const erased = await shop.pro.request({
      method: 'POST',
      url: `/api/clients/${client.json().id}/erase`,
      payload: { confirmName: 'Apagar Espera' },
    });
    expect(erased.statusCode).toBe(200);
    expect((await entryRequest(ctx, token)).statusCode).toBe(404);
    expect((await entryRequest(ctx, other)).statusCode).toBe(200);
  });
});
