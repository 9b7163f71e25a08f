import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobIdFor } from '../src/db/queue';
import { REMINDER_QUEUE } from '../src/db/queues';
import { reminderKey } from '../src/features/appointments/service';
import { createTestApp, type TestContext } from './helpers/app';
import { nextIp } from './helpers/auth';
import {
  bookingBody,
  createBookableProfessional,
  MONDAY,
  outboxTo,
  postBooking,
  TUESDAY,
  type BookableProfessional,
} from './helpers/booking';
import { findJob, makeJobsDue } from './helpers/jobs';

/**
 * E-mail reminders with a fake clock (docs/decisions/013-after-the-booking.md): the job's time
 * is checked in pg-boss's table, then the job is made due and run as a worker would.
 */
let ctx: TestContext;
let shop: BookableProfessional;
const SATURDAY_0900 = '2026-11-21T12:00:00.000Z';

beforeAll(async () => {
  ctx = await createTestApp({ now: SATURDAY_0900 });
  shop = await createBookableProfessional(ctx, { businessName: 'Clínica Lembra' });
});
afterAll(async () => {
  await ctx.close();
});

async function book(overrides: Record<string, unknown>) {
  const email = `cli-${randomUUID().slice(0, 8)}@exemplo.com.br`;
  const res = await postBooking(ctx, bookingBody(shop, { clientEmail: email, ...overrides }));
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json();
  return { body, email, token: (body.manageUrl as string).split('/agendamento/')[1]! };
}

const jobOf = (bookingId: string) =>
  findJob(
    ctx.database.db,
    REMINDER_QUEUE,
    jobIdFor(REMINDER_QUEUE, reminderKey(shop.profileId, bookingId)),
  );

async function runDueReminders() {
  await makeJobsDue(ctx.database.db, REMINDER_QUEUE);
  return ctx.app.jobs.runDue(REMINDER_QUEUE);
}

const remindersTo = async (email: string) =>
  (await outboxTo(ctx, email)).filter((mail) => mail.subject.startsWith('Lembrete'));

describe('e-mail reminders', () => {
  it('go out once, 24 h before by default, with the manage link', async () => {
    ctx.clock.set(SATURDAY_0900);
    const { body, email } = await book({ date: MONDAY, time: '09:00' });
    const job = await jobOf(body.bookingId);
    expect(job?.state).toBe('created');
    expect(job?.startAfter.toISOString()).toBe('2026-11-22T12:00:00.000Z');

    ctx.clock.set('2026-11-22T12:00:00.000Z');
    await runDueReminders();
    await runDueReminders();
    const reminders = await remindersTo(email);
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.subject).toBe('Lembrete: Clínica Lembra, 23/11/2026 às 09:00');
    expect(reminders[0]!.text).toContain(body.manageUrl);
  });

  it('none for a cancelled booking', async () => {
    ctx.clock.set(SATURDAY_0900);
    const { body, email, token } = await book({ date: MONDAY, time: '14:00' });
    const cancel = await ctx.app.inject({
      method: 'POST',
      url: `/api/public/manage/${token}/cancel`,
      remoteAddress: nextIp(),
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await jobOf(body.bookingId))?.state).toBe('cancelled');
    ctx.clock.set('2026-11-22T17:00:00.000Z');
    await runDueReminders();
    expect(await remindersTo(email)).toHaveLength(0);
  });

  it('one at the new time after a reschedule', async () => {
    ctx.clock.set(SATURDAY_0900);
    const { body, email, token } = await book({ date: MONDAY, time: '15:00' });
    const moved = await ctx.app.inject({
      method: 'POST',
      url: `/api/public/manage/${token}/reschedule`,
      payload: { date: TUESDAY, time: '16:00', idempotencyKey: randomUUID() },
      remoteAddress: nextIp(),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const job = await jobOf(body.bookingId);
    expect(job?.startAfter.toISOString()).toBe('2026-11-23T19:00:00.000Z');
    ctx.clock.set('2026-11-23T19:00:00.000Z');
    await runDueReminders();
    await runDueReminders();
    const reminders = await remindersTo(email);
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.subject).toBe('Lembrete: Clínica Lembra, 24/11/2026 às 16:00');
  });

  it('none for a booking made after its reminder time; 2 h when so set', async () => {
    // Sunday 10:00 in São Paulo: Monday 09:00 is less than 24 h away.
    ctx.clock.set('2026-11-22T13:00:00.000Z');
    const late = await book({ date: MONDAY, time: '10:00' });
    expect(await jobOf(late.body.bookingId)).toBeUndefined();

    const saved = await shop.pro.request({
      method: 'PUT',
      url: '/api/settings/after-booking',
      payload: { cancelCutoffHours: 2, reminderHours: 2, clientEmailRequired: true },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const soon = await book({ date: MONDAY, time: '11:00' });
    expect((await jobOf(soon.body.bookingId))?.startAfter.toISOString()).toBe(
      '2026-11-23T12:00:00.000Z',
    );
  });

  it('a dashboard appointment is a booking of one with its own reminder', async () => {
    ctx.clock.set(SATURDAY_0900);
    const client = await shop.pro.request({
      method: 'POST',
      url: '/api/clients',
      payload: { name: 'Dora Painel', email: 'dora@exemplo.com.br', phone: '(11) 98765-4321' },
    });
    expect(client.statusCode, client.body).toBe(201);
    const created = await shop.pro.request({
      method: 'POST',
      url: '/api/appointments',
      payload: {
        clientId: client.json().id,
        serviceId: shop.services[1]!.id,
        appointmentDate: TUESDAY,
        startTime: '09:00',
        notes: null,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const appointment = created.json();
    const job = await jobOf(appointment.id);
    // reminderHours is 2 since the test above.
    expect(job?.startAfter.toISOString()).toBe('2026-11-24T10:00:00.000Z');
    // Cancelled from the agenda: the reminder goes too.
    const cancelled = await shop.pro.request({
      method: 'PATCH',
      url: `/api/appointments/${appointment.id}`,
      payload: { status: 'cancelled' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await jobOf(appointment.id))?.state).toBe('cancelled');
  });
});
