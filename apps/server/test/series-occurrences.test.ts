import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobIdFor } from '../src/db/queue';
import { REMINDER_QUEUE } from '../src/db/queues';
import { reminderKey } from '../src/features/appointments/service';
import { createTestApp, type TestContext } from './helpers/app';
import {
  appointmentsOf,
  createBookableProfessional,
  type BookableProfessional,
} from './helpers/booking';
import { findJob } from './helpers/jobs';

/*
 * Horário fixo (issue 46): each occurrence is an appointment of its own, with its reminder and
 * its status; "este e os seguintes" moves the chosen date and the later ones; reports count the
 * occurrences like any appointment.
 */

let ctx: TestContext;
let shop: BookableProfessional;
let seriesId: string;
const START = '2026-11-21T12:00:00.000Z'; // Saturday, 09:00 in São Paulo.
const DATES = ['2026-11-23', '2026-11-30', '2026-12-07', '2026-12-14'];

const api = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  shop.pro.request({ method, url, ...(payload ? { payload } : {}) });
const own = async () =>
  (await appointmentsOf(ctx, shop.profileId))
    .filter((a) => a.seriesId === seriesId)
    .sort((a, b) => a.appointmentDate.localeCompare(b.appointmentDate));
const reminderOf = (bookingId: string) =>
  findJob(
    ctx.database.db,
    REMINDER_QUEUE,
    jobIdFor(REMINDER_QUEUE, reminderKey(shop.profileId, bookingId)),
  );

beforeAll(async () => {
  ctx = await createTestApp({ now: START });
  shop = await createBookableProfessional(ctx, { businessName: 'Studio Ocorrências' });
  const client = await api('POST', '/api/clients', {
    name: 'Olga Série',
    email: 'olga-serie@exemplo.com.br',
  });
  expect(client.statusCode, client.body).toBe(201);
  const res = await api('POST', '/api/series', {
    clientId: client.json().id,
    serviceIds: [shop.services[0]!.id],
    startDate: DATES[0],
    startTime: '10:00',
    frequency: 'weekly',
    interval: 1,
    end: { kind: 'count', count: 4 },
  });
  expect(res.statusCode, res.body).toBe(201);
  seriesId = res.json().id;
});
afterAll(async () => {
  await ctx.close();
});

describe('the occurrences of a horário fixo', () => {
  it('each gets its own reminder, 24 h before', async () => {
    const rows = await own();
    expect(rows.map((a) => a.appointmentDate)).toEqual(DATES);
    for (const a of rows) {
      const job = await reminderOf(a.bookingId!);
      expect(job?.state, a.appointmentDate).toBe('created');
      // 10:00 in São Paulo is 13:00 UTC; the reminder a day before.
      const day = new Date(`${a.appointmentDate}T13:00:00.000Z`).getTime() - 24 * 3_600_000;
      expect(job?.startAfter.toISOString()).toBe(new Date(day).toISOString());
    }
  });

  it('"este e os seguintes" moves the chosen date and the later ones only', async () => {
    const before = await own();
    const res = await api('POST', `/api/series/${seriesId}/change`, {
      bookingId: before[2]!.bookingId,
      scope: 'following',
      action: 'update',
      startTime: '15:00',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ changed: 2 });
    const after = await own();
    expect(after.map((a) => [a.appointmentDate, a.startTime, a.status])).toEqual([
      [DATES[0], '10:00:00', 'scheduled'],
      [DATES[1], '10:00:00', 'scheduled'],
      [DATES[2], '15:00:00', 'scheduled'],
      [DATES[3], '15:00:00', 'scheduled'],
    ]);
    // The moved dates' reminders follow them; the others stay.
    expect((await reminderOf(after[2]!.bookingId!))?.startAfter.toISOString()).toBe(
      '2026-12-06T18:00:00.000Z',
    );
    expect((await reminderOf(after[0]!.bookingId!))?.startAfter.toISOString()).toBe(
      '2026-11-22T13:00:00.000Z',
    );
    const series = (await api('GET', `/api/series/${seriesId}`)).json();
    expect(series.startTime).toBe('15:00');
  });

  it('a no-show on one leaves the others, and their reminders, alone', async () => {
    ctx.clock.set('2026-11-23T14:30:00.000Z'); // The first date is over.
    const [first, ...rest] = await own();
    const marked = await api('PATCH', `/api/appointments/${first!.id}`, { status: 'no_show' });
    expect(marked.statusCode, marked.body).toBe(200);
    const after = await own();
    expect(after.map((a) => a.status)).toEqual(['no_show', 'scheduled', 'scheduled', 'scheduled']);
    for (const a of rest) expect((await reminderOf(a.bookingId!))?.state).toBe('created');
  });

  it('reports count the occurrences like any appointment', async () => {
    ctx.clock.set('2026-12-08T12:00:00.000Z'); // Three dates are over.
    const [, second] = await own();
    const done = await api('PATCH', `/api/appointments/${second!.id}`, { status: 'completed' });
    expect(done.statusCode, done.body).toBe(200);
    const report = await api('GET', '/api/reports');
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().totals).toMatchObject({ appointments: 3, kept: 2, noShows: 1 });
    expect(report.json().services).toEqual([
      expect.objectContaining({ serviceId: shop.services[0]!.id, appointments: 2 }),
    ]);
  });
});
