import {
  formatTime,
  getDefaultAvailability,
  type AvailabilityWeek,
  type availabilityWeekInputSchema,
} from '@agendaki/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import * as repo from './repo';

type WeekInput = z.output<typeof availabilityWeekInputSchema>;

/**
 * What the service needs (docs/decisions/010-one-owner-per-table.md): the database, a
 * transaction when the caller has one (`{ ...deps, db: tx }`). Nothing here reads the time.
 */
export interface AvailabilityDeps {
  db: Db;
}

/** The saved week ordered by day and start; with nothing saved, the default week (docs/product.md section 4), flagged. */
export async function getWeek(
  { db }: AvailabilityDeps,
  professionalId: string,
): Promise<AvailabilityWeek> {
  const rows = await repo.listWindows(db, professionalId);
  if (rows.length === 0) return { isDefault: true, windows: getDefaultAvailability() };
  return {
    isDefault: false,
    windows: rows.map((row) => ({
      dayOfWeek: row.dayOfWeek,
      startTime: formatTime(row.startTime),
      endTime: formatTime(row.endTime),
      isActive: row.isActive,
    })),
  };
}

export async function replaceWeek(
  deps: AvailabilityDeps,
  professionalId: string,
  input: WeekInput,
): Promise<AvailabilityWeek> {
  await repo.replaceWeek(deps.db, professionalId, input.windows);
  return getWeek(deps, professionalId);
}

/** The saved windows as stored (none when the default week applies), for "Exportar tudo". */
export async function listSavedWindows({ db }: AvailabilityDeps, professionalId: string) {
  const rows = await repo.listWindows(db, professionalId);
  return rows.map((row) => ({
    dayOfWeek: row.dayOfWeek,
    startTime: formatTime(row.startTime),
    endTime: formatTime(row.endTime),
    isActive: row.isActive,
  }));
}
