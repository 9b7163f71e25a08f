import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pushDeliveries, pushSubscriptions } from '../../db/schema';

const deviceColumns = {
  id: pushSubscriptions.id,
  label: pushSubscriptions.label,
  disabledKinds: pushSubscriptions.disabledKinds,
  createdAt: pushSubscriptions.createdAt,
};

export type DeviceRow = {
  id: string;
  label: string;
  disabledKinds: string[];
  createdAt: Date;
};

export function listDevices(db: Db, professionalId: string): Promise<DeviceRow[]> {
  return db
    .select(deviceColumns)
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.professionalId, professionalId))
    .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
}

export async function countDevices(db: Db, professionalId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.professionalId, professionalId));
  return row?.n ?? 0;
}

/** The device of this endpoint, created or with its keys and name refreshed. */
export async function upsertDevice(
  db: Db,
  professionalId: string,
  input: { endpoint: string; p256dh: string; auth: string; label: string },
  now: Date,
): Promise<DeviceRow> {
  const [row] = await db
    .insert(pushSubscriptions)
    .values({ professionalId, ...input, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [pushSubscriptions.professionalId, pushSubscriptions.endpoint],
      set: {
        p256dh: sql`excluded.p256dh`,
        auth: sql`excluded.auth`,
        label: sql`excluded.label`,
        updatedAt: sql`excluded.updated_at`,
      },
    })
    .returning(deviceColumns);
  return row!;
}

export async function hasDeviceWithEndpoint(
  db: Db,
  professionalId: string,
  endpoint: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.professionalId, professionalId),
        eq(pushSubscriptions.endpoint, endpoint),
      ),
    );
  return row !== undefined;
}

const own = (professionalId: string, id: string) =>
  and(eq(pushSubscriptions.professionalId, professionalId), eq(pushSubscriptions.id, id));

export async function updateDisabledKinds(
  db: Db,
  professionalId: string,
  id: string,
  disabledKinds: string[],
  now: Date,
): Promise<DeviceRow | undefined> {
  const [row] = await db
    .update(pushSubscriptions)
    .set({ disabledKinds, updatedAt: now })
    .where(own(professionalId, id))
    .returning(deviceColumns);
  return row;
}

export async function deleteDevice(db: Db, professionalId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(own(professionalId, id))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

const targetColumns = {
  id: pushSubscriptions.id,
  endpoint: pushSubscriptions.endpoint,
  p256dh: pushSubscriptions.p256dh,
  auth: pushSubscriptions.auth,
};

/** The devices that have not turned `kind` off (one device when `onlyId` is given). */
export function listTargets(db: Db, professionalId: string, kind: string, onlyId?: string) {
  return db
    .select(targetColumns)
    .from(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.professionalId, professionalId),
        onlyId ? eq(pushSubscriptions.id, onlyId) : undefined,
        sql`not (${kind} = any(${pushSubscriptions.disabledKinds}))`,
      ),
    );
}

export async function listDelivered(
  db: Db,
  professionalId: string,
  eventKey: string,
): Promise<string[]> {
  const rows = await db
    .select({ id: pushDeliveries.subscriptionId })
    .from(pushDeliveries)
    .where(
      and(eq(pushDeliveries.professionalId, professionalId), eq(pushDeliveries.eventKey, eventKey)),
    );
  return rows.map((row) => row.id);
}

export async function recordDelivery(
  db: Db,
  professionalId: string,
  subscriptionId: string,
  eventKey: string,
): Promise<void> {
  await db
    .insert(pushDeliveries)
    .values({ professionalId, subscriptionId, eventKey })
    .onConflictDoNothing();
}

export async function clearDeliveries(
  db: Db,
  professionalId: string,
  eventKey: string,
): Promise<void> {
  await db
    .delete(pushDeliveries)
    .where(
      and(eq(pushDeliveries.professionalId, professionalId), eq(pushDeliveries.eventKey, eventKey)),
    );
}

/** Every device id of the professional (account deletion removes their test jobs). */
export async function listDeviceIds(db: Db, professionalId: string): Promise<string[]> {
  const rows = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.professionalId, professionalId));
  return rows.map((row) => row.id);
}
