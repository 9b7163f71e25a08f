import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { parsePix, hasError } from 'pix-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobIdFor } from '../src/db/queue';
import { DEPOSIT_QUEUE } from '../src/db/queues';
import { deposits } from '../src/db/schema';
import { depositJobKey, expireDeposit } from '../src/features/deposits/service';
import { createTestApp, type TestContext } from './helpers/app';
import { nextIp } from './helpers/auth';
import {
  appointmentsOf,
  bookingBody,
  createBookableProfessional,
  MONDAY,
  outboxTo,
  postBooking,
  slotsOf,
  TUESDAY,
  type BookableProfessional,
} from './helpers/booking';
import { findJob, makeJobsDue } from './helpers/jobs';

/**
 * Pix sinal (docs/decisions/017-pix-sinal.md) on the real database: the settings' validation,
 * a booking holding its time as "Aguardando sinal", "Sinal recebido", the deadline's job
 * cancelling it once, and the two racing.
 */
let ctx: TestContext;
let shop: BookableProfessional;
let other: BookableProfessional;
const SATURDAY_0900 = '2026-11-21T12:00:00.000Z';

const SETTINGS = {
  pixKeyType: 'cpf',
  pixKey: '529.982.247-25',
  beneficiaryName: 'Salão da Conceição',
  beneficiaryCity: 'São Paulo',
  depositMode: 'percent',
  depositFixedCents: 0,
  depositPercent: 50,
  windowMinutes: 30,
};

