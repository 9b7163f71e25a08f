import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { availability } from '../../db/schema';

export interface WindowValues {
  dayOfWeek: number;
  startTime: string;
  endTime: string;
  isActive: boolean;
}

export function listWindows(db: Db, professionalId: string) {
  return db
    .select({
      dayOfWeek: availability.dayOfWeek,
      startTime: availability.startTime,
      endTime: availability.endTime,
      isActive: availability.isActive,
    })
    .from(availability)
    .where(eq(availability.professionalId, professionalId))
    .orderBy(asc(availability.dayOfWeek), asc(availability.startTime));
}

/** Replaces the whole week in one transaction: any failure leaves the previous week as it was. */
export async function replaceWeek(
  db: Db,
  professionalId: string,
  windows: readonly WindowValues[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(availability).where(eq(availability.professionalId, professionalId));
    if (windows.length > 0) {
      await tx.insert(availability).values(windows.map((w) => ({ ...w, professionalId })));
    }
  });
}
