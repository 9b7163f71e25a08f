import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers/app';
import { signUpProfessional, type SignedInProfessional } from './helpers/session';

/**
 * `GET /api/agenda/calendar` (docs/decisions/014-calendar-and-numbers.md): the day and week
 * views get each date's windows as the booking page resolves them, the appointments that hold
 * time and the blocks, and nothing of another professional.
 */
let ctx: TestContext;
let pro: SignedInProfessional;

beforeAll(async () => {
  ctx = await createTestApp();
  ctx.clock.set('2026-11-20T12:00:00Z');
  pro = await signUpProfessional(ctx);
  const ok = async (method: 'POST' | 'PUT', url: string, payload: unknown) => {
    const res = await pro.request({ method, url, payload: payload as object });
    expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
    return res.json();
  };
  // Monday to Friday 09:00–12:00 and 13:00–18:00.
  await ok('PUT', '/api/availability', {
    windows: [1, 2, 3, 4, 5].flatMap((dayOfWeek) => [
      { dayOfWeek, startTime: '09:00', endTime: '12:00', isActive: true },
      { dayOfWeek, startTime: '13:00', endTime: '18:00', isActive: true },
    ]),
  });
  // Tuesday Nov 24 has its own hours; Thursday Nov 26 is off.
  await ok('PUT', '/api/availability/exceptions/2026-11-24', {
    windows: [{ startTime: '10:00', endTime: '14:00' }],
    note: null,
  });
  await ok('POST', '/api/availability/time-off', {
    startDate: '2026-11-26',
    endDate: '2026-11-26',
    note: 'Folga',
  });
  await ok('POST', '/api/blocks', {
    date: '2026-11-23',
    startTime: '15:00',
    endTime: '16:00',
    note: 'Dentista',
  });
  const service = await ok('POST', '/api/services', {
    name: 'Corte',
    price: 50,
    durationMinutes: 60,
  });
  const client = await ok('POST', '/api/clients', { name: 'Ana' });
  const book = (appointmentDate: string, startTime: string, status: string) =>
    ok('POST', '/api/appointments', {
      clientId: client.id,
      serviceId: service.id,
      appointmentDate,
      startTime,
      status,
    });
  await book('2026-11-23', '09:00', 'confirmed');
  await book('2026-11-23', '10:00', 'cancelled');
  await book('2026-11-25', '14:00', 'no_show');
  await book('2026-11-29', '09:00', 'scheduled'); // the next week
});
afterAll(async () => {
  await ctx.close();
});

describe('GET /api/agenda/calendar', () => {
  it('gives a week of windows, the appointments that hold time, and the blocks', async () => {
    const res = await pro.request({
      method: 'GET',
      url: '/api/agenda/calendar?from=2026-11-22&to=2026-11-28',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const hours = (h: number, m = 0) => h * 60 + m;
    expect(body.days).toEqual([
      { date: '2026-11-22', windows: [], closedReason: 'weekday' },
      {
        date: '2026-11-23',
        windows: [
          { start: hours(9), end: hours(12) },
          { start: hours(13), end: hours(18) },
        ],
        closedReason: null,
      },
      { date: '2026-11-24', windows: [{ start: hours(10), end: hours(14) }], closedReason: null },
      {
        date: '2026-11-25',
        windows: [
          { start: hours(9), end: hours(12) },
          { start: hours(13), end: hours(18) },
        ],
        closedReason: null,
      },
      { date: '2026-11-26', windows: [], closedReason: 'time_off' },
      {
        date: '2026-11-27',
        windows: [
          { start: hours(9), end: hours(12) },
          { start: hours(13), end: hours(18) },
        ],
        closedReason: null,
      },
      { date: '2026-11-28', windows: [], closedReason: 'weekday' },
    ]);
    expect(
      body.appointments.map((a: { appointmentDate: string; startTime: string; status: string }) => [
        a.appointmentDate,
        a.startTime,
        a.status,
      ]),
    ).toEqual([
      ['2026-11-23', '09:00', 'confirmed'],
      ['2026-11-25', '14:00', 'no_show'],
    ]);
    expect(body.blocks).toEqual([
      expect.objectContaining({
        date: '2026-11-23',
        startTime: '15:00',
        endTime: '16:00',
        note: 'Dentista',
      }),
    ]);
  });

  it('refuses a bad or too long range with a pt-BR message', async () => {
    for (const [query, message] of [
      ['from=2026-11-28&to=2026-11-22', 'A data inicial deve ser antes da final'],
      ['from=2026-11-01&to=2026-11-30', 'Escolha até 7 dias'],
      ['from=2026-02-30&to=2026-03-01', 'Data inválida'],
    ]) {
      const res = await pro.request({ method: 'GET', url: `/api/agenda/calendar?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toBe(message);
    }
  });

  it('another professional sees none of it, and a visitor is refused', async () => {
    const other = await signUpProfessional(ctx);
    const res = await other.request({
      method: 'GET',
      url: '/api/agenda/calendar?from=2026-11-22&to=2026-11-28',
    });
    expect(res.json().appointments).toEqual([]);
    expect(res.json().blocks).toEqual([]);
    const anonymous = await ctx.app.inject({
      method: 'GET',
      url: '/api/agenda/calendar?from=2026-11-22&to=2026-11-28',
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
