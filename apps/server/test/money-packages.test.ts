import {
  PACKAGE_APPOINTMENT_CANCELLED_MESSAGE,
  PACKAGE_EXPIRED_MESSAGE,
  PACKAGE_NO_SESSIONS_MESSAGE,
} from '@agendaki/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobIdFor } from '../src/db/queue';
import { PACKAGE_EXPIRY_QUEUE } from '../src/db/queues';
import { packageLedger } from '../src/db/schema';
import { updateAppointment } from '../src/features/appointments/service';
import {
  expireClientPackage,
  ledgerSum,
  packageExpiryKey,
  useSession as useSessionIn,
} from '../src/features/packages/service';
import { createTestApp, type TestContext } from './helpers/app';
import { TUESDAY } from './helpers/booking';
import { expectOneLockWaiter, testDatabaseKind } from './helpers/database';
import { findJob } from './helpers/jobs';
import { createPackageShop, type PackageShop } from './helpers/packages';

/**
 * Packages of sessions (docs/decisions/038-money-received.md) on the real database: sold with
 * its payment, used when booking and when closing, the balance a ledger the database keeps at
 * or above zero (two uses of the last session: one success), sessions back on cancellation,
 * expiry once, and what the client sees on the manage page.
 */
let ctx: TestContext;
let world: PackageShop;
let shop: PackageShop['shop'];
let token: string;
let bookedId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  world = await createPackageShop(ctx);
  ({ shop, token, bookedId } = world);
});
afterAll(async () => {
  await ctx.close();
});

const createPackage = (sessions: number) => world.createPackage(sessions);
const sell = (packageId: string) => world.sell(packageId);
const appointmentOn = (date: string, startTime: string, forClient?: string) =>
  world.appointmentOn(date, startTime, forClient);
const useSession = (appointmentId: string, clientPackageId: string) =>
  world.useSession(appointmentId, clientPackageId);
const leftOf = (id: string) => world.leftOf(id);
const pro = () => ({ profileId: shop.profileId, timezone: 'America/Sao_Paulo' });

/**
 * Runs `hold` in a transaction left open, then `race` (a request) that must wait behind it on a
 * row lock; releases the first and answers the second's response.
 */
