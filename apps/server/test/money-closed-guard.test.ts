import {
  APPOINTMENT_CLOSED_MESSAGE,
  CLIENT_HAS_MONEY_MESSAGE,
  PACKAGE_APPOINTMENT_CANCELLED_MESSAGE,
} from '@agendaki/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closings, payments } from '../src/db/schema';
import { createTestApp, type TestContext } from './helpers/app';
import { TUESDAY } from './helpers/booking';
import { createPackageShop, type PackageShop } from './helpers/packages';

/**
 * A closed appointment is history until "Reabrir" (docs/decisions/038-money-received.md): the
 * database refuses its change, cancel, deletion and its package session moved; a client with
 * money recorded is erased, never deleted with it; reopening gives back the session it was paid
 * with; a session is never used on a cancelled or no-show appointment.
 */
let ctx: TestContext;
let world: PackageShop;
let shop: PackageShop['shop'];

beforeAll(async () => {
  ctx = await createTestApp();
  world = await createPackageShop(ctx);
  ({ shop } = world);
});
afterAll(async () => {
  await ctx.close();
});

const request = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  shop.pro.request({ method, url, ...(payload ? { payload } : {}) });

const closingBody = (payment: Record<string, unknown>) => ({
  items: [{ serviceId: shop.services[0]!.id, priceCents: 5000 }],
  discountKind: 'amount',
  discountValue: 0,
  tipCents: 0,
  payments: [payment],
});

