import { CLOSING_ALREADY_CLOSED_MESSAGE, CLOSING_NOTHING_OWED_MESSAGE } from '@agendaki/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, payments } from '../src/db/schema';
import { createTestApp, type TestContext } from './helpers/app';
import { createMoneyShop, type MoneyShop, TODAY } from './helpers/money';

/**
 * "Concluir e receber" (docs/decisions/038-money-received.md) on the real database: totals in
 * cents computed by the server, what stays open, a later payment, reopening with a reason, the
 * recibo, Caixa do dia and its CSV, and Relatórios' received money.
 */
let ctx: TestContext;
let money: MoneyShop;
let shop: MoneyShop['shop'];
let clientId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  money = await createMoneyShop(ctx);
  ({ shop, clientId } = money);
});
afterAll(async () => {
  await ctx.close();
});

const newAppointment = (startTime: string) => money.newAppointment(startTime);
const closingBody = (overrides: Record<string, unknown> = {}) => money.closingBody(overrides);
const close = (appointmentId: string, payload: unknown) => money.close(appointmentId, payload);
const cash = async () => {
  const res = await shop.pro.request({ method: 'GET', url: `/api/cash?date=${TODAY}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('closing an appointment', () => {
  let appointmentId: string;
  let closingId: string;

  it('computes the totals in cents, keeps what stays open and completes the appointment', async () => {
    appointmentId = await newAppointment('10:00');
    const res = await close(appointmentId, closingBody());
    expect(res.statusCode, res.body).toBe(201);
    const closing = res.json();
    closingId = closing.id;
    // 85,50 - 10% (8,55) + 10,00 tip = 86,95; 70,00 paid; 16,95 open.
    expect(closing).toMatchObject({
      status: 'closed',
      closedOn: TODAY,
      subtotalCents: 8550,
      discountCents: 855,
      discountPercent: 10,
      tipCents: 1000,
      totalCents: 8695,
      paidCents: 7000,
      owedCents: 1695,
    });
    expect(closing.items.map((i: { serviceName: string }) => i.serviceName)).toEqual([
      'Corte',
      'Barba',
    ]);
    const appointment = await shop.pro.request({
      method: 'GET',
      url: `/api/appointments/${appointmentId}`,
    });
    expect(appointment.json().status).toBe('completed');
  });

  it('shows on the card, in the client’s balance and in Caixa do dia', async () => {
    const summary = await shop.pro.request({
      method: 'GET',
      url: `/api/closings/summary?ids=${appointmentId}`,
    });
    expect(summary.json()).toEqual([
      { appointmentId, closingId, totalCents: 8695, paidCents: 7000, owedCents: 1695 },
    ]);
    const money = await shop.pro.request({ method: 'GET', url: `/api/clients/${clientId}/money` });
    expect(money.json()).toMatchObject({ owedCents: 1695, owed: [{ closingId, owedCents: 1695 }] });
    const day = await cash();
    expect(day).toMatchObject({
      receivedCents: 7000,
      tipsCents: 1000,
      discountsCents: 855,
      owedCents: 1695,
      closings: 1,
    });
    expect(day.methods).toEqual([
      { method: 'pix', cents: 5000, count: 1 },
      { method: 'cash', cents: 2000, count: 1 },
    ]);
    expect(day.lines[0]).toMatchObject({ clientName: 'Bia Pagadora', description: 'Corte, Barba' });
    // Relatórios: received next to booked, by week (from Sunday) and by method.
    const report = (await shop.pro.request({ method: 'GET', url: '/api/reports' })).json();
    expect(report.received.totalCents).toBe(7000);
    expect(
      report.received.weeks.find((w: { weekStart: string }) => w.weekStart === '2026-11-15'),
    ).toEqual({ weekStart: '2026-11-15', receivedCents: 7000 });
    expect(report.received.methods).toEqual([
      { method: 'pix', cents: 5000 },
      { method: 'cash', cents: 2000 },
    ]);
  });

  it('writes the day as a pt-BR CSV', async () => {
    const res = await shop.pro.request({ method: 'GET', url: `/api/cash.csv?date=${TODAY}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Data;Hora;Cliente;Descrição;Forma de pagamento;Valor (R$)');
    expect(lines[1]).toBe('21/11/2026;09:00;Bia Pagadora;Corte, Barba;Pix;50,00');
    expect(lines[2]).toBe('21/11/2026;09:00;Bia Pagadora;Corte, Barba;Dinheiro;20,00');
    expect(lines).toContain('21/11/2026;;;Total recebido (Pix, dinheiro e cartões);;70,00');
  });

  it('refuses a second closing and a silent edit', async () => {
    const again = await close(appointmentId, closingBody({ payments: [] }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(CLOSING_ALREADY_CLOSED_MESSAGE);
  });

  it('takes a later payment of what stayed open, and no more than that', async () => {
    const tooMuch = await shop.pro.request({
      method: 'POST',
      url: `/api/closings/${closingId}/payments`,
      payload: { method: 'debit', amountCents: 1696 },
    });
    expect(tooMuch.statusCode).toBe(400);
    const paid = await shop.pro.request({
      method: 'POST',
      url: `/api/closings/${closingId}/payments`,
      payload: { method: 'debit', amountCents: 1695 },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ paidCents: 8695, owedCents: 0 });
    const nothing = await shop.pro.request({
      method: 'POST',
      url: `/api/closings/${closingId}/payments`,
      payload: { method: 'pix', amountCents: 1 },
    });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().message).toBe(CLOSING_NOTHING_OWED_MESSAGE);
    expect((await cash()).receivedCents).toBe(8695);
  });

  it('sends the recibo by a WhatsApp link and by e-mail', async () => {
    const link = await shop.pro.request({
      method: 'GET',
      url: `/api/closings/${closingId}/receipt`,
    });
    expect(link.statusCode, link.body).toBe(200);
    const { whatsappUrl, text } = link.json();
    expect(whatsappUrl).toMatch(/^https:\/\/wa\.me\/5511988887777\?text=/);
    expect(text).toContain('Recibo - Studio Caixa');
    expect(text).toContain('Desconto (10%): -R$ 8,55');
    expect(text).toContain('Total: R$ 86,95');
    expect(decodeURIComponent(whatsappUrl.split('?text=')[1])).toBe(text);
    const mail = await shop.pro.request({
      method: 'POST',
      url: `/api/closings/${closingId}/receipt/email`,
    });
    expect(mail.statusCode, mail.body).toBe(202);
    const [row] = await ctx.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'bia@exemplo.com.br'));
    expect(row?.subject).toBe('Recibo: Studio Caixa, 21/11/2026');
  });

  it('reopens with a reason, voiding its payments, and closes again', async () => {
    const noReason = await shop.pro.request({
      method: 'POST',
      url: `/api/closings/${closingId}/reopen`,
      payload: { reason: ' ' },
    });
    expect(noReason.statusCode).toBe(400);
    const reopened = await shop.pro.request({
      method: 'POST',
      url: `/api/closings/${closingId}/reopen`,
      payload: { reason: 'Valor do Pix errado' },
    });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json()).toMatchObject({
      status: 'reopened',
      reopenReason: 'Valor do Pix errado',
    });
    const voided = await ctx.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.professionalId, shop.profileId), eq(payments.closingId, closingId)));
    expect(voided.length).toBe(3);
    expect(voided.every((p) => p.voidedAt !== null)).toBe(true);
    expect((await cash()).receivedCents).toBe(0);

    const twice = await shop.pro.request({
      method: 'POST',
      url: `/api/closings/${closingId}/reopen`,
      payload: { reason: 'De novo' },
    });
    expect(twice.statusCode).toBe(409);
    const closed = await close(appointmentId, closingBody({ tipCents: 0, payments: [] }));
    expect(closed.statusCode, closed.body).toBe(201);
    const draft = await shop.pro.request({
      method: 'GET',
      url: `/api/appointments/${appointmentId}/closing`,
    });
    expect(draft.json().current.id).toBe(closed.json().id);
    expect(draft.json().history.map((c: { id: string }) => c.id)).toEqual([closingId]);
  });
});

