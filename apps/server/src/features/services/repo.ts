import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appointments, services } from '../../db/schema';
import { isUuid } from '../../lib/params';

export type ServiceRow = typeof services.$inferSelect;

/** An id that is not a UUID names no row: answer "not found" instead of a database error. */

export interface ServiceValues {
  name?: string;
  description?: string | null;
  price?: string;
  durationMinutes?: number;
  bufferMinutes?: number;
  isActive?: boolean;
  imageUrl?: string | null;
}

/** All of a professional's services, newest first; or only the active ones, by name. */
export function listServices(db: Db, professionalId: string, options: { activeOnly: boolean }) {
  const mine = eq(services.professionalId, professionalId);
  return options.activeOnly
    ? db
        .select()
        .from(services)
        .where(and(mine, eq(services.isActive, true)))
        .orderBy(asc(services.name), asc(services.id))
    : db.select().from(services).where(mine).orderBy(desc(services.createdAt), desc(services.id));
}

export async function findService(
  db: Db,
  professionalId: string,
  id: string,
): Promise<ServiceRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(services)
    .where(and(eq(services.id, id), eq(services.professionalId, professionalId)));
  return row;
}

export async function insertService(
  db: Db,
  professionalId: string,
  values: Required<Omit<ServiceValues, 'imageUrl'>>,
): Promise<ServiceRow> {
  const [row] = await db
    .insert(services)
    .values({ ...values, professionalId })
    .returning();
  return row!;
}

export async function updateService(
  db: Db,
  professionalId: string,
  id: string,
  values: ServiceValues,
  now: Date,
): Promise<ServiceRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .update(services)
    .set({ ...values, updatedAt: now })
    .where(and(eq(services.id, id), eq(services.professionalId, professionalId)))
    .returning();
  return row;
}

export async function deleteService(
  db: Db,
  professionalId: string,
  id: string,
): Promise<ServiceRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .delete(services)
    .where(and(eq(services.id, id), eq(services.professionalId, professionalId)))
    .returning();
  return row;
}

export async function hasAppointments(
  db: Db,
  professionalId: string,
  serviceId: string,
): Promise<boolean> {
  const rows = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(eq(appointments.professionalId, professionalId), eq(appointments.serviceId, serviceId)),
    )
    .limit(1);
  return rows.length > 0;
}
