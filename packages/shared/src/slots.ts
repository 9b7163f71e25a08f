import { minutesToTime, timeToMinutes } from './time';
import { zonedNow } from './zoned-date';

export const SLOT_STEP_MINUTES = 30;

export interface AvailabilityWindow {
  dayOfWeek: number;
  startTime: string;
  endTime: string;
  isActive: boolean;
}

/** A non-cancelled appointment on the date being offered. */
export interface BusyInterval {
  startTime: string;
  endTime: string;
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
  stepMinutes?: number;
}

/** 0 = Sunday … 6 = Saturday, of the calendar date itself (no zone involved). */
export function getWeekday(isoDate: string): number {
  const [year, month, day] = isoDate.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, day!)).getUTCDay();
}

/**
 * The start times offered for a date (docs/product.md, Public booking slots): 30-minute steps from
 * each active window's start; the whole duration must fit before the window's end, overlap no
 * busy interval, and start after "now" in the professional's zone. Sorted, without repeats.
 */
export function listAvailableSlots(input: ListSlotsInput): string[] {
  const { date, windows, busy, durationMinutes, now, timeZone } = input;
  const step = input.stepMinutes ?? SLOT_STEP_MINUTES;
  if (!Number.isInteger(durationMinutes) || durationMinutes < 1) return [];

  const local = zonedNow(now, timeZone);
  if (date < local.date) return [];
  const earliestStart = date === local.date ? timeToMinutes(local.time) + 1 : 0;

  const busyMinutes = busy.map(
    (b) => [timeToMinutes(b.startTime), timeToMinutes(b.endTime)] as const,
  );
  const weekday = getWeekday(date);
  const starts = new Set<number>();

  for (const window of windows) {
    if (!window.isActive || window.dayOfWeek !== weekday) continue;
    const windowEnd = timeToMinutes(window.endTime);
    for (
      let start = timeToMinutes(window.startTime);
      start + durationMinutes <= windowEnd;
      start += step
    ) {
      if (start < earliestStart) continue;
      const end = start + durationMinutes;
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