async function holdWhile<T>(
  hold: (tx: Parameters<Parameters<typeof ctx.database.db.transaction>[0]>[0]) => Promise<unknown>,
  race: () => Promise<T>,
): Promise<T> {
  let holds!: () => void;
  const holding = new Promise<void>((resolve) => (holds = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const first = ctx.database.db.transaction(async (tx) => {
    await hold(tx);
    holds();
    await released;
  });
  await holding;
  const second = race();
  try {
    await expectOneLockWaiter(ctx.database.db);
  } finally {
    release();
  }
  await first;
  return second;
}

describe('a package of 5, sold and used twice', () => {
  let sold: { id: string };

  it('is sold with its payment and shows 3 left on the manage page after two uses', async () => {
    sold = await sell(await createPackage(5));
    expect(sold).toMatchObject({ sessionsTotal: 5, sessionsLeft: 5, paidCents: 20000 });
    expect(sold).toMatchObject({ soldOn: '2026-11-21', expiresOn: '2026-12-20' });
    // Used when booking from the Agenda…
    expect((await useSession(bookedId, sold.id)).statusCode).toBe(204);
    // …and when closing.
    const second = await appointmentOn(TUESDAY, '10:00');
    const closed = await shop.pro.request({
      method: 'POST',
      url: `/api/appointments/${second}/closing`,
      payload: {
        items: [{ serviceId: shop.services[0]!.id, priceCents: 5000 }],
        discountKind: 'amount',
        discountValue: 0,
        tipCents: 0,
        payments: [{ method: 'package', amountCents: 1, clientPackageId: sold.id }],
      },
    });
    expect(closed.statusCode, closed.body).toBe(201);
    expect(closed.json()).toMatchObject({ paidCents: 5000, owedCents: 0 });

    const manage = await ctx.app.inject({ method: 'GET', url: `/api/public/manage/${token}` });
    expect(manage.statusCode, manage.body).toBe(200);
    expect(manage.json().packages).toEqual([
      { name: 'Pacote de 5', sessionsLeft: 3, sessionsTotal: 5, expiresOn: '2026-12-20' },
    ]);
    expect(await leftOf(sold.id)).toBe(3);
    expect(await ledgerSum(ctx.database.db, shop.profileId, sold.id)).toBe(3);
  });

  it('counts in Caixa do dia and in Relatórios', async () => {
    const day = (
      await shop.pro.request({ method: 'GET', url: '/api/cash?date=2026-11-21' })
    ).json();
    expect(day.packagesSold).toEqual({ count: 1, cents: 20000 });
    expect(day.receivedCents).toBe(20000);
    expect(day.methods).toEqual([
      { method: 'pix', cents: 20000, count: 1 },
      { method: 'package', cents: 5000, count: 1 },
    ]);
    const report = (await shop.pro.request({ method: 'GET', url: '/api/reports' })).json();
    expect(report.unusedSessions).toEqual({ sessions: 3, valueCents: 12000, packages: 1 });
  });

  it('gives the session back when the client cancels on the manage link', async () => {
    const cancel = await ctx.app.inject({
      method: 'POST',
      url: `/api/public/manage/${token}/cancel`,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await leftOf(sold.id)).toBe(4);
    const kinds = await ctx.database.db
      .select({ kind: packageLedger.kind })
      .from(packageLedger)
      .where(eq(packageLedger.clientPackageId, sold.id));
    expect(kinds.map((k) => k.kind).sort()).toEqual(['return', 'sale', 'use', 'use']);
  });
});

describe('the last session', () => {
  it('used twice at once: one success and one clear refusal', async () => {
    const sold = await sell(await createPackage(1));
    const [a, b] = [
      await appointmentOn('2026-11-25', '09:00'),
      await appointmentOn('2026-11-25', '10:00'),
    ];
    const answers = await Promise.all([useSession(a, sold.id), useSession(b, sold.id)]);
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([204, 409]);
    const refused = answers.find((res) => res.statusCode === 409)!;
    expect(refused.json().message).toBe(PACKAGE_NO_SESSIONS_MESSAGE);
    expect(await leftOf(sold.id)).toBe(0);
    expect(await ledgerSum(ctx.database.db, shop.profileId, sold.id)).toBe(0);
  });

  // A real race on PostgreSQL: the first use holds the package's row (its ledger entry's UPDATE)
  // in a transaction left open; the second, through the API, waits behind it, then is refused.
  it.skipIf(testDatabaseKind !== 'postgres')(
    'a second use held behind the first one’s row lock is refused once the first commits',
    async () => {
      const sold = await sell(await createPackage(1));
      const [a, b] = [
        await appointmentOn('2026-11-25', '11:00'),
        await appointmentOn('2026-11-25', '12:00'),
      ];
      const answer = await holdWhile(
        (tx) =>
          useSessionIn({ db: tx, clock: ctx.clock }, pro(), {
            appointmentId: a,
            clientPackageId: sold.id,
          }),
        () => useSession(b, sold.id),
      );
      expect(answer.statusCode).toBe(409);
      expect(answer.json().message).toBe(PACKAGE_NO_SESSIONS_MESSAGE);
      expect(await leftOf(sold.id)).toBe(0);
      expect(await ledgerSum(ctx.database.db, shop.profileId, sold.id)).toBe(0);
    },
  );

  it('is held at zero by the database itself, and the ledger is never edited', async () => {
    const sold = await sell(await createPackage(1));
    const { db } = ctx.database;
    await db.insert(packageLedger).values({
      professionalId: shop.profileId,
      clientPackageId: sold.id,
      delta: -1,
      kind: 'use',
    });
    await expect(
      db.insert(packageLedger).values({
        professionalId: shop.profileId,
        clientPackageId: sold.id,
        delta: -1,
        kind: 'use',
      }),
    ).rejects.toMatchObject({ cause: { code: '23514' } });
    await expect(
      db.execute(sql`update package_ledger set delta = 5 where client_package_id = ${sold.id}`),
    ).rejects.toThrow();
    expect(await leftOf(sold.id)).toBe(0);
  });
});

// A use racing a cancel of the same appointment: whichever holds the appointment's row first,
// the session is not lost (PostgreSQL, a transaction left open on a connection of its own).
describe.skipIf(testDatabaseKind !== 'postgres')('a use racing a cancel', () => {
  it('waits for a cancel in progress, then is refused', async () => {
    const sold = await sell(await createPackage(2));
    const id = await appointmentOn('2026-11-26', '11:00');
    const answer = await holdWhile(
      (tx) =>
        updateAppointment({ db: tx, clock: ctx.clock }, shop.profileId, id, {
          status: 'cancelled',
        }),
      () => useSession(id, sold.id),
    );
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toBe(PACKAGE_APPOINTMENT_CANCELLED_MESSAGE);
    expect(await leftOf(sold.id)).toBe(2);
  });

  it('held first, makes the cancel wait, which then gives the session back', async () => {
    const sold = await sell(await createPackage(2));
    const id = await appointmentOn('2026-11-26', '12:00');
    const answer = await holdWhile(
      (tx) =>
        useSessionIn({ db: tx, clock: ctx.clock }, pro(), {
          appointmentId: id,
          clientPackageId: sold.id,
        }),
      () =>
        shop.pro.request({
          method: 'PATCH',
          url: `/api/appointments/${id}`,
          payload: { status: 'cancelled' },
        }),
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await leftOf(sold.id)).toBe(2);
  });
});

describe('validity', () => {
  it('expires once at the end, by its job', async () => {
    const sold = await sell(await createPackage(2));
    const jobId = jobIdFor(PACKAGE_EXPIRY_QUEUE, packageExpiryKey(shop.profileId, sold.id));
    const job = await findJob(ctx.database.db, PACKAGE_EXPIRY_QUEUE, jobId);
    // Midnight after 20/12/2026 in São Paulo.
    expect(job?.startAfter.toISOString()).toBe('2026-12-21T03:00:00.000Z');
    const deps = { db: ctx.database.db, clock: ctx.clock };
    const data = { professionalId: shop.profileId, clientPackageId: sold.id };
    expect(await expireClientPackage(deps, data)).toBe(true);
    expect(await expireClientPackage(deps, data)).toBe(false);
    const expiries = await ctx.database.db
      .select()
      .from(packageLedger)
      .where(and(eq(packageLedger.clientPackageId, sold.id), eq(packageLedger.kind, 'expire')));
    expect(expiries.map((e) => e.delta)).toEqual([-2]);
    const late = await useSession(await appointmentOn('2026-11-26', '09:00'), sold.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(PACKAGE_EXPIRED_MESSAGE);
  });
});
