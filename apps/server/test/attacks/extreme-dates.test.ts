import { DATE_YEAR_MAX } from '@agendaki/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helpers/app';
import { createBookableProfessional, type BookableProfessional } from '../helpers/booking';

/**
 * Dates and months at the edge of four digits (issue 44, item 9): `month=9999-12` made the
 * month after it, "10000-01", and answered 500. Every date and month the app takes is held to
 * years 1900–2100 by the shared schemas and refused with a pt-BR 400.
 */

let ctx: TestContext;
let owner: BookableProfessional;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createBookableProfessional(ctx);
});
afterAll(() => ctx.close());

const daysUrl = (month: string) =>
  `/api/public/professionals/${owner.customLink}/days?month=${month}&serviceIds=${owner.services[0]!.id}`;

describe('a month out of range', () => {
  it.each(['9999-12', '9999-01', '2101-01', '0000-01', '0001-01', '1899-12'])(
    'GET …/days?month=%s is a 400 "Mês inválido"',
    async (month) => {
      const res = await ctx.app.inject({ url: daysUrl(month) });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', message: 'Mês inválido' });
    },
  );

  it('the last month in range still answers', async () => {
    const res = await ctx.app.inject({ url: daysUrl(`${DATE_YEAR_MAX}-12`) });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('a date out of range, wherever a date is taken', () => {
  const day = '9999-12-31';
  const requests = () => {
    const serviceId = owner.services[0]!.id;
    return [
      { method: 'GET', url: `/api/agenda/calendar?from=${day}&to=${day}` },
      { method: 'GET', url: `/api/reports/appointments.csv?from=${day}&to=${day}` },
      { method: 'GET', url: `/api/blocks?from=${day}&to=${day}` },
      {
        method: 'POST',
        url: '/api/blocks',
        payload: { date: day, startTime: '10:00', endTime: '11:00' },
      },
      {
        method: 'PUT',
        url: `/api/availability/exceptions/${day}`,
        payload: { closed: true, windows: [] },
      },
      {
        method: 'POST',
        url: '/api/availability/time-off',
        payload: { startDate: day, endDate: day },
      },
      {
        method: 'GET',
        url: `/api/public/professionals/${owner.customLink}/slots?date=${day}&serviceIds=${serviceId}`,
      },
    ] as const;
  };

  it('answers 400 with a pt-BR message, never 5xx', async () => {
    for (const request of requests()) {
      const res = await owner.pro.request({ ...request });
      expect(res.statusCode, `${request.method} ${request.url}: ${res.body}`).toBe(400);
      expect(res.json().message).toMatch(/^(Data inválida|Período inválido)$/);
    }
  });
});
