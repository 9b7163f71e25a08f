import { expect } from 'vitest';
import type { TestContext } from './app';
import { createBookableProfessional, type BookableProfessional } from './booking';

/** The test clock's day in São Paulo (helpers/app.ts). */
export const TODAY = '2026-11-21';

export interface MoneyShop {
  shop: BookableProfessional;
  other: BookableProfessional;
  clientId: string;
  /** A dashboard appointment of Corte today for the client. */
  newAppointment(startTime: string, status?: string): Promise<string>;
  /** Corte 50,00 + Barba 35,50, 10% off, 10,00 tip, Pix 50,00 and dinheiro 20,00. */
  closingBody(overrides?: Record<string, unknown>): Record<string, unknown>;
  close(
    appointmentId: string,
    payload: unknown,
  ): ReturnType<BookableProfessional['pro']['request']>;
}

/** A professional with a client (mobile and e-mail), and a second professional. */
export async function createMoneyShop(ctx: TestContext): Promise<MoneyShop> {
  const shop = await createBookableProfessional(ctx, { businessName: 'Studio Caixa' });
  const other = await createBookableProfessional(ctx, { businessName: 'Outro Studio' });
  const client = await shop.pro.request({
    method: 'POST',
    url: '/api/clients',
    payload: { name: 'Bia Pagadora', email: 'bia@exemplo.com.br', phone: '11 98888-7777' },
  });
  expect(client.statusCode, client.body).toBe(201);
  const clientId = client.json().id as string;
  return {
    shop,
    other,
    clientId,
    async newAppointment(startTime, status) {
      const res = await shop.pro.request({
        method: 'POST',
        url: '/api/appointments',
        payload: {
          clientId,
          serviceId: shop.services[0]!.id,
          appointmentDate: TODAY,
          startTime,
          ...(status ? { status } : {}),
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as string;
    },
    closingBody(overrides = {}) {
      return {
        items: [
          { serviceId: shop.services[0]!.id, priceCents: 5000 },
          { serviceId: shop.services[1]!.id, priceCents: 3550 },
        ],
        discountKind: 'percent',
        discountValue: 10,
        tipCents: 1000,
        payments: [
          { method: 'pix', amountCents: 5000 },
          { method: 'cash', amountCents: 2000 },
        ],
        ...overrides,
      };
    },
    close: (appointmentId, payload) =>
      shop.pro.request({
        method: 'POST',
        url: `/api/appointments/${appointmentId}/closing`,
        payload: payload as object,
      }),
  };
}
