import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, clients, profiles, services } from '../src/db/schema';
import { createTestApp, type TestContext } from './helpers/app';
import { createAccount, get } from './helpers/auth';

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof createAccount>>;
let ids: Record<string, string>;

/** One professional's data around the end of November in São Paulo (UTC-3). */
async function seed(profileId: string) {
  const db = ctx.database.db;
  const [service] = await db
    .insert(services)
    .values({ professionalId: profileId, name: 'Corte', price: '50.00', durationMinutes: 60 })
    .returning();
  const [early, late] = await db
    .insert(clients)
    .values([
      { professionalId: profileId, name: 'Bia', createdAt: new Date('2026-10-20T12:00:00Z') },
      // 23:00 on Nov 30 in São Paulo, already Dec 1 in UTC: a November client.
      { professionalId: profileId, name: 'Carla', createdAt: new Date('2026-12-01T02:00:00Z') },
    ])
    .returning();
  const base = { professionalId: profileId, serviceId: service!.id, clientId: early!.id };
  const rows = await db
    .insert(appointments)
    .values([
      {
        ...base,
        appointmentDate: '2026-11-30',
        startTime: '10:00',
        endTime: '11:00',
        totalPrice: '50.00',
      },
      {
        ...base,
        appointmentDate: '2026-11-30',
        startTime: '23:00',
        endTime: '23:30',
        totalPrice: '500.00',
        status: 'cancelled',
      },
      {
        ...base,
        appointmentDate: '2026-11-29',
        startTime: '10:00',
        endTime: '11:00',
        totalPrice: '40.00',
        status: 'completed',
      },
      {
        ...base,
        appointmentDate: '2026-11-05',
        startTime: '10:00',
        endTime: '11:00',
        totalPrice: '30.00',
      },
      {
        ...base,
        appointmentDate: '2026-10-30',
        startTime: '10:00',
        endTime: '11:00',
        totalPrice: '20.00',
      },
      // A no-show earns nothing and is counted apart.
      {
        ...base,
        appointmentDate: '2026-11-20',
        startTime: '10:00',
        endTime: '11:00',
        totalPrice: '70.00',
        status: 'no_show',
      },
      // After the same day-of-month span of October: not compared.
      {
        ...base,
        appointmentDate: '2026-10-31',
        startTime: '10:00',
        endTime: '11:00',
        totalPrice: '99.00',
      },
      {
        ...base,
        clientId: late!.id,
        appointmentDate: '2026-12-01',
        startTime: '09:00',
        endTime: '10:00',
        totalPrice: '55.50',
        status: 'confirmed',
      },
      {
        ...base,
        appointmentDate: '2026-12-03',
        startTime: '14:00',
        endTime: '15:00',
        totalPrice: '50.00',
      },
      // Awaiting its Pix sinal: it holds its time, but counts and earns nothing until the sinal
      // is received (docs/decisions/017-pix-sinal.md), and is not among the next appointments.
      {
        ...base,
        appointmentDate: '2026-11-30',
        startTime: '12:00',
        endTime: '13:00',
        totalPrice: '80.00',
        status: 'awaiting_deposit',
      },
      {
        ...base,
        appointmentDate: '2026-12-02',
        startTime: '10:00',
        endTime: '11:00',
        totalPrice: '80.00',
        status: 'awaiting_deposit',
      },
    ])
    .returning({ id: appointments.id });
  return { dec1: rows[7]!.id, dec3: rows[8]!.id };
}

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createAccount(ctx);
  ids = await seed(owner.profile.id);
});
afterAll(async () => {
  await ctx.close();
});

const summary = (cookie: string) => get(ctx, '/api/dashboard/summary', cookie);

describe('GET /api/dashboard/summary', () => {
  it('needs a session', async () => {
    expect((await get(ctx, '/api/dashboard/summary')).statusCode).toBe(401);
  });

  it('at 23:59 on Nov 30 in São Paulo (02:59Z on Dec 1) it is still November', async () => {
    ctx.clock.set('2026-12-01T02:59:00Z');
    const res = await summary(owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      todayCount: 1,
      yesterdayCount: 1,
      monthRevenueCents: 12_000,
      previousMonthRevenueCents: 2_000,
      monthAppointments: 3,
      previousMonthAppointments: 1,
      monthNoShows: 1,
      clientsTotal: 2,
      newClientsThisMonth: 1,
      upcoming: [
        {
          id: ids.dec1,
          appointmentDate: '2026-12-01',
          startTime: '09:00',
          endTime: '10:00',
          status: 'confirmed',
          clientName: 'Carla',
          clientPhone: null,
          serviceName: 'Corte',
          totalPriceCents: 5_550,
        },
        expect.objectContaining({
          id: ids.dec3,
          appointmentDate: '2026-12-03',
          startTime: '14:00',
        }),
      ],
    });
  });

  it('at 00:00 on Dec 1 in São Paulo a new day and a new month begin', async () => {
    ctx.clock.set('2026-12-01T03:00:00Z');
    expect((await summary(owner.cookie)).json()).toMatchObject({
      todayCount: 1,
      yesterdayCount: 1,
      monthRevenueCents: 5_550,
      previousMonthRevenueCents: 0,
      monthAppointments: 1,
      previousMonthAppointments: 0,
      monthNoShows: 0,
      clientsTotal: 2,
      newClientsThisMonth: 0,
    });
  });

  it('lists only appointments that have not started yet', async () => {
    ctx.clock.set('2026-12-01T12:01:00Z'); // 09:01 in São Paulo: the 09:00 one has begun
    const { upcoming } = (await summary(owner.cookie)).json();
    expect(upcoming.map((a: { id: string }) => a.id)).toEqual([ids.dec3]);
  });

  it('follows the profile time zone', async () => {
    const tokyo = await createAccount(ctx);
    await seed(tokyo.profile.id);
    await ctx.database.db
      .update(profiles)
      .set({ timezone: 'Asia/Tokyo' })
      .where(eq(profiles.id, tokyo.profile.id));
    ctx.clock.set('2026-11-30T12:00:00Z'); // 21:00 on Nov 30 in Tokyo, 09:00 in São Paulo
    const json = (await summary(tokyo.cookie)).json();
    expect(json).toMatchObject({ todayCount: 1, monthAppointments: 3 });
    expect(json.upcoming).toHaveLength(2);
  });
});

describe('each account sees only its own data', () => {
  it('a second account gets its own /api/me and an empty summary', async () => {
    ctx.clock.set('2026-12-01T02:59:00Z');
    const other = await createAccount(ctx, { businessName: 'Outro Negócio' });
    const me = (await get(ctx, '/api/me', other.cookie)).json();
    expect(me.user).toEqual({ id: other.profile.userId, email: other.email });
    expect(me.profile.id).toBe(other.profile.id);
    expect(me.profile.businessName).toBe('Outro Negócio');
    expect(JSON.stringify(me)).not.toContain(owner.email);

    expect((await summary(other.cookie)).json()).toEqual({
      todayCount: 0,
      yesterdayCount: 0,
      monthRevenueCents: 0,
      previousMonthRevenueCents: 0,
      monthAppointments: 0,
      previousMonthAppointments: 0,
      monthNoShows: 0,
      clientsTotal: 0,
      newClientsThisMonth: 0,
      upcoming: [],
    });
  });
});
