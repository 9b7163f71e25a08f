import { buildApp, type App } from '../../src/app';
import { loadEnv, type Env } from '../../src/config/env';
import type { Database } from '../../src/db/client';
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
}

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
  const app = await buildApp({ env, database, clock, logger: false });
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
