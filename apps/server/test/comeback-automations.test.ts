import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers/app';
import { createBookableProfessional, type BookableProfessional } from './helpers/booking';
import { addAppointment, addClient, enableAutomations, messagesTo, tick } from './helpers/comeback';

/**
 * The automations' settings, "Avaliação", "Clientes sumidas", the client's story and what
 * erasure and export do with her messages (issue 50); another account is refused everywhere.
 */
let ctx: TestContext;
let shop: BookableProfessional;
let intruder: BookableProfessional;
const SATURDAY_0900 = '2026-11-21T12:00:00.000Z';

beforeAll(async () => {
  ctx = await createTestApp({ now: SATURDAY_0900 });
  shop = await createBookableProfessional(ctx, { businessName: 'Estúdio Retorno' });
  intruder = await createBookableProfessional(ctx, { businessName: 'Outro Estúdio' });
});
afterAll(async () => {
  await ctx.close();
});

describe('settings', () => {
  it('start with the pt-BR defaults, off', async () => {
    const res = await intruder.pro.request({ method: 'GET', url: '/api/comeback/settings' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ returnEnabled: false, reviewEnabled: false });
    expect(res.json().returnText).toContain('{link}');
  });

  it('refuse another account’s service, a review without address and blank texts in pt-BR', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [
        { returnIntervals: [{ serviceId: intruder.services[0]!.id, days: 21 }] },
        'Serviço não encontrado',
      ],
      [{ returnIntervals: [{ serviceId: randomUUID(), days: 0 }] }, 'pelo menos 1 dia'],
      [{ reviewEnabled: true, reviewUrl: null }, 'endereço de avaliação'],
      [{ reviewUrl: 'http://inseguro.example' }, 'https://'],
      [{ returnText: ' \u200b ' }, 'Escreva o texto da mensagem'],
      [{ birthdayHour: 22 }, 'entre 9h e 19h'],
    ];
    for (const [overrides, message] of cases) {
      const res = await shop.pro.request({
        method: 'PUT',
        url: '/api/comeback/settings',
        payload: {
          returnEnabled: true,
          returnText: 'Oi {nome} {link}',
          returnIntervals: [],
          reviewEnabled: false,
          reviewText: 'Avalie {link}',
          reviewUrl: null,
          missingText: 'Volte {link}',
          birthdayEnabled: false,
          birthdayText: 'Parabéns {link}',
          birthdayHour: 10,
          ...overrides,
        },
      });
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });
});

describe('avaliação', () => {
  it('asks once per booking, two hours after the end, with the review address', async () => {
    ctx.clock.set(SATURDAY_0900);
    await enableAutomations(shop, {
      returnEnabled: false,
      reviewEnabled: true,
      reviewUrl: 'https://g.page/r/estudio-retorno/review',
    });
    const client = await addClient(shop, 'Dora');
    await addAppointment(shop, client.id, {
      date: '2026-11-21',
      time: '09:00',
      status: 'completed',
    });
    // Ended 10:00; 11:30 is before the two hours.
    ctx.clock.set('2026-11-21T14:30:00.000Z');
    await tick(ctx);
    expect(await messagesTo(ctx, client.email, 'como foi')).toHaveLength(0);
    ctx.clock.set('2026-11-21T15:10:00.000Z');
    await tick(ctx);
    await tick(ctx);
    const mails = await messagesTo(ctx, client.email, 'como foi');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('https://g.page/r/estudio-retorno/review');
    expect(mails[0]!.html).toContain('href="https://g.page/r/estudio-retorno/review"');
  });
});

describe('aniversário', () => {
  it('greets once on the birthday, from the chosen hour, and the date is hers to erase', async () => {
    await enableAutomations(shop, {
      returnEnabled: false,
      reviewEnabled: false,
      birthdayEnabled: true,
      birthdayHour: 11,
    });
    const client = await addClient(shop, 'Iris');
    const set = await shop.pro.request({
      method: 'PUT',
      url: `/api/comeback/clients/${client.id}/birthday`,
      payload: { birthday: '28/11/1991' },
    });
    expect(set.statusCode).toBe(204);
    for (const [birthday, message] of [
      ['30/02/1991', 'Essa data não existe'],
      ['29/02/1991', 'Essa data não existe'],
      ['31/04', 'Essa data não existe'],
      ['1991-11-28', 'Use o formato dd/mm ou dd/mm/aaaa'],
      ['28/11/91', 'Use o formato dd/mm ou dd/mm/aaaa'],
    ]) {
      const bad = await shop.pro.request({
        method: 'PUT',
        url: `/api/comeback/clients/${client.id}/birthday`,
        payload: { birthday },
      });
      expect(bad.statusCode, birthday).toBe(400);
      expect(bad.json().message, birthday).toBe(message);
    }
    // 28/11 at 10:30 in São Paulo: before the chosen 11h.
    ctx.clock.set('2026-11-28T13:30:00.000Z');
    await tick(ctx);
    expect(await messagesTo(ctx, client.email, 'aniversário')).toHaveLength(0);
    ctx.clock.set('2026-11-28T14:05:00.000Z');
    await tick(ctx);
    ctx.clock.set('2026-11-28T18:00:00.000Z');
    await tick(ctx);
    const mails = await messagesTo(ctx, client.email, 'aniversário');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Parabéns, Iris!');
    const story = await shop.pro.request({
      method: 'GET',
      url: `/api/comeback/clients/${client.id}/story`,
    });
    expect(story.json().birthday).toBe('28/11/1991');
    await enableAutomations(shop, { returnEnabled: false, reviewEnabled: false });
  });

  it('takes a birthday without the year, 29/02 included, and greets on the day', async () => {
    await enableAutomations(shop, {
      returnEnabled: false,
      reviewEnabled: false,
      birthdayEnabled: true,
      birthdayHour: 9,
    });
    const client = await addClient(shop, 'Lia');
    const leap = await addClient(shop, 'Bissexta');
    for (const [id, birthday] of [
      [client.id, '30/11'],
      [leap.id, '29/02'],
    ] as const) {
      const res = await shop.pro.request({
        method: 'PUT',
        url: `/api/comeback/clients/${id}/birthday`,
        payload: { birthday },
      });
      expect(res.statusCode, res.body).toBe(204);
    }
    const story = await shop.pro.request({
      method: 'GET',
      url: `/api/comeback/clients/${client.id}/story`,
    });
    expect(story.json().birthday).toBe('30/11');
    ctx.clock.set('2026-11-30T13:00:00.000Z');
    await tick(ctx);
    await tick(ctx);
    expect(await messagesTo(ctx, client.email, 'aniversário')).toHaveLength(1);
    // 2027 is no leap year: 29/02 is greeted on the 28th.
    ctx.clock.set('2027-02-28T13:00:00.000Z');
    await tick(ctx);
    expect(await messagesTo(ctx, leap.email, 'aniversário')).toHaveLength(1);
    const cleared = await shop.pro.request({
      method: 'PUT',
      url: `/api/comeback/clients/${client.id}/birthday`,
      payload: { birthday: '' },
    });
    expect(cleared.statusCode).toBe(204);
    const after = await shop.pro.request({
      method: 'GET',
      url: `/api/comeback/clients/${client.id}/story`,
    });
    expect(after.json().birthday).toBeNull();
    ctx.clock.set(SATURDAY_0900);
    await enableAutomations(shop, { returnEnabled: false, reviewEnabled: false });
  });
});

