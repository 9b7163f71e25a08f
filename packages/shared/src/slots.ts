import type { BookingRules } from './booking-rules';
import { minutesToTime, timeToMinutes } from './time';
import { addDaysToDate, zonedNow } from './zoned-date';

export const SLOT_STEP_MINUTES = 30;

export interface AvailabilityWindow {
  dayOfWeek: number;
  startTime: string;
  endTime: string;
  isActive: boolean;
}

/**
 * Occupied time on the date being offered: an appointment (with its service's buffer after it)
 * or a block. Clipped to the date: a buffer running past midnight ends at "24:00" here and
 * starts at "00:00" on the next date.
 */
export interface BusyInterval {
  startTime: string;
  endTime: string;
}

/** A date's own windows; none means the date is closed. */
export interface DateOverride {
  date: string;
  windows: readonly { startTime: string; endTime: string }[];
}

/** "Folga/Férias": closed from `startDate` to `endDate`, inclusive. */
export interface TimeOffRange {
  startDate: string;
  endDate: string;
}

export interface ListSlotsInput {
  /** ISO calendar date in the professional's zone, e.g. "2026-11-23". */
  date: string;
  windows: readonly AvailabilityWindow[];
  busy: readonly BusyInterval[];
  /** Sum of the selected services' durations. */
  durationMinutes: number;
  now: Date;
  timeZone: string;
  /** Dates with their own windows or closed (holidays switched on are closed dates). */
  overrides?: readonly DateOverride[];
  timeOff?: readonly TimeOffRange[];
  /** The last selected service's "Intervalo após": must not run into occupied time. */
  bufferMinutes?: number;
  /** Without rules: 30-minute steps, no notice beyond "after now", no horizon, no cap. */
  rules?: Omit<BookingRules, 'paused'>;
  /** Appointments already on the date, for the daily cap. */
  bookingsOnDate?: number;
}

/** 0 = Sunday … 6 = Saturday, of the calendar date itself (no zone involved). */
export function getWeekday(isoDate: string): number {
  const [year, month, day] = isoDate.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, day!)).getUTCDay();
}

export type ClosedReason = 'time_off' | 'closed_date' | 'weekday';

/**
 * The windows in effect on a date: none during time off; a date's own windows (or none) when
 * it has an override; else the weekday's active windows. `reason` says why a date has none.
 */
export function resolveDateWindows(
  date: string,
  week: readonly AvailabilityWindow[],
  overrides: readonly DateOverride[] = [],
  timeOff: readonly TimeOffRange[] = [],
): { windows: { start: number; end: number }[]; reason: ClosedReason | null } {
  const toRange = (w: { startTime: string; endTime: string }) => ({
    start: timeToMinutes(w.startTime),
    end: timeToMinutes(w.endTime),
  });
  if (timeOff.some((off) => off.startDate <= date && date <= off.endDate)) {
    return { windows: [], reason: 'time_off' };
  }
  const override = overrides.find((o) => o.date === date);
  if (override) {
    const windows = override.windows.map(toRange);
    return { windows, reason: windows.length === 0 ? 'closed_date' : null };
  }
  const weekday = getWeekday(date);
  const windows = week.filter((w) => w.isActive && w.dayOfWeek === weekday).map(toRange);
  return { windows, reason: windows.length === 0 ? 'weekday' : null };
}

/**
 * The earliest start allowed on `date`, in minutes of that date; null when the whole date is
 * too early (past, or inside the minimum notice) or beyond the horizon. Starts are strictly
 * after "now" and at least `minNoticeMinutes` after it, in the professional's zone.
 */
function earliestStartOn(
  date: string,
  now: Date,
  timeZone: string,
  rules: Omit<BookingRules, 'paused'> | undefined,
): number | null {
  const local = zonedNow(now, timeZone);
  if (date < local.date) return null;
  if (rules && date > addDaysToDate(local.date, rules.horizonDays)) return null;
  const notice = rules?.minNoticeMinutes ?? 0;
  if (notice === 0) return date === local.date ? timeToMinutes(local.time) + 1 : 0;
  // The instant now + notice, read as a wall clock in the zone, rounded up to the minute.
  const earliest = zonedNow(
    new Date(Math.ceil((now.getTime() + notice * 60_000) / 60_000) * 60_000),
    timeZone,
  );
  if (date < earliest.date) return null;
  return date === earliest.date ? timeToMinutes(earliest.time) : 0;
}

/**
 * The start times offered for a date (docs/decisions/009-real-week.md): steps from each window's
 * start (30 minutes, or the rules' step, or the duration itself); the whole duration must fit
 * before the window's end; duration plus buffer must overlap no occupied time; the start
 * respects "now", the minimum notice and the horizon; a date at its cap offers nothing.
 * Sorted, without repeats.
 */
export function listAvailableSlots(input: ListSlotsInput): string[] {
  const { date, windows, busy, durationMinutes, now, timeZone, rules } = input;
  if (!Number.isInteger(durationMinutes) || durationMinutes < 1) return [];
  const step =
    rules === undefined
      ? SLOT_STEP_MINUTES
      : rules.slotStep === 'duration'
        ? durationMinutes
        : rules.slotStep;
  if (rules?.maxBookingsPerDay != null && (input.bookingsOnDate ?? 0) >= rules.maxBookingsPerDay) {
    return [];
  }
  const earliestStart = earliestStartOn(date, now, timeZone, rules);
  if (earliestStart === null) return [];

  const buffer = input.bufferMinutes ?? 0;
  const busyMinutes = busy.map(
    (b) => [timeToMinutes(b.startTime), timeToMinutes(b.endTime)] as const,
  );
  const open = resolveDateWindows(date, windows, input.overrides, input.timeOff).windows;
  const starts = new Set<number>();

  for (const window of open) {
    for (let start = window.start; start + durationMinutes <= window.end; start += step) {
      if (start < earliestStart) continue;
      // The buffer may run past the window's end (cleaning after closing), not into busy time.
      const end = start + durationMinutes + buffer;
      const overlaps = busyMinutes.some(
        ([busyStart, busyEnd]) => start < busyEnd && busyStart < end,
      );
      if (!overlaps) starts.add(start);
    }
  }
  return [...starts].sort((a, b) => a - b).map(minutesToTime);
}

/** Weekdays (0–6) with at least one active window: the calendar disables the others. */
export function listOpenWeekdays(windows: readonly AvailabilityWindow[]): number[] {
  return [...new Set(windows.filter((w) => w.isActive).map((w) => w.dayOfWeek))].sort(
    (a, b) => a - b,
  );
}
