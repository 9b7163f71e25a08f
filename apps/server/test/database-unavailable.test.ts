import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { openPostgres, type Database } from '../src/db/client';
import { profiles } from '../src/db/schema';
import { AppError, isDatabaseUnavailable } from '../src/lib/errors';
import { SERVICE_UNAVAILABLE_MESSAGE, toAppError } from '../src/plugins/errors';
import { withDatabase } from './global-setup';
import { createTestApp, type TestContext } from './helpers/app';
import {
  bookingBody,
  createBookableProfessional,
  offlinePow,
  postBooking,
  solvePow,
} from './helpers/booking';
import { createTestDatabase } from './helpers/database';

/**
 * The database going away answers 503 SERVICE_UNAVAILABLE with Retry-After, never 500: real
 * errors from a real node-postgres client and a real PGlite, never a mocked database.
 */

/** A port nothing listens on: connections are refused at once. */
const CLOSED_PORT_URL = 'postgres://postgres@127.0.0.1:1/agendaki';
const AUTH_SECRET = 'x'.repeat(40);
const postgresUrl = process.env.TEST_DATABASE_URL;

async function failureOf(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

function expectUnavailable(error: unknown): void {
  expect(isDatabaseUnavailable(error), String(error)).toBe(true);
  const appError = toAppError(error);
  expect(appError?.statusCode).toBe(503);
  expect(appError?.code).toBe('SERVICE_UNAVAILABLE');
  expect(appError?.message).toBe(SERVICE_UNAVAILABLE_MESSAGE);
}

function expectNotUnavailable(error: unknown): void {
  expect(isDatabaseUnavailable(error), String(error)).toBe(false);
  expect(toAppError(error)?.statusCode).not.toBe(503);
}

describe('node-postgres errors when PostgreSQL is unreachable', () => {
  let pool: pg.Pool;
  beforeAll(() => {
    pool = new pg.Pool({ connectionString: CLOSED_PORT_URL, connectionTimeoutMillis: 2_000 });
    pool.on('error', () => {});
  });
  afterAll(async () => {
    await pool.end().catch(() => {});
  });

  it('connection refused, wrapped by drizzle (DrizzleQueryError → ECONNREFUSED)', async () => {
    const error = await failureOf(() => drizzleNodePg({ client: pool }).execute(sql`select 1`));
    expect((error as Error).cause).toMatchObject({ code: 'ECONNREFUSED' });
    expectUnavailable(error);
  });

  it('connection refused when a transaction starts (unwrapped)', async () => {
    const db = drizzleNodePg({ client: pool });
    const error = await failureOf(() => db.transaction((tx) => tx.execute(sql`select 1`)));
    expect(error).toMatchObject({ code: 'ECONNREFUSED' });
    expectUnavailable(error);
  });

  it('a pool already ended (a request still running while the app closes)', async () => {
    const ended = new pg.Pool({ connectionString: CLOSED_PORT_URL });
    await ended.end();
    const error = await failureOf(() => drizzleNodePg({ client: ended }).execute(sql`select 1`));
    expectUnavailable(error);
  });
});

describe('PGlite errors once it is closed', () => {
  let db: ReturnType<typeof drizzlePglite>;
  beforeAll(async () => {
    const client = new PGlite();
    await client.waitReady;
    db = drizzlePglite({ client });
    await client.close();
  });

  it('a query (DrizzleQueryError → "PGlite is closed")', async () => {
    const error = await failureOf(() => db.execute(sql`select 1`));
    expectUnavailable(error);
  });

  it('a transaction', async () => {
    const error = await failureOf(() => db.transaction((tx) => tx.execute(sql`select 1`)));
    expectUnavailable(error);
  });
});

describe.skipIf(!postgresUrl)('PostgreSQL dropping and refusing connections', () => {
  let admin: pg.Client;
  let pool: pg.Pool;
  let databaseName: string;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    // Named like the run's other databases: the global teardown drops it even after a crash.
    databaseName = `agendaki_t_${inject('postgresRunId')}_down_${randomBytes(4).toString('hex')}`;
    await admin.query(`CREATE DATABASE "${databaseName}"`);
    pool = new pg.Pool({
      connectionString: withDatabase(postgresUrl!, databaseName),
      max: 1,
      connectionTimeoutMillis: 300,
    });
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
  });
  afterAll(async () => {
    await pool?.end().catch(() => {});
    await admin?.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
    await admin?.end();
  });

  it('a connection terminated mid-query (57P01), then unusable ("Connection terminated")', async () => {
    const client = await pool.connect();
    try {
      const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
      const running = failureOf(() => client.query('select pg_sleep(10)'));
      await new Promise((resolve) => setTimeout(resolve, 200));
      await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
      const terminated = await running;
      expect(terminated).toMatchObject({ code: '57P01' });
      expectUnavailable(terminated);
      const after = await failureOf(() => client.query('select 1'));
      expectUnavailable(after);
    } finally {
      client.release(true);
    }
  });

  it('every connection busy past the pool timeout', async () => {
    const held = await pool.connect();
    try {
      const error = await failureOf(() => drizzleNodePg({ client: pool }).execute(sql`select 1`));
      expect((error as Error).cause).toMatchObject({
        message: 'timeout exceeded when trying to connect',
      });
      expectUnavailable(error);
    } finally {
      held.release();
    }
  });

  it('a database that refuses new connections (55000 while connecting)', async () => {
    await admin.query(`ALTER DATABASE "${databaseName}" WITH ALLOW_CONNECTIONS false`);
    try {
      const fresh = new pg.Pool({ connectionString: withDatabase(postgresUrl!, databaseName) });
      const error = await failureOf(() => drizzleNodePg({ client: fresh }).execute(sql`select 1`));
      await fresh.end();
      expect((error as Error).cause).toMatchObject({ code: '55000' });
      expectUnavailable(error);
    } finally {
      await admin.query(`ALTER DATABASE "${databaseName}" WITH ALLOW_CONNECTIONS true`);
    }
  });
});

