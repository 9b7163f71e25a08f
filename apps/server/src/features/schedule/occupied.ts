import { addDaysToDate, type OccupiedInterval } from '@agendaki/shared';
import * as repo from './repo';
import { minutesLabel, minutesOn, type ScheduleDeps, startOf } from './rules';

/**
 * The occupied time of each date of [from, to] (appointments with their buffers, and blocks),
 * clipped to the date, each saying which it is: a horário fixo's preview tells the professional
 * why a date cannot happen (features/series).
 */
export async function listOccupiedBetween(
  { db }: Pick<ScheduleDeps, 'db'>,
  professionalId: string,
  from: string,
  to: string,
): Promise<Map<string, OccupiedInterval[]>> {
  const rows = await repo.listOccupiedKinds(
    db,
    professionalId,
    startOf(from),
    startOf(addDaysToDate(to, 1)),
  );
  const byDate = new Map<string, OccupiedInterval[]>();
  for (const row of rows) {
    for (let date = row.startsAt.slice(0, 10); startOf(date) < row.endsAt;) {
      const start = minutesOn(date, row.startsAt);
      const list = byDate.get(date) ?? [];
      list.push({
        start,
        end: minutesOn(date, row.endsAt),
        kind: row.isBlock ? 'block' : 'appointment',
        note: row.note,
        startTime: minutesLabel(start),
      });
      byDate.set(date, list);
      date = addDaysToDate(date, 1);
    }
  }
  return byDate;
}