describe('clientes sumidas', () => {
  it('lists those not seen for 60 days, and the one-tap message goes once a day', async () => {
    ctx.clock.set(SATURDAY_0900);
    const gone = await addClient(shop, 'Elis');
    const recent = await addClient(shop, 'Fabi');
    await addAppointment(shop, gone.id, { date: '2026-08-03', time: '10:00', status: 'completed' });
    await addAppointment(shop, recent.id, {
      date: '2026-11-03',
      time: '10:00',
      status: 'completed',
    });

    const list = await shop.pro.request({ method: 'GET', url: '/api/comeback/missing?days=60' });
    expect(list.statusCode).toBe(200);
    const ids = list.json().map((client: { id: string }) => client.id);
    expect(ids).toContain(gone.id);
    expect(ids).not.toContain(recent.id);
    const bad = await shop.pro.request({ method: 'GET', url: '/api/comeback/missing?days=61' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Escolha 60, 90 ou 180 dias');

    const url = `/api/comeback/missing/${gone.id}/message`;
    expect((await shop.pro.request({ method: 'POST', url, payload: {} })).statusCode).toBe(204);
    const again = await shop.pro.request({ method: 'POST', url, payload: {} });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Esta cliente já recebeu uma mensagem hoje.');
    const mails = await messagesTo(ctx, gone.email, 'sentimos sua falta');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Sentimos sua falta, Elis!');
  });
});

describe('another account', () => {
  it('is refused the story, the choice and the message of someone else’s client', async () => {
    const client = await addClient(shop, 'Gabi');
    const attempts = [
      { method: 'GET' as const, url: `/api/comeback/clients/${client.id}/story` },
      {
        method: 'PUT' as const,
        url: `/api/comeback/clients/${client.id}/marketing`,
        payload: { allowed: false },
      },
      { method: 'POST' as const, url: `/api/comeback/missing/${client.id}/message`, payload: {} },
    ];
    for (const attempt of attempts) {
      const res = await intruder.pro.request(attempt);
      expect(res.statusCode, attempt.url).toBe(404);
    }
    const story = await shop.pro.request({
      method: 'GET',
      url: `/api/comeback/clients/${client.id}/story`,
    });
    expect(story.json()).toEqual({ isOptedOut: false, birthday: null, items: [] });
  });
});

describe('LGPD', () => {
  it('exports her messages and choices, and erasure removes them', async () => {
    ctx.clock.set(SATURDAY_0900);
    const client = await addClient(shop, 'Helena');
    await addAppointment(shop, client.id, {
      date: '2026-08-04',
      time: '10:00',
      status: 'completed',
    });
    await shop.pro.request({
      method: 'POST',
      url: `/api/comeback/missing/${client.id}/message`,
      payload: {},
    });
    await shop.pro.request({
      method: 'PUT',
      url: `/api/comeback/clients/${client.id}/marketing`,
      payload: { allowed: false },
    });
    const exported = await shop.pro.request({
      method: 'GET',
      url: `/api/clients/${client.id}/export?format=json`,
    });
    expect(exported.statusCode).toBe(200);
    expect(JSON.parse(exported.body)).toMatchObject({
      mensagens: [{ tipo: 'missing', canal: 'email' }],
      consentimentos: [{ finalidade: 'marketing', aceito: false, como: 'professional' }],
    });

    const erase = await shop.pro.request({
      method: 'POST',
      url: `/api/clients/${client.id}/erase`,
      payload: { confirmName: 'Helena' },
    });
    expect(erase.statusCode, erase.body).toBe(200);
    const story = await shop.pro.request({
      method: 'GET',
      url: `/api/comeback/clients/${client.id}/story`,
    });
    expect(story.json().items.map((item: { kind: string }) => item.kind)).toEqual(['appointment']);
    expect(await messagesTo(ctx, client.email, '')).toHaveLength(0);
  });
});
