import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../src/db/client';
import { clients, services, session, user } from '../src/db/schema';
import { createTestApp, type TestContext } from './helpers/app';
import { createAccount, get, post, PASSWORD, signIn } from './helpers/auth';
import { insertAppointment } from './helpers/factories';
import { countStatements, type StatementCounter } from './helpers/statements';

/**
 * docs/decisions/015: an authenticated read costs the session check (session, user, profile and
 * subscription in one statement) plus the read itself; an ended session is refused by the next
 * request, on this instance and on any other one sharing the database.
 */
let ctx: TestContext;
let other: TestContext;
let otherDatabase: Database | undefined;
let statements: StatementCounter;

beforeAll(async () => {
  ctx = await createTestApp();
  // A second instance on the same database: its own pool on PostgreSQL; on PGlite (one
  // connection per data folder) the same database object.
  otherDatabase = ctx.database.url ? await openPostgres(ctx.database.url) : undefined;
  other = await createTestApp({ database: otherDatabase ?? ctx.database });
  statements = countStatements(ctx.database);
}, 60_000);
afterAll(async () => {
  await other?.close();
  await otherDatabase?.close();
  await ctx?.close();
});

async function accountWithData() {
  const account = await createAccount(ctx);
  const db = ctx.database.db;
  const professionalId = account.profile.id;
  const [service] = await db
    .insert(services)
    .values({ professionalId, name: 'Corte', price: '50.00', durationMinutes: 60 })
    .returning();
  const [client] = await db
    .insert(clients)
    .values({ professionalId, name: 'Bia Ramos', email: 'bia@exemplo.com.br' })
    .returning();
  const base = { profile: account.profile, service: service!, client: client! };
  await insertAppointment(db, base, {
    appointmentDate: '2026-11-23',
    startTime: '10:00',
    endTime: '11:00',
  });
  await insertAppointment(db, base, {
    appointmentDate: '2026-11-20',
    startTime: '09:00',
    endTime: '10:00',
    status: 'completed',
  });
  return account;
}

describe('statements per authenticated read', () => {
  it.each([
    ['agenda list', '/api/appointments'],
    ['agenda list, searched', '/api/appointments?search=bia&period=week'],
    ['client search', '/api/clients?search=bia'],
    ['client search, nothing found', '/api/clients?search=zzqqxx'],
    ['agenda list, nothing found', '/api/appointments?search=zzqqxx'],
    ['dashboard', '/api/dashboard/summary'],
  ])('%s (%s) sends at most 3', async (_name, url) => {
    const { cookie } = await accountWithData();
    const first = await get(ctx, url, cookie);
    expect(first.statusCode, first.body).toBe(200);
    for (let round = 0; round < 3; round += 1) {
      let res: Awaited<ReturnType<typeof get>> | undefined;
      const sent = await statements.measure(async () => {
        res = await get(ctx, url, cookie);
      });
      expect(res!.statusCode).toBe(200);
      expect(res!.json()).toEqual(first.json());
      expect(sent, `${url} sent ${sent} statements`).toBeLessThanOrEqual(3);
    }
  });

  it('answers the same data as before: the dashboard figures and the upcoming list', async () => {
    const { cookie } = await accountWithData();
    const summary = (await get(ctx, '/api/dashboard/summary', cookie)).json();
    expect(summary).toMatchObject({
      clientsTotal: 1,
      newClientsThisMonth: 1,
      // Month to date (today is the 21st): the completed one of the 20th, not the 23rd's.
      monthAppointments: 1,
      monthRevenueCents: 5000,
      upcoming: [
        {
          appointmentDate: '2026-11-23',
          startTime: '10:00',
          clientName: 'Bia Ramos',
          serviceName: 'Corte',
          totalPriceCents: 5000,
        },
      ],
    });
    const clientSearch = (await get(ctx, '/api/clients?search=ramos', cookie)).json();
    expect(clientSearch.total).toBe(1);
  });

  it('a page past the end still tells the total', async () => {
    const { cookie } = await accountWithData();
    const clientsPage = (await get(ctx, '/api/clients?page=3', cookie)).json();
    expect(clientsPage).toMatchObject({ items: [], total: 1, page: 3 });
    const agendaPage = (await get(ctx, '/api/appointments?page=2', cookie)).json();
    expect(agendaPage).toMatchObject({ items: [], total: 2, page: 2 });
    const none = (await get(ctx, '/api/clients?search=zzqqxx', cookie)).json();
    expect(none).toMatchObject({ items: [], total: 0 });
  });

  it('refuses without a session, or with a forged cookie, sending nothing', async () => {
    const { cookie } = await accountWithData();
    const [name, value] = cookie.split('=') as [string, string];
    const token = decodeURIComponent(value).split('.')[0]!;
    const forged = `${name}=${encodeURIComponent(`${token}.${'A'.repeat(43)}=`)}`;
    for (const attempt of [undefined, forged, `${name}=${token}`]) {
      let status = 0;
      const sent = await statements.measure(async () => {
        status = (await get(ctx, '/api/appointments', attempt)).statusCode;
      });
      expect(status).toBe(401);
      expect(sent).toBe(0);
    }
  });
});

