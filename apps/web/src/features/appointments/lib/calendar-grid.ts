import { addDaysToDate, getWeekday, timeToMinutes, type AgendaCalendar } from '@agendaki/shared';

export type CalendarView = 'day' | 'week';

/** The dates shown: the anchor date, or its week from Sunday (as in ptBR) to Saturday. */
export function getVisibleRange(view: CalendarView, anchor: string): { from: string; to: string } {
  if (view === 'day') return { from: anchor, to: anchor };
  const from = addDaysToDate(anchor, -getWeekday(anchor));
  return { from, to: addDaysToDate(from, 6) };
}

/** The anchor one step back or forward: a day, or a week. */
export function moveAnchor(view: CalendarView, anchor: string, direction: -1 | 1): string {
  return addDaysToDate(anchor, direction * (view === 'day' ? 1 : 7));
}

const DEFAULT_START = 8 * 60;
const DEFAULT_END = 18 * 60;

/**
 * The grid's first and last minute: from the earliest window to the latest of the shown days,
 * widened to whole hours and to any appointment or block outside them (8h–18h with none).
 */
export function getGridBounds(calendar: AgendaCalendar): { start: number; end: number } {
  const starts: number[] = [];
  const ends: number[] = [];
  for (const day of calendar.days) {
    for (const window of day.windows) {
      starts.push(window.start);
      ends.push(window.end);
    }
  }
  for (const item of [...calendar.appointments, ...calendar.blocks]) {
    starts.push(timeToMinutes(item.startTime));
    ends.push(timeToMinutes(item.endTime));
  }
  if (starts.length === 0) return { start: DEFAULT_START, end: DEFAULT_END };
  const start = Math.floor(Math.min(...starts) / 60) * 60;
  const end = Math.min(24 * 60, Math.ceil(Math.max(...ends) / 60) * 60);
  return { start, end: Math.max(end, start + 60) };
}

/** The parts of [start, end) outside the day's windows: shaded as closed. */
export function getClosedRanges(
  windows: readonly { start: number; end: number }[],
  bounds: { start: number; end: number },
): { start: number; end: number }[] {
  const sorted = [...windows].sort((a, b) => a.start - b.start);
  const closed: { start: number; end: number }[] = [];
  let cursor = bounds.start;
  for (const window of sorted) {
    if (window.start > cursor)
      closed.push({ start: cursor, end: Math.min(window.start, bounds.end) });
    cursor = Math.max(cursor, window.end);
  }
  if (cursor < bounds.end) closed.push({ start: cursor, end: bounds.end });
  return closed.filter((range) => range.end > range.start);
}

/** The half-hour starts of the grid: the free times a tap turns into a new appointment. */
export function getSlotStarts(bounds: { start: number; end: number }, step = 30): number[] {
  const starts: number[] = [];
  for (let minute = bounds.start; minute < bounds.end; minute += step) starts.push(minute);
  return starts;
}

/** Whether [start, end) meets any of the ranges. */
export function overlapsAny(
  start: number,
  end: number,
  ranges: readonly { startTime: string; endTime: string }[],
): boolean {
  return ranges.some(
    (range) => timeToMinutes(range.startTime) < end && start < timeToMinutes(range.endTime),
  );
}
