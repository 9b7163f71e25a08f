import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers/app';
import { createMoneyShop, type MoneyShop } from './helpers/money';

/**
 * The client's story shows what each appointment came to (issue 50 with issue 49's closing):
 * total, received with the methods, what stays open; newest first; another account is refused.
 */
let ctx: TestContext;
let money: MoneyShop;

beforeAll(async () => {
  ctx = await createTestApp();
  money = await createMoneyShop(ctx);
});
afterAll(async () => {
  await ctx.close();
});

const story = (as: MoneyShop['shop'] = money.shop) =>
  as.pro.request({ method: 'GET', url: `/api/comeback/clients/${money.clientId}/story` });

const appointmentsOf = async () => {
  const res = await story();
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items.filter((item: { kind: string }) => item.kind === 'appointment') as Array<{
    id: string;
    startTime: string;
    closing: null | {
      totalCents: number;
      paidCents: number;
      owedCents: number;
      payments: Array<{ method: string; amountCents: number }>;
    };
  }>;
};

describe('what was paid, in the story', () => {
  it('each closed appointment with its total, payments and what is open; newest first', async () => {
    const early = await money.newAppointment('09:00');
    const late = await money.newAppointment('15:00');
    const open = await money.newAppointment('17:00');
    expect((await money.close(early, money.closingBody())).statusCode).toBe(201);
    const paidInFull = money.closingBody({
      payments: [
        { method: 'pix', amountCents: 5000 },
        { method: 'credit', amountCents: 3695 },
      ],
    });
    expect((await money.close(late, paidInFull)).statusCode).toBe(201);
    const items = await appointmentsOf();
    expect(items.map((item) => item.id)).toEqual([open, late, early]);
    expect(items[0]!.closing).toBeNull();
    expect(items[1]!.closing).toEqual({
      totalCents: 8695,
      paidCents: 8695,
      owedCents: 0,
      payments: [
        { method: 'pix', amountCents: 5000 },
        { method: 'credit', amountCents: 3695 },
      ],
    });
    // 86,95 with 70,00 received: 16,95 "em aberto".
    expect(items[2]!.closing).toMatchObject({ totalCents: 8695, paidCents: 7000, owedCents: 1695 });
    expect(items[2]!.closing!.payments.map((p) => p.method).sort()).toEqual(['cash', 'pix']);
  });

  it('a later payment of what stayed open shows, and a reopened closing shows nothing paid', async () => {
    const appointmentId = await money.newAppointment('11:00');
    const closed = await money.close(appointmentId, money.closingBody());
    const settle = await money.shop.pro.request({
      method: 'POST',
      url: `/api/closings/${closed.json().id}/payments`,
      payload: { method: 'debit', amountCents: 1695 },
    });
    expect(settle.statusCode, settle.body).toBe(200);
    let item = (await appointmentsOf()).find((a) => a.id === appointmentId)!;
    expect(item.closing).toMatchObject({ paidCents: 8695, owedCents: 0 });
    expect(item.closing!.payments).toContainEqual({ method: 'debit', amountCents: 1695 });
    const reopen = await money.shop.pro.request({
      method: 'POST',
      url: `/api/closings/${closed.json().id}/reopen`,
      payload: { reason: 'Valor errado' },
    });
    expect(reopen.statusCode, reopen.body).toBe(200);
    item = (await appointmentsOf()).find((a) => a.id === appointmentId)!;
    expect(item.closing).toBeNull();
  });

  it('another account is refused the story with its money', async () => {
    const res = await story(money.other);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('8695');
  });
});