describe('errors a client or a bug causes are never 503', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it.each([
    [
      'a unique violation (409)',
      sql`insert into app_settings (key, value) values ('k', 'a'), ('k', 'b')`,
      409,
    ],
    ['text that is not a uuid (400)', sql`select * from profiles where id = 'nao-e-uuid'`, 400],
    ['a syntax error (a bug: 500)', sql`selec 1`, undefined],
  ])('%s', async (_name, query, status) => {
    const error = await failureOf(() => database.db.execute(query));
    expectNotUnavailable(error);
    expect(toAppError(error)?.statusCode).toBe(status);
  });

  it('a query on the live database still works (the checks above broke nothing)', async () => {
    await expect(database.db.select().from(profiles)).resolves.toEqual([]);
  });

  it('a client that hangs up mid-upload (ECONNRESET with 400) stays a 4xx', () => {
    const aborted = Object.assign(new Error('aborted'), { code: 'ECONNRESET', statusCode: 400 });
    expect(toAppError(aborted)?.statusCode).toBe(400);
  });

  it('a bug in a route, with the database up, stays a 500', async () => {
    const ctx = await createTestApp({
      database,
      beforeReady: (app) =>
        app.get('/api/test-bug', async () => {
          throw new TypeError("Cannot read properties of undefined (reading 'id')");
        }),
    });
    try {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/test-bug' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({ code: 'INTERNAL' });
      expect(res.headers['retry-after']).toBeUndefined();
    } finally {
      await ctx.app.close();
    }
  });

  it('an AppError keeps its own status', () => {
    const error = new AppError('NOT_FOUND', 'Profissional não encontrado');
    expect(toAppError(error)?.statusCode).toBe(404);
  });
});

describe('the API while the database is down', () => {
  it('a server whose PostgreSQL refuses connections answers 503 with Retry-After', async () => {
    const database = await openPostgres(CLOSED_PORT_URL);
    const ctx = await createTestApp({ database, env: { AUTH_SECRET } });
    try {
      const booking = await ctx.app.inject({
        method: 'POST',
        url: '/api/public/bookings',
        payload: {
          professionalId: '00000000-0000-4000-8000-000000000000',
          serviceIds: ['00000000-0000-4000-8000-000000000001'],
          date: '2026-11-23',
          time: '09:00',
          clientName: 'Maria Cliente',
          clientEmail: 'maria@exemplo.com.br',
          clientPhone: null,
          notes: null,
          idempotencyKey: '3b8f1c2e-5d4a-4f6b-9c7d-1e2f3a4b5c6d',
          pow: await offlinePow(AUTH_SECRET, ctx.clock),
        },
      });
      expect(booking.statusCode, booking.body).toBe(503);
      expect(booking.headers['retry-after']).toBe('5');
      expect(booking.json()).toEqual({
        statusCode: 503,
        code: 'SERVICE_UNAVAILABLE',
        message: SERVICE_UNAVAILABLE_MESSAGE,
        requestId: booking.headers['x-request-id'],
      });

      const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({
        status: 'error',
        database: { kind: 'postgres', reachable: false },
      });

      // A body the parser refuses is still the client's fault, database or not.
      const invalid = await ctx.app.inject({
        method: 'POST',
        url: '/api/public/bookings',
        headers: { 'content-type': 'application/json' },
        payload: '{"professionalId":',
      });
      expect(invalid.statusCode).toBe(400);
    } finally {
      await ctx.app.close();
      await database.close();
    }
  });

  describe('after the test database closes under a running app', () => {
    let ctx: TestContext;
    let database: Database;
    let shop: Awaited<ReturnType<typeof createBookableProfessional>>;
    let pow: string;

    beforeAll(async () => {
      database = await createTestDatabase();
      ctx = await createTestApp({
        database,
        // An error that hides its cause, like better-auth's "Failed to get session".
        beforeReady: (app) =>
          app.get('/api/test-opaque', async () => {
            throw new Error('Failed to get session');
          }),
      });
      shop = await createBookableProfessional(ctx);
      // Solved while the database answers: its check reaches the database, which then fails.
      pow = await solvePow(ctx);
      await database.close();
    });
    afterAll(async () => {
      await ctx.app.close();
    });

    it('a public booking answers 503, not 500', async () => {
      const res = await postBooking(ctx, bookingBody(shop, { pow }));
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    });

    it('a signed-in request answers 503, not 401 (the session is not lost)', async () => {
      const res = await shop.pro.request({ method: 'GET', url: '/api/services' });
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    });

    it('an error that hides its cause answers 503 when the database does not answer either', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/test-opaque' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
    });

    it('/api/health reports the database down with 503', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'error', database: { reachable: false } });
    });
  });
});
