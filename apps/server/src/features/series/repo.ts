// The series' queries (one owner per table, decision 010): every one scoped by professional.
import { and, asc, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appointmentSeries, type SeriesService, seriesDates } from '../../db/schema';
import { isUuid } from '../../lib/params';

export type SeriesRow = typeof appointmentSeries.$inferSelect;
export type SeriesDateRow = typeof seriesDates.$inferSelect;
export type NewSeriesDate = Omit<SeriesDateRow, 'professionalId' | 'seriesId' | 'createdAt'>;

export async function insertSeries(
  db: Db,
  professionalId: string,
  values: Omit<SeriesRow, 'professionalId' | 'createdAt' | 'updatedAt'>,
): Promise<void> {
  await db.insert(appointmentSeries).values({ ...values, professionalId });
}

export async function findSeries(db: Db, professionalId: string, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(appointmentSeries)
    .where(and(eq(appointmentSeries.professionalId, professionalId), eq(appointmentSeries.id, id)));
  return row;
}

/** The row locked for a change (FOR UPDATE): two changes of one series queue. */
export async function lockSeries(db: Db, professionalId: string, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(appointmentSeries)
    .where(and(eq(appointmentSeries.professionalId, professionalId), eq(appointmentSeries.id, id)))
    .for('update');
  return row;
}

export async function updateSeries(
  db: Db,
  professionalId: string,
  id: string,
  values: Partial<{
    startTime: string;
    untilDate: string;
    generatedUntil: string;
    services: SeriesService[];
    rule: string;
  }>,
  now: Date,
): Promise<void> {
  await db
    .update(appointmentSeries)
    .set({ ...values, updatedAt: now })
    .where(and(eq(appointmentSeries.professionalId, professionalId), eq(appointmentSeries.id, id)));
}

/**
 * Series whose occurrences stop before `horizon` and whose rule goes on: the extension job's
 * work, oldest first, a batch at a time. Every professional's (the job serves them all).
 */
export function listSeriesToExtend(db: Db, horizon: string, limit: number) {
  return db
    .select({ professionalId: appointmentSeries.professionalId, id: appointmentSeries.id })
    .from(appointmentSeries)
    .where(
      and(
        lt(appointmentSeries.generatedUntil, horizon),
        lt(appointmentSeries.generatedUntil, appointmentSeries.untilDate),
      ),
    )
    .orderBy(asc(appointmentSeries.generatedUntil), asc(appointmentSeries.id))
    .limit(limit);
}

export function listSeriesDates(db: Db, professionalId: string, seriesId: string) {
  return db
    .select()
    .from(seriesDates)
    .where(and(eq(seriesDates.professionalId, professionalId), eq(seriesDates.seriesId, seriesId)))
    .orderBy(asc(seriesDates.date));
}

/** Adds the dates' notes; a date noted already keeps its first note. */
export async function addSeriesDates(
  db: Db,
  professionalId: string,
  seriesId: string,
  rows: readonly NewSeriesDate[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(seriesDates)
    .values(rows.map((row) => ({ ...row, professionalId, seriesId })))
    .onConflictDoNothing();
}
