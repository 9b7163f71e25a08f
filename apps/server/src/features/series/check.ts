// Whether each planned occurrence can happen: the schedule read once, shared's rule per date.
import {
  addDaysToDate,
  checkOccurrence,
  isWithinWeek,
  type OccurrenceProblem,
  planConsecutiveAppointments,
  sumDurations,
} from '@agendaki/shared';
import type { Db } from '../../db/client';
import { zonedInstant } from '../../lib/ics';
import { getWeek } from '../availability/service';
import { findBookingRules } from '../profile/service';
import { findHolidays, listOccupiedBetween, loadSchedule } from '../schedule/service';

export interface SeriesServiceInfo {
  serviceId: string;
  name: string;
  durationMinutes: number;
  bufferMinutes: number;
  priceCents: number;
}

/** One occurrence as planned: the rule's date, and where and when it happens. */
export interface PlannedOccurrence {
  date: string;
  appointmentDate: string;
  startTime: string;
  moved: boolean;
}

export interface CheckedOccurrence extends PlannedOccurrence {
  endTime: string;
  problem: OccurrenceProblem | null;
}

const OUTSIDE_HOURS_WARNING = 'Atenção: este horário está fora do horário de atendimento.';

/**
 * Checks every occurrence against the schedule as it is in `db` now (the caller's transaction,
 * after the professional's lock, when it is about to save): holidays the professional closed,
 * date exceptions, time off, blocks and other appointments (`checkOccurrence` in shared).
 * `ignoreBookings`: the occurrences being moved, whose own time does not count against them.
 */
export async function checkOccurrences(
  db: Db,
  professional: { profileId: string; timezone: string },
  services: readonly SeriesServiceInfo[],
  planned: readonly PlannedOccurrence[],
  now: Date,
): Promise<{ items: CheckedOccurrence[]; warning: string | null }> {
  if (planned.length === 0) return { items: [], warning: null };
  const dates = planned.map((p) => p.appointmentDate).sort();
  const from = dates[0]!;
  const to = dates[dates.length - 1]!;
  const { profileId, timezone } = professional;
  const week = (await getWeek({ db }, profileId)).windows;
  const schedule = await loadSchedule({ db }, profileId, from);
  const rules = await findBookingRules({ db }, profileId);
  const holidays = new Map(
    findHolidays(rules?.state ?? null, from, addDaysToDate(to, 1)).map((h) => [h.date, h.name]),
  );
  const occupied = await listOccupiedBetween({ db }, profileId, from, to);
  const duration = sumDurations(services);
  const buffer = services.at(-1)?.bufferMinutes ?? 0;
  let isOutsideHours = false;
  const items = planned.map((occurrence): CheckedOccurrence => {
    const steps = planConsecutiveAppointments(
      occurrence.startTime,
      services.map((s) => ({ ...s, id: s.serviceId })),
    );
    const endTime = steps?.at(-1)?.endTime ?? '24:00';
    const start = zonedInstant(occurrence.appointmentDate, occurrence.startTime, timezone);
    const problem = checkOccurrence({
      date: occurrence.appointmentDate,
      startTime: occurrence.startTime,
      durationMinutes: duration,
      bufferMinutes: buffer,
      week,
      overrides: schedule.overrides,
      timeOff: schedule.timeOff,
      holidays,
      occupied: occupied.get(occurrence.appointmentDate) ?? [],
      isPast: start.getTime() <= now.getTime(),
    });
    if (
      !problem &&
      !isWithinWeek(occurrence.appointmentDate, occurrence.startTime, duration, week)
    ) {
      isOutsideHours = true;
    }
    return { ...occurrence, endTime, problem };
  });
  return { items, warning: isOutsideHours ? OUTSIDE_HOURS_WARNING : null };
}
