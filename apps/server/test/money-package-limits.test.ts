import {
  CLOSING_NOTHING_OWED_MESSAGE,
  PACKAGE_EXPIRED_MESSAGE,
  PACKAGE_SALE_OVERPAID_MESSAGE,
  PACKAGE_WRONG_SERVICE_MESSAGE,
} from '@agendaki/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleClosing } from '../src/features/payments/service';
import { createTestApp, type TestContext } from './helpers/app';
import { expectOneLockWaiter, testDatabaseKind } from './helpers/database';
import { createPackageShop, type PackageShop } from './helpers/packages';

/**
 * The limits of packages and later payments (docs/decisions/038-money-received.md), each on its
 * own: the service a package covers, its validity before the expiry job runs, a sale paid above
 * its price, one session per closing, a deleted appointment's session back, the ledger never
 * edited, and two later payments of the same fiado racing (PostgreSQL).
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

const closingBody = (payments: Record<string, unknown>[]) => ({
  items: [{ serviceId: shop.services[0]!.id, priceCents: 5000 }],
  discountKind: 'amount',
  discountValue: 0,
  tipCents: 0,
  payments,
});

describe('a package session', () => {
  it("is refused for a service the package does not cover, and after validity's last day", async () => {
    const sold = await world.sell(await world.createPackage(3));
    const other = await request('POST', '/api/appointments', {
      clientId: world.clientId,
      serviceId: shop.services[1]!.id,
      appointmentDate: '2026-11-30',
      startTime: '09:00',
    });
    expect(other.statusCode, other.body).toBe(201);
    const wrong = await world.useSession(other.json().id, sold.id);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(PACKAGE_WRONG_SERVICE_MESSAGE);

    // Valid through 20/12/2026; on the 21st, before the expiry job has run, it is refused.
    ctx.clock.set('2026-12-21T15:00:00.000Z');
    try {
      const late = await world.useSession(
        await world.appointmentOn('2026-12-22', '09:00'),
        sold.id,
      );
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe(PACKAGE_EXPIRED_MESSAGE);
    } finally {
      ctx.clock.set('2026-11-21T12:00:00.000Z');
    }
    expect(await world.leftOf(sold.id)).toBe(3);
  });

  it('is one per closing, and comes back when its appointment is deleted', async () => {
    const sold = await world.sell(await world.createPackage(3));
    const id = await world.appointmentOn('2026-11-30', '10:00');
    const session = { method: 'package', amountCents: 1, clientPackageId: sold.id };
    const twice = await request(
      'POST',
      `/api/appointments/${id}/closing`,
      closingBody([session, session]),
    );
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe('Use no máximo uma sessão de pacote por atendimento.');
    expect(await world.leftOf(sold.id)).toBe(3);

    expect((await world.useSession(id, sold.id)).statusCode).toBe(204);
    expect(await world.leftOf(sold.id)).toBe(2);
    expect((await request('DELETE', `/api/appointments/${id}`)).statusCode).toBe(204);
    expect(await world.leftOf(sold.id)).toBe(3);
  });

  it('is kept in a ledger no statement edits', async () => {
    const sold = await world.sell(await world.createPackage(2));
    await expect(
      ctx.database.db.execute(
        sql`update package_ledger set created_at = created_at where client_package_id = ${sold.id}`,
      ),
    ).rejects.toMatchObject({ cause: { code: '55000' } });
  });
});

describe('a package sale', () => {
  it('is refused when its payments pass its price, and nothing is sold', async () => {
    const packageId = await world.createPackage(4);
    const res = await request('POST', `/api/clients/${world.clientId}/packages`, {
      packageId,
      payments: [
        { method: 'pix', amountCents: 15000 },
        { method: 'cash', amountCents: 5001 },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PACKAGE_SALE_OVERPAID_MESSAGE);
    const money = (await request('GET', `/api/clients/${world.clientId}/money`)).json();
    expect(money.packages.filter((p: { packageId: string }) => p.packageId === packageId)).toEqual(
      [],
    );
  });
});

// Two later payments of the same fiado: the first holds the closing's row (transaction left
// open), the second waits behind it and then finds nothing owed.
describe.skipIf(testDatabaseKind !== 'postgres')('later payments racing', () => {
  it('give one payment; the other, held behind the row lock, is told nothing is owed', async () => {
    const id = await world.appointmentOn('2026-11-30', '11:00');
    const closed = await request('POST', `/api/appointments/${id}/closing`, closingBody([]));
    expect(closed.statusCode, closed.body).toBe(201);
    const closingId = closed.json().id as string;
    const pro = { profileId: shop.profileId, timezone: 'America/Sao_Paulo' };
    const full = { method: 'pix' as const, amountCents: 5000 };
    let holds!: () => void;
    const holding = new Promise<void>((resolve) => (holds = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const first = ctx.database.db.transaction(async (tx) => {
      await settleClosing({ db: tx, clock: ctx.clock }, pro, closingId, full);
      holds();
      await released;
    });
    await holding;
    const second = request('POST', `/api/closings/${closingId}/payments`, full);
    try {
      await expectOneLockWaiter(ctx.database.db);
    } finally {
      release();
    }
    await first;
    const answer = await second;
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toBe(CLOSING_NOTHING_OWED_MESSAGE);
    const summary = (await request('GET', `/api/closings/summary?ids=${id}`)).json();
    expect(summary[0]).toMatchObject({ paidCents: 5000, owedCents: 0 });
  });
});
