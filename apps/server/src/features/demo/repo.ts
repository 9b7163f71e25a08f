import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { DEMO_LOCK_KEY } from './data';

/**
 * The demo owns no table: its account, profile, subscription, services, week, clients and
 * appointments are written through their features' services (demo/service.ts). Only the lock
 * that serialises seeding is here.
 */

/** Held until the seeding transaction ends: two instances starting together take turns. */
export async function lockDemoSeeding(db: Db): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${DEMO_LOCK_KEY})`);
}
