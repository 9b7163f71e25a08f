import { buildApp, type App } from '../../src/app';
import { loadEnv, type Env } from '../../src/config/env';
import type { Database } from '../../src/db/client';
import type { PowDifficulty } from '../../src/features/booking/pow';
import { createFixedClock } from '../../src/lib/clock';
import { createTestDatabase } from './database';

export const TEST_AUTH_SECRET = 'test-auth-secret-0123456789abcdefghijklmnop';

export interface TestContext {
  app: App;
  database: Database;
  env: Env;
  clock: ReturnType<typeof createFixedClock>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Where the fake clock stands; default a Saturday morning in São Paulo. */
  now?: string;
  database?: Database;
  /** Runs before `ready()`, e.g. to add a route that only a test needs. */
  beforeReady?: (app: App) => unknown;
  /** The booking form's proof of work: by default a few cheap counters; null: the app's own. */
  bookingPow?: PowDifficulty | null;
}

/** Real challenges and checks, at a cost no test notices (the default is decision 028's). */
export const TEST_POW_DIFFICULTY: PowDifficulty = { cost: 1, counterMin: 1, counterMax: 3 };

/** The real app on a real database with a fake clock, for `app.inject` (Fastify's testing guide). */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestContext> {
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent-agendaki-dist',
    // As on PostgreSQL, where it is required; a test of the PGlite secret file sets it to ''.
    AUTH_SECRET: TEST_AUTH_SECRET,
    ...options.env,
  });
  const database = options.database ?? (await createTestDatabase());
  const clock = createFixedClock(options.now ?? '2026-11-21T12:00:00.000Z');
  const app = await buildApp({
    env,
    database,
    clock,
    logger: false,
    bookingPow:
      options.bookingPow === null ? undefined : (options.bookingPow ?? TEST_POW_DIFFICULTY),
  });
  await options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    env,
    clock,
    close: async () => {
      await app.close();
      if (!options.database) await database.close();
    },
  };
}