async function closeWith(appointmentId: string, payment: Record<string, unknown>) {
  const res = await request(
    'POST',
    `/api/appointments/${appointmentId}/closing`,
    closingBody(payment),
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

async function reopen(closingId: string) {
  const res = await request('POST', `/api/closings/${closingId}/reopen`, { reason: 'Errei' });
  expect(res.statusCode, res.body).toBe(200);
}

const liveMoneyOf = async (appointmentId: string) =>
  ctx.database.db
    .select({ cents: payments.amountCents })
    .from(payments)
    .innerJoin(
      closings,
      and(
        eq(closings.professionalId, payments.professionalId),
        eq(closings.id, payments.closingId),
      ),
    )
    .where(and(eq(closings.appointmentId, appointmentId), isNull(payments.voidedAt)));

describe('a closed appointment', () => {
  let appointmentId: string;
  let closingId: string;
  let soldId: string;

  beforeAll(async () => {
    soldId = (await world.sell(await world.createPackage(3))).id;
    appointmentId = await world.appointmentOn(TUESDAY, '11:00');
    closingId = await closeWith(appointmentId, {
      method: 'package',
      amountCents: 1,
      clientPackageId: soldId,
    });
    expect(await world.leftOf(soldId)).toBe(2);
  });

  it('is neither changed, cancelled, deleted nor its session moved before "Reabrir"', async () => {
    const url = `/api/appointments/${appointmentId}`;
    for (const change of [
      { status: 'cancelled' },
      { status: 'no_show' },
      { startTime: '15:00' },
      { serviceId: shop.services[1]!.id },
    ]) {
      const res = await request('PATCH', url, change);
      expect(res.statusCode, JSON.stringify(change)).toBe(409);
      expect(res.json().message).toBe(APPOINTMENT_CLOSED_MESSAGE);
    }
    const deleted = await request('DELETE', url);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().message).toBe(APPOINTMENT_CLOSED_MESSAGE);
    const given = await request('DELETE', `${url}/package-session`);
    expect(given.statusCode).toBe(409);
    expect(given.json().message).toBe(APPOINTMENT_CLOSED_MESSAGE);
    // A note after the session is not a change of what was paid.
    const noted = await request('PATCH', url, { notes: 'Gostou do óleo de lavanda' });
    expect(noted.statusCode, noted.body).toBe(200);

    const appointment = (await request('GET', url)).json();
    expect(appointment).toMatchObject({ status: 'completed', startTime: '11:00' });
    expect(await world.leftOf(soldId)).toBe(2);
    expect((await liveMoneyOf(appointmentId)).map((p) => p.cents)).toEqual([5000]);
    const summary = await request('GET', `/api/closings/summary?ids=${appointmentId}`);
    expect(summary.json()).toEqual([
      { appointmentId, closingId, totalCents: 5000, paidCents: 5000, owedCents: 0 },
    ]);
  });

  it('is kept by the database itself, whichever feature writes', async () => {
    const { db } = ctx.database;
    const id = appointmentId;
    for (const statement of [
      sql`update appointments set status = 'cancelled' where id = ${id}`,
      sql`update appointments set total_price = 0 where id = ${id}`,
      sql`delete from appointments where id = ${id}`,
      sql`delete from package_uses where appointment_id = ${id}`,
    ]) {
      await expect(db.execute(statement)).rejects.toMatchObject({ cause: { code: 'AK001' } });
    }
    expect(await world.leftOf(soldId)).toBe(2);
  });

  it('keeps its client: deleting her is refused, pointing to the erasure', async () => {
    const res = await request('DELETE', `/api/clients/${world.clientId}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(CLIENT_HAS_MONEY_MESSAGE);
    await expect(
      ctx.database.db.execute(sql`delete from clients where id = ${world.clientId}`),
    ).rejects.toMatchObject({ cause: { code: 'AK002' } });
    expect((await liveMoneyOf(appointmentId)).length).toBe(1);
  });

  it('reopened, gives back the session it was paid with; closed again without it, stays unused', async () => {
    await reopen(closingId);
    expect(await world.leftOf(soldId)).toBe(3);
    const draft = (await request('GET', `/api/appointments/${appointmentId}/closing`)).json();
    expect(draft.usedClientPackageId).toBeNull();

    const byPix = await closeWith(appointmentId, { method: 'pix', amountCents: 5000 });
    expect(await world.leftOf(soldId)).toBe(3);
    await reopen(byPix);
    expect(await world.leftOf(soldId)).toBe(3);
    const bySession = await closeWith(appointmentId, {
      method: 'package',
      amountCents: 1,
      clientPackageId: soldId,
    });
    expect(await world.leftOf(soldId)).toBe(2);
    await reopen(bySession);
    expect(await world.leftOf(soldId)).toBe(3);
  });

  it('reopened, can be cancelled and deleted', async () => {
    const url = `/api/appointments/${appointmentId}`;
    const cancelled = await request('PATCH', url, { status: 'cancelled' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const deleted = await request('DELETE', url);
    expect(deleted.statusCode, deleted.body).toBe(204);
  });
});

describe('a client', () => {
  it('without money is deleted; with a closing left open ("fiado") only, is not', async () => {
    const created = await request('POST', '/api/clients', { name: 'Carla Fiado' });
    const clientId = created.json().id as string;
    const appointmentId = await world.appointmentOn('2026-11-27', '09:00', clientId);
    const closing = await request(
      'POST',
      `/api/appointments/${appointmentId}/closing`,
      closingBody({ method: 'cash', amountCents: 1000 }),
    );
    expect(closing.statusCode, closing.body).toBe(201);
    await reopen(closing.json().id);
    const open = await request('POST', `/api/appointments/${appointmentId}/closing`, {
      ...closingBody({ method: 'cash', amountCents: 1000 }),
      payments: [],
    });
    expect(open.statusCode, open.body).toBe(201);
    const refused = await request('DELETE', `/api/clients/${clientId}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CLIENT_HAS_MONEY_MESSAGE);

    const plain = await request('POST', '/api/clients', { name: 'Dora Sem Conta' });
    await world.appointmentOn('2026-11-27', '10:00', plain.json().id);
    const deleted = await request('DELETE', `/api/clients/${plain.json().id}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
  });
});

describe('a package session', () => {
  it('is not used on a cancelled or no-show appointment', async () => {
    const soldId = (await world.sell(await world.createPackage(2))).id;
    for (const [status, time] of [
      ['cancelled', '13:00'],
      ['no_show', '14:00'],
    ] as const) {
      const id = await world.appointmentOn('2026-11-27', time);
      expect((await request('PATCH', `/api/appointments/${id}`, { status })).statusCode).toBe(200);
      const res = await world.useSession(id, soldId);
      expect(res.statusCode, status).toBe(409);
      expect(res.json().message).toBe(PACKAGE_APPOINTMENT_CANCELLED_MESSAGE);
    }
    expect(await world.leftOf(soldId)).toBe(2);
  });

  it('comes back when the professional cancels; a no-show keeps it used', async () => {
    const soldId = (await world.sell(await world.createPackage(2))).id;
    const cancelled = await world.appointmentOn('2026-11-28', '09:00');
    const missed = await world.appointmentOn('2026-11-28', '10:00');
    for (const id of [cancelled, missed]) {
      expect((await world.useSession(id, soldId)).statusCode).toBe(204);
    }
    expect(await world.leftOf(soldId)).toBe(0);
    await request('PATCH', `/api/appointments/${cancelled}`, { status: 'cancelled' });
    await request('PATCH', `/api/appointments/${missed}`, { status: 'no_show' });
    expect(await world.leftOf(soldId)).toBe(1);
  });
});