beforeAll(async () => {
  ctx = await createTestApp({ now: SATURDAY_0900 });
  shop = await createBookableProfessional(ctx, { businessName: 'Salão Sinal' });
  other = await createBookableProfessional(ctx, { businessName: 'Outro Salão' });
  const saved = await shop.pro.request({
    method: 'PUT',
    url: '/api/settings/payments',
    payload: SETTINGS,
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => {
  await ctx.close();
});

async function book(time: string, date = MONDAY) {
  const email = `cli-${randomUUID().slice(0, 8)}@exemplo.com.br`;
  const res = await postBooking(ctx, bookingBody(shop, { clientEmail: email, date, time }));
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json();
  return { body, email, token: (body.manageUrl as string).split('/agendamento/')[1]! };
}

const depositOf = async (bookingId: string) =>
  (
    await ctx.database.db
      .select()
      .from(deposits)
      .where(and(eq(deposits.professionalId, shop.profileId), eq(deposits.bookingId, bookingId)))
  )[0];

const statusesOf = async (bookingId: string) =>
  (await appointmentsOf(ctx, shop.profileId))
    .filter((a) => a.bookingId === bookingId)
    .map((a) => a.status);

const confirm = (who: BookableProfessional, bookingId: string) =>
  who.pro.request({ method: 'POST', url: `/api/deposits/${bookingId}/confirm` });

async function runDueDeadlines() {
  await makeJobsDue(ctx.database.db, DEPOSIT_QUEUE);
  return ctx.app.jobs.runDue(DEPOSIT_QUEUE);
}

describe('Configurações > Pagamentos', () => {
  it('stores the key normalised and reads it back; another professional sees only theirs', async () => {
    const mine = await shop.pro.request({ method: 'GET', url: '/api/settings/payments' });
    expect(mine.json()).toMatchObject({ pixKey: '52998224725', depositPercent: 50 });
    const theirs = await other.pro.request({ method: 'GET', url: '/api/settings/payments' });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json()).toMatchObject({ pixKey: '', depositMode: 'off' });
  });

  it.each([
    [{ pixKey: '529.982.247-26' }, 'CPF inválido'],
    [{ pixKeyType: 'cnpj', pixKey: '11.222.333/0001-82' }, 'CNPJ inválido'],
    [{ depositPercent: 101 }, 'A porcentagem deve ser de 1 a 100'],
    [{ windowMinutes: 5 }, 'O prazo para pagar deve ser de 10 a 120 minutos'],
    [{ pixKeyType: 'phone', pixKey: '+55 11 3333-4444' }, 'Celular inválido'],
    [{ pixKeyType: 'random', pixKey: 'não-é-uuid' }, 'Chave aleatória inválida'],
    [{ beneficiaryCity: 'Cidade com nome longo demais' }, 'Cidade: no máximo 15 caracteres'],
  ])('refuses %j with a pt-BR 400', async (change, message) => {
    const res = await other.pro.request({
      method: 'PUT',
      url: '/api/settings/payments',
      payload: { ...SETTINGS, ...change },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it('accepts every key type, the alphanumeric CNPJ too', async () => {
    for (const [pixKeyType, pixKey, stored] of [
      ['cnpj', '11.222.333/0001-81', '11222333000181'],
      ['cnpj', '12.ABC.345/01DE-35', '12ABC34501DE35'],
      ['email', 'Pix@Exemplo.com.br', 'pix@exemplo.com.br'],
      ['phone', '(11) 98765-4321', '+5511987654321'],
      ['random', '123E4567-E89B-12D3-A456-426614174000', '123e4567-e89b-12d3-a456-426614174000'],
    ]) {
      const res = await other.pro.request({
        method: 'PUT',
        url: '/api/settings/payments',
        payload: { ...SETTINGS, pixKeyType, pixKey, depositMode: 'off' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().pixKey).toBe(stored);
    }
  });
});

describe('a booking with a sinal', () => {
  it('holds its time as "Aguardando sinal" and answers a valid BR Code with the amount', async () => {
    ctx.clock.set(SATURDAY_0900);
    const { body, email } = await book('09:00');
    // Corte, R$ 50,00: 50 % is R$ 25,00.
    expect(body.deposit).toMatchObject({ status: 'pending', amountCents: 2500 });
    expect(body.deposit.deadline).toBe('2026-11-21T12:30:00.000Z');
    expect(body.deposit.deadlineTime).toBe('09:30');
    expect(body.deposit.qrSvg).toMatch(/^<svg/);
    const parsed = parsePix(body.deposit.brCode);
    expect(hasError(parsed)).toBe(false);
    expect(parsed).toMatchObject({
      pixKey: '52998224725',
      merchantName: 'SALAO DA CONCEICAO',
      merchantCity: 'SAO PAULO',
      transactionAmount: 25,
    });
    expect((parsed as { txid: string }).txid).toMatch(/^AGK[0-9A-F]{22}$/);
    expect(await statusesOf(body.bookingId)).toEqual(['awaiting_deposit']);

    // Not offered to anyone else, and a second booking of it is refused.
    expect(await slotsOf(ctx, shop.customLink, MONDAY, [shop.services[0]!.id])).not.toContain(
      '09:00',
    );
    const again = await postBooking(ctx, bookingBody(shop, { time: '09:00' }));
    expect(again.statusCode).toBe(409);

    const [mail] = await outboxTo(ctx, email);
    expect(mail!.subject).toContain('Agendamento aguardando sinal');
    expect(mail!.text).toContain(body.deposit.brCode);
    expect(mail!.text).toContain('Pagar até: 21/11 às 09:30');

    const job = await findJob(
      ctx.database.db,
      DEPOSIT_QUEUE,
      jobIdFor(DEPOSIT_QUEUE, depositJobKey(shop.profileId, body.bookingId)),
    );
    expect(job?.startAfter.toISOString()).toBe('2026-11-21T12:30:00.000Z');
  });

  it('"Sinal recebido" confirms it once, e-mails the client; never for another professional', async () => {
    ctx.clock.set(SATURDAY_0900);
    const { body, email } = await book('10:00');
    expect((await confirm(other, body.bookingId)).statusCode).toBe(404);
    expect((await depositOf(body.bookingId))!.status).toBe('pending');

    const first = await confirm(shop, body.bookingId);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ status: 'received', changed: true });
    const second = await confirm(shop, body.bookingId);
    expect(second.json()).toEqual({ status: 'received', changed: false });
    expect(await statusesOf(body.bookingId)).toEqual(['confirmed']);
    const row = await depositOf(body.bookingId);
    expect(row).toMatchObject({ status: 'received', source: 'manual' });
    const received = (await outboxTo(ctx, email)).filter((m) => m.subject.startsWith('Sinal'));
    expect(received).toHaveLength(1);
    expect(received[0]!.text).toContain('R$ 25,00');

    // The deadline passes: nothing happens to a received sinal.
    ctx.clock.set('2026-11-21T13:00:00.000Z');
    await runDueDeadlines();
    expect(await statusesOf(body.bookingId)).toEqual(['confirmed']);

    const overview = await shop.pro.request({ method: 'GET', url: '/api/deposits' });
    expect(overview.json().receivedCount).toBeGreaterThanOrEqual(1);
    const theirs = await other.pro.request({ method: 'GET', url: '/api/deposits' });
    expect(theirs.json()).toMatchObject({ pending: [], receivedCount: 0 });
    const cards = await other.pro.request({
      method: 'GET',
      url: `/api/deposits/bookings?ids=${body.bookingId}`,
    });
    expect(cards.json()).toEqual([]);
  });

  it('unpaid at the deadline: cancelled once, the time freed, the client e-mailed', async () => {
    ctx.clock.set(SATURDAY_0900);
    const { body, email } = await book('11:00');
    const pending = await shop.pro.request({ method: 'GET', url: '/api/deposits' });
    expect(pending.json().pending.map((d: { bookingId: string }) => d.bookingId)).toContain(
      body.bookingId,
    );

    // Before the deadline the job changes nothing, even if run.
    expect(
      await expireDeposit(
        { db: ctx.database.db, clock: ctx.clock },
        { professionalId: shop.profileId, bookingId: body.bookingId },
      ),
    ).toBe(false);

    ctx.clock.set('2026-11-21T12:31:00.000Z');
    await runDueDeadlines();
    await runDueDeadlines();
    expect(
      await expireDeposit(
        { db: ctx.database.db, clock: ctx.clock },
        { professionalId: shop.profileId, bookingId: body.bookingId },
      ),
    ).toBe(false);
    expect(await statusesOf(body.bookingId)).toEqual(['cancelled']);
    expect((await depositOf(body.bookingId))!.status).toBe('expired');
    const cancelled = (await outboxTo(ctx, email)).filter((m) =>
      m.subject.startsWith('Agendamento cancelado'),
    );
    expect(cancelled).toHaveLength(1);
    expect(await slotsOf(ctx, shop.customLink, MONDAY, [shop.services[0]!.id])).toContain('11:00');

    const late = await confirm(shop, body.bookingId);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('O prazo deste sinal terminou e o agendamento foi cancelado.');
  });

  it('a confirmation racing the deadline: one outcome, never both', async () => {
    for (const time of ['14:00', '15:00', '16:00']) {
      ctx.clock.set(SATURDAY_0900);
      const { body, email } = await book(time);
      ctx.clock.set('2026-11-21T12:45:00.000Z');
      const [confirmed, expired] = await Promise.all([
        confirm(shop, body.bookingId),
        expireDeposit(
          { db: ctx.database.db, clock: ctx.clock },
          { professionalId: shop.profileId, bookingId: body.bookingId },
        ),
      ]);
      const row = await depositOf(body.bookingId);
      const mails = (await outboxTo(ctx, email)).map((m) => m.subject);
      if (expired) {
        expect(confirmed.statusCode).toBe(409);
        expect(row!.status).toBe('expired');
        expect(await statusesOf(body.bookingId)).toEqual(['cancelled']);
        expect(mails.filter((s) => s.startsWith('Sinal recebido'))).toHaveLength(0);
      } else {
        expect(confirmed.statusCode, confirmed.body).toBe(200);
        expect(row!.status).toBe('received');
        expect(await statusesOf(body.bookingId)).toEqual(['confirmed']);
        expect(mails.filter((s) => s.startsWith('Agendamento cancelado'))).toHaveLength(0);
      }
    }
  });

  it('cancelled by the client while pending: the sinal and its deadline go with it', async () => {
    ctx.clock.set(SATURDAY_0900);
    const { body, token } = await book('17:00');
    const cancel = await ctx.app.inject({
      method: 'POST',
      url: `/api/public/manage/${token}/cancel`,
      remoteAddress: nextIp(),
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await depositOf(body.bookingId))!.status).toBe('cancelled');
    const job = await findJob(
      ctx.database.db,
      DEPOSIT_QUEUE,
      jobIdFor(DEPOSIT_QUEUE, depositJobKey(shop.profileId, body.bookingId)),
    );
    expect(job?.state).toBe('cancelled');
    expect((await confirm(shop, body.bookingId)).statusCode).toBe(409);
  });

  it('rescheduled while pending: still awaiting the sinal at the new time, same deadline', async () => {
    ctx.clock.set(SATURDAY_0900);
    const { body, token } = await book('09:00', TUESDAY);
    const view = await ctx.app.inject({
      method: 'GET',
      url: `/api/public/manage/${token}`,
      remoteAddress: nextIp(),
    });
    expect(view.json()).toMatchObject({
      status: 'awaiting_deposit',
      deposit: { status: 'pending', amountCents: 2500 },
    });
    const moved = await ctx.app.inject({
      method: 'POST',
      url: `/api/public/manage/${token}/reschedule`,
      payload: { date: TUESDAY, time: '10:00', idempotencyKey: randomUUID() },
      remoteAddress: nextIp(),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().status).toBe('awaiting_deposit');
    expect(await statusesOf(body.bookingId)).toEqual(['awaiting_deposit']);
    expect((await depositOf(body.bookingId))!.deadline.toISOString()).toBe(
      '2026-11-21T12:30:00.000Z',
    );
  });
});