describe('better-auth still runs when it has work to do', () => {
  const DAY_MS = 24 * 60 * 60 * 1000;
  const setExpiry = (userId: string, expiresAt: Date) =>
    ctx.database.db.update(session).set({ expiresAt }).where(eq(session.userId, userId));

  it('a session due for its daily refresh is extended, its cookie sent again', async () => {
    const { cookie, profile } = await accountWithData();
    await setExpiry(profile.userId, new Date(Date.now() + 10 * DAY_MS));
    const res = await get(ctx, '/api/appointments', cookie);
    expect(res.statusCode).toBe(200);
    expect(res.cookies.some((c) => c.name.endsWith('session_token') && c.value)).toBe(true);
    const [row] = await ctx.database.db
      .select({ expiresAt: session.expiresAt })
      .from(session)
      .where(eq(session.userId, profile.userId));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * DAY_MS);
    const sent = await statements.measure(() => get(ctx, '/api/appointments', cookie));
    expect(sent).toBeLessThanOrEqual(3);
  });

  it('an expired session is refused and its cookie cleared', async () => {
    const { cookie, profile } = await accountWithData();
    await setExpiry(profile.userId, new Date(Date.now() - 1000));
    const res = await get(ctx, '/api/appointments', cookie);
    expect(res.statusCode).toBe(401);
    expect(res.cookies.some((c) => c.name.endsWith('session_token') && !c.value)).toBe(true);
  });
});

describe('an ended session is refused at once, on every instance', () => {
  const onBoth = async (cookie: string) => [
    (await get(ctx, '/api/appointments', cookie)).statusCode,
    (await get(other, '/api/appointments', cookie)).statusCode,
  ];

  it('sign-out', async () => {
    const { cookie } = await accountWithData();
    expect(await onBoth(cookie)).toEqual([200, 200]);
    const out = await post(other, '/api/auth/sign-out', undefined, { cookie });
    expect(out.statusCode).toBe(204);
    expect(await onBoth(cookie)).toEqual([401, 401]);
  });

  it('password change ends the other sessions; this one goes on', async () => {
    const { email, cookie } = await accountWithData();
    const otherDevice = await signIn(ctx, email);
    expect(await onBoth(otherDevice)).toEqual([200, 200]);
    const changed = await post(
      other,
      '/api/auth/change-password',
      { currentPassword: PASSWORD, newPassword: 'outra-senha-9', confirmPassword: 'outra-senha-9' },
      { cookie },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await onBoth(otherDevice)).toEqual([401, 401]);
    expect(await onBoth(cookie)).toEqual([200, 200]);
  });

  it('account deletion (the user row and, by cascade, its sessions)', async () => {
    const { email, cookie } = await accountWithData();
    expect(await onBoth(cookie)).toEqual([200, 200]);
    await other.database.db.delete(user).where(eq(user.email, email));
    expect(await onBoth(cookie)).toEqual([401, 401]);
  });

  it('a trial that ends is refused at once where access is needed, without a restart', async () => {
    const { cookie } = await accountWithData();
    const createService = (app: TestContext) =>
      post(app, '/api/services', { name: 'Escova', price: 40, durationMinutes: 30 }, { cookie });
    expect((await createService(ctx)).statusCode).toBe(201);
    ctx.clock.advance(8 * 24 * 60 * 60 * 1000);
    try {
      const res = await createService(ctx);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('SUBSCRIPTION_REQUIRED');
      expect((await get(ctx, '/api/appointments', cookie)).statusCode).toBe(200);
    } finally {
      ctx.clock.advance(-8 * 24 * 60 * 60 * 1000);
    }
  });
});