describe('Caixa do dia: em aberto', () => {
  it('is what was still owed at the end of the day, older fiado included', async () => {
    const mine = await createMoneyShop(ctx);
    const owedOn = async (date: string) => {
      const res = await mine.shop.pro.request({ method: 'GET', url: `/api/cash?date=${date}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().owedCents as number;
    };
    ctx.clock.set('2026-11-20T12:00:00.000Z');
    try {
      // Friday: 86,95 with 70,00 paid leaves 16,95 open.
      const friday = await mine.close(await mine.newAppointment('09:00'), mine.closingBody());
      expect(friday.statusCode, friday.body).toBe(201);
    } finally {
      ctx.clock.set('2026-11-21T12:00:00.000Z');
    }
    // Saturday: 86,95 all open, and Friday's still owed.
    const saturday = await mine.close(
      await mine.newAppointment('11:00'),
      mine.closingBody({ payments: [] }),
    );
    expect(saturday.statusCode, saturday.body).toBe(201);
    expect(await owedOn('2026-11-19')).toBe(0);
    expect(await owedOn('2026-11-20')).toBe(1695);
    expect(await owedOn(TODAY)).toBe(1695 + 8695);
    const closings = await mine.shop.pro.request({
      method: 'GET',
      url: `/api/cash?date=${TODAY}`,
    });
    expect(closings.json().closings).toBe(1);
    // Friday's fiado paid on Saturday: gone from Saturday's open, still Friday evening's.
    const [fridayClosing] = await ctx.database.db
      .select({ id: payments.closingId })
      .from(payments)
      .where(
        and(eq(payments.professionalId, mine.shop.profileId), eq(payments.paidOn, '2026-11-20')),
      );
    const settled = await mine.shop.pro.request({
      method: 'POST',
      url: `/api/closings/${fridayClosing!.id}/payments`,
      payload: { method: 'pix', amountCents: 1695 },
    });
    expect(settled.statusCode, settled.body).toBe(200);
    expect(await owedOn(TODAY)).toBe(8695);
    expect(await owedOn('2026-11-20')).toBe(1695);
  });
});
