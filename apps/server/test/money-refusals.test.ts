import {
  CLOSING_CANCELLED_MESSAGE,
  CLOSING_OVERPAID_MESSAGE,
  DEPOSIT_NOT_RECEIVED_MESSAGE,
} from '@agendaki/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers/app';
import { createMoneyShop, type MoneyShop, TODAY } from './helpers/money';

/**
 * "Concluir e receber" refused (docs/decisions/038-money-received.md): payments above the total,
 * bad input in pt-BR and never a 5xx, a cancelled appointment, and another professional's ids.
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

describe('refusals', () => {
  it('refuses payments above the total, bad input and impossible methods in pt-BR', async () => {
    const id = await money.newAppointment('12:00');
    const over = await money.close(
      id,
      money.closingBody({ payments: [{ method: 'pix', amountCents: 9000 }] }),
    );
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(CLOSING_OVERPAID_MESSAGE);
    for (const bad of [
      money.closingBody({ discountValue: 101 }),
      money.closingBody({ tipCents: -1 }),
      money.closingBody({ tipCents: 1.5 }),
      money.closingBody({ items: [] }),
      money.closingBody({ payments: [{ method: 'cheque', amountCents: 100 }] }),
      money.closingBody({ payments: [{ method: 'pix', amountCents: '45,50' }] }),
      money.closingBody({ payments: [{ method: 'package', amountCents: 100 }] }),
    ]) {
      const res = await money.close(id, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().message).toMatch(/[a-zà-ú]/i);
    }
    const deposit = await money.close(
      id,
      money.closingBody({ payments: [{ method: 'deposit', amountCents: 100 }] }),
    );
    expect(deposit.statusCode).toBe(400);
    expect(deposit.json().message).toBe(DEPOSIT_NOT_RECEIVED_MESSAGE);
  });

  it('does not close a cancelled appointment', async () => {
    const id = await money.newAppointment('14:00', 'cancelled');
    const res = await money.close(id, money.closingBody({ payments: [] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(CLOSING_CANCELLED_MESSAGE);
  });

  it("answers another professional's ids as not found, and changes nothing", async () => {
    const id = await money.newAppointment('15:00');
    const closed = await money.close(id, money.closingBody({ payments: [] }));
    const closingId = closed.json().id as string;
    for (const [method, url, payload] of [
      ['GET', `/api/appointments/${id}/closing`, undefined],
      ['POST', `/api/appointments/${id}/closing`, money.closingBody({ payments: [] })],
      ['POST', `/api/closings/${closingId}/reopen`, { reason: 'Intruso' }],
      ['POST', `/api/closings/${closingId}/payments`, { method: 'pix', amountCents: 100 }],
      ['GET', `/api/closings/${closingId}/receipt`, undefined],
      ['POST', `/api/closings/${closingId}/receipt/email`, undefined],
      ['GET', `/api/clients/${money.clientId}/money`, undefined],
    ] as const) {
      const res = await money.other.pro.request({ method, url, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const summary = await money.other.pro.request({
      method: 'GET',
      url: `/api/closings/summary?ids=${id}`,
    });
    expect(summary.json()).toEqual([]);
    const theirCash = await money.other.pro.request({
      method: 'GET',
      url: `/api/cash?date=${TODAY}`,
    });
    expect(theirCash.json()).toMatchObject({ receivedCents: 0, closings: 0, lines: [] });
    const mine = await money.shop.pro.request({
      method: 'GET',
      url: `/api/appointments/${id}/closing`,
    });
    expect(mine.json().current).toMatchObject({ id: closingId, status: 'closed', owedCents: 8695 });
  });

  it('reads Caixa do dia only for a real date', async () => {
    for (const date of ['', '2026-13-01', '21/11/2026', 'x'.repeat(200)]) {
      const res = await money.shop.pro.request({ method: 'GET', url: `/api/cash?date=${date}` });
      expect(res.statusCode, date).toBe(400);
      expect(res.json().message).toBe('Data inválida');
    }
  });
});
