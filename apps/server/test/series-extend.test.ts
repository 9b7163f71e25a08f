import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentSeries, seriesDates } from '../src/db/schema';
import { createSeriesJob } from '../src/features/series/service';
import { createTestApp, type TestContext } from './helpers/app';
import { nextIp } from './helpers/auth';
import {
  appointmentsOf,
  type BookableProfessional,
  createBookableProfessional,
  outboxTo,
} from './helpers/booking';

/*
 * Horário fixo (issue 46): occurrences are made 90 days ahead; the hourly job extends each
 * series as time passes, skipping and reporting the dates that became impossible, exactly once
 * however many runs overlap.
 */

let ctx: TestContext;
let shop: BookableProfessional;
let clientId: string;
const START = '2026-11-21T12:00:00.000Z';

beforeAll(async () => {
  ctx = await createTestApp({ now: START });
  shop = await createBookableProfessional(ctx, { businessName: 'Studio Longo' });
  const client = await shop.pro.request({
    method: 'POST',
    url: '/api/clients',
    payload: { name: 'Lia Longa', email: 'lia-longa@exemplo.com.br' },
  });
  clientId = client.json().id;
});
afterAll(async () => {
  await ctx.close();
});

function create(startDate: string, untilDate: string, startTime = '10:00') {
  return shop.pro.request({
    method: 'POST',
    url: '/api/series',
    payload: {
      clientId,
      serviceIds: [shop.services[0]!.id],
      startDate,
      startTime,
      frequency: 'weekly',
      interval: 1,
      end: { kind: 'until', until: untilDate },
    },
  });
}

const datesOf = async (seriesId: string) =>
  (await appointmentsOf(ctx, shop.profileId))
    .filter((a) => a.seriesId === seriesId)
    .map((a) => a.appointmentDate);

describe('the extension job', () => {
  it('makes the dates that came within 90 days, skips and reports the impossible ones, once', async () => {
    const res = await create('2026-11-24', '2027-05-25');
    expect(res.statusCode, res.body).toBe(201);
    const seriesId = res.json().id as string;
    expect(res.json().generatedUntil).toBe('2027-02-19');
    expect((await datesOf(seriesId)).at(-1)).toBe('2027-02-16');

    // Three weeks on: a block and a time off now stand on two dates the job will reach.
    ctx.clock.set('2026-12-12T12:00:00.000Z');
    const block = await shop.pro.request({
      method: 'POST',
      url: '/api/blocks',
      payload: { date: '2027-02-23', startTime: '09:30', endTime: '10:30', note: 'Exame' },
    });
    expect(block.statusCode, block.body).toBe(201);
    const off = await shop.pro.request({
      method: 'POST',
      url: '/api/availability/time-off',
      payload: { startDate: '2027-03-01', endDate: '2027-03-05', note: null },
    });
    expect(off.statusCode, off.body).toBe(201);

    const job = createSeriesJob({ db: ctx.database.db, clock: ctx.clock, log: ctx.app.log });
    const run = { id: 'test', data: {}, isLastAttempt: true };
    await Promise.all([job.handle(run), job.handle(run)]);
    await job.handle(run);

    const dates = await datesOf(seriesId);
    expect(dates.filter((d) => d > '2027-02-16')).toEqual(['2027-03-09']);
    expect(new Set(dates).size).toBe(dates.length);
    const noted = await ctx.database.db
      .select({ date: seriesDates.date, kind: seriesDates.kind, reason: seriesDates.reason })
      .from(seriesDates)
      .where(
        and(eq(seriesDates.seriesId, seriesId), eq(seriesDates.professionalId, shop.profileId)),
      );
    expect(noted).toEqual([
      { date: '2027-02-23', kind: 'impossible', reason: 'Horário bloqueado: Exame' },
      { date: '2027-03-02', kind: 'impossible', reason: 'Folga/Férias' },
    ]);
    const [row] = await ctx.database.db
      .select()
      .from(appointmentSeries)
      .where(eq(appointmentSeries.id, seriesId));
    expect(row!.generatedUntil).toBe('2027-03-12');
    const reports = (await outboxTo(ctx, shop.pro.email)).filter((m) =>
      m.subject.includes('datas puladas'),
    );
    expect(reports).toHaveLength(1);
    expect(reports[0]!.text).toContain('23/02/2027: Horário bloqueado: Exame');

    // The series' page shows them too.
    const page = await shop.pro.request({ method: 'GET', url: `/api/series/${seriesId}` });
    expect(page.json().notes).toEqual([
      { date: '2027-02-23', kind: 'impossible', reason: 'Horário bloqueado: Exame' },
      { date: '2027-03-02', kind: 'impossible', reason: 'Folga/Férias' },
    ]);
    ctx.clock.set(START);
  });

  it('makes nothing after "toda a série" is cancelled', async () => {
    // Until a week past the first horizon, before the time off above: all of it can happen.
    const res = await create('2026-11-25', '2027-02-24', '15:00');
    expect(res.statusCode, res.body).toBe(201);
    const seriesId = res.json().id as string;
    const first = (await appointmentsOf(ctx, shop.profileId)).find((a) => a.seriesId === seriesId)!;
    const cancel = await shop.pro.request({
      method: 'POST',
      url: `/api/series/${seriesId}/change`,
      payload: { bookingId: first.bookingId, scope: 'all', action: 'cancel' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    ctx.clock.set('2027-01-20T12:00:00.000Z');
    const job = createSeriesJob({ db: ctx.database.db, clock: ctx.clock, log: ctx.app.log });
    await job.handle({ id: 'test', data: {}, isLastAttempt: true });
    const own = (await appointmentsOf(ctx, shop.profileId)).filter((a) => a.seriesId === seriesId);
    expect(own.every((a) => a.status === 'cancelled')).toBe(true);
    expect(own.at(-1)!.appointmentDate).toBe('2027-02-17');
    ctx.clock.set(START);
  });

  it("refuses a skip, from one series' link, of another series' date", async () => {
    const a = await create('2026-11-26', '2026-12-31', '11:00');
    const b = await create('2026-11-27', '2026-12-31', '11:00');
    expect(b.statusCode, b.body).toBe(201);
    const mails = await outboxTo(ctx, 'lia-longa@exemplo.com.br');
    const mailA = mails.find((m) => m.text.includes('quinta-feira às 11:00'))!;
    const tokenA = /\/agendamento\/([A-Za-z0-9_-]{43})/.exec(mailA.text)![1]!;
    const other = (await appointmentsOf(ctx, shop.profileId)).find(
      (x) => x.seriesId === b.json().id,
    )!;
    const skip = await ctx.app.inject({
      method: 'POST',
      url: `/api/public/manage/${tokenA}/skip`,
      payload: { bookingId: other.bookingId },
      remoteAddress: nextIp(),
    });
    expect(skip.statusCode).toBe(404);
    expect(skip.json().message).toBe('Data não encontrada neste horário fixo');
    expect(a.statusCode).toBe(201);
    const still = (await appointmentsOf(ctx, shop.profileId)).find((x) => x.id === other.id)!;
    expect(still.status).toBe('scheduled');
  });
});
