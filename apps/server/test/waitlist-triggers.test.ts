import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEPOSIT_QUEUE } from '../src/db/queues';
import { createTestApp, type TestContext } from './helpers/app';
import { nextIp } from './helpers/auth';
import {
  appointmentsOf,
  bookingBody,
  createBookableProfessional,
  MONDAY,
  postBooking,
  TUESDAY,
  type BookableProfessional,
} from './helpers/booking';
import { makeJobsDue } from './helpers/jobs';
import { entryRequest, joinToken, offersOf } from './helpers/waitlist';
import { runAskedLooks } from './helpers/waitlist-scan';

/*
 * Lista de espera: every way time frees up reaches the first in line (docs/product.md), not
 * only a cancellation: a reschedule, a block or time off removed, a service shortened, a Pix
 * sinal left unpaid. Each change must reach the line by its own notice, so the looks asked
 * before it are run first and the listener's 2-second window is let pass.
 */

let ctx: TestContext;
let shop: BookableProfessional;

beforeEach(async () => {
  ctx = await createTestApp();
  shop = await createBookableProfessional(ctx);
});
afterEach(async () => {
  await ctx.close();
});

async function book(time: string, overrides: Record<string, unknown> = {}) {
  const res = await postBooking(ctx, bookingBody(shop, { time, ...overrides }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { bookingId: string; manageUrl: string; deposit?: unknown };
}

/** Two people in line for Monday morning; nothing offered yet. */
async function lineUp() {
  const first = await joinToken(ctx, shop, { clientName: 'Primeira' });
  const second = await joinToken(ctx, shop, { clientName: 'Segunda' });
  await runAskedLooks(ctx);
  expect(await offersOf(ctx, shop.profileId)).toEqual([]);
  // The change listener asks once per professional and 2-second window.
  await sleep(2_100);
  return { first, second };
}

/**
 * The offer once the change's look has run. On PostgreSQL the notice comes on its own connection
 * and may be late on a busy machine: the asked looks are run again until then, 10 s at most.
 */
async function offerAfterNotice(token: string) {
  const until = Date.now() + 10_000;
  for (;;) {
    await runAskedLooks(ctx);
    const { offer } = (await entryRequest(ctx, token)).json();
    if (offer || Date.now() > until) return offer;
  }
}

async function expectOfferedToFirst(line: { first: string; second: string }, time: string) {
  expect(await offerAfterNotice(line.first)).toMatchObject({ date: MONDAY, time });
  expect((await entryRequest(ctx, line.second)).json().offer).toBeNull();
}

const pro = (method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  shop.pro.request({ method, url, ...(payload ? { payload } : {}) });

describe('lista de espera: time freed other than by a cancellation', () => {
  it('a reschedule to another day', async () => {
    const nine = await book('09:00');
    await book('10:00');
    await book('11:00');
    const line = await lineUp();
    const token = nine.manageUrl.split('/agendamento/')[1]!;
    const moved = await ctx.app.inject({
      method: 'POST',
      url: `/api/public/manage/${token}/reschedule`,
      payload: { date: TUESDAY, time: '09:00', idempotencyKey: randomUUID() },
      remoteAddress: nextIp(),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await expectOfferedToFirst(line, '09:00');
  });

  it('a block removed', async () => {
    await book('09:00');
    await book('10:00');
    const block = await pro('POST', '/api/blocks', {
      date: MONDAY,
      startTime: '11:00',
      endTime: '12:00',
      note: 'Dentista',
    });
    expect(block.statusCode, block.body).toBe(201);
    const line = await lineUp();
    expect((await pro('DELETE', `/api/blocks/${block.json().id}`)).statusCode).toBe(204);
    await expectOfferedToFirst(line, '11:00');
  });

  it('time off removed', async () => {
    const off = await pro('POST', '/api/availability/time-off', {
      startDate: MONDAY,
      endDate: MONDAY,
      note: 'Curso',
    });
    expect(off.statusCode, off.body).toBe(201);
    const line = await lineUp();
    const id = off.json().timeOff.id as string;
    expect((await pro('DELETE', `/api/availability/time-off/${id}`)).statusCode).toBe(204);
    // The whole day is free again: each in line gets a time, the first the earliest.
    expect(await offerAfterNotice(line.first)).toMatchObject({ time: '09:00' });
    expect((await entryRequest(ctx, line.second)).json().offer).toMatchObject({ time: '10:00' });
  });

  it('a service shortened into a gap too short before', async () => {
    const [corte, barba] = shop.services;
    await book('09:00');
    await book('10:30', { serviceIds: [barba!.id] });
    await book('11:00');
    // 10:00-10:30 is free, too short for a 60-minute Corte until it takes 30.
    const line = await lineUp();
    const shorter = await pro('PATCH', `/api/services/${corte!.id}`, { durationMinutes: 30 });
    expect(shorter.statusCode, shorter.body).toBe(200);
    await expectOfferedToFirst(line, '10:00');
  });

  it('a Pix sinal left unpaid past its deadline', async () => {
    await book('10:00');
    await book('11:00');
    await setPixSinal();
    const unpaid = await book('09:00');
    expect(unpaid.deposit).toMatchObject({ status: 'pending' });
    const line = await lineUp();
    ctx.clock.set('2026-11-21T12:31:00.000Z'); // The 30-minute window is over.
    await makeJobsDue(ctx.database.db, DEPOSIT_QUEUE);
    await ctx.app.jobs.runDue(DEPOSIT_QUEUE);
    const statuses = (await appointmentsOf(ctx, shop.profileId))
      .filter((a) => a.bookingId === unpaid.bookingId)
      .map((a) => a.status);
    expect(statuses).toEqual(['cancelled']);
    await expectOfferedToFirst(line, '09:00');
  });
});

describe('lista de espera: accepting when the professional asks a Pix sinal', () => {
  it('books the offered time as "Aguardando sinal"', async () => {
    const nine = await book('09:00');
    await book('10:00');
    await book('11:00');
    await setPixSinal();
    const line = await lineUp();
    const cancelled = await pro('PATCH', `/api/appointments/${await firstIdOf(nine.bookingId)}`, {
      status: 'cancelled',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await expectOfferedToFirst(line, '09:00');
    const accepted = await entryRequest(ctx, line.first, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json().deposit).toMatchObject({ status: 'pending', amountCents: 2500 });
    const booked = (await appointmentsOf(ctx, shop.profileId)).filter(
      (a) => a.bookingId === accepted.json().bookingId,
    );
    expect(booked.map((a) => [a.appointmentDate, a.startTime, a.status])).toEqual([
      [MONDAY, '09:00:00', 'awaiting_deposit'],
    ]);
    expect((await entryRequest(ctx, line.first)).json().status).toBe('booked');
  });
});

async function firstIdOf(bookingId: string) {
  const [first] = (await appointmentsOf(ctx, shop.profileId)).filter(
    (a) => a.bookingId === bookingId,
  );
  return first!.id;
}

async function setPixSinal() {
  const saved = await pro('PUT', '/api/settings/payments', {
    pixKeyType: 'cpf',
    pixKey: '529.982.247-25',
    beneficiaryName: 'Salão da Conceição',
    beneficiaryCity: 'São Paulo',
    depositMode: 'percent',
    depositFixedCents: 0,
    depositPercent: 50,
    windowMinutes: 30,
  });
  expect(saved.statusCode, saved.body).toBe(200);
}
