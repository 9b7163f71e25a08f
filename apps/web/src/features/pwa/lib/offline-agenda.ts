import { addDaysToDate, zonedToday } from '@agendaki/shared';
import type { QueryClient } from '@tanstack/react-query';
import { agendaCalendarQueryOptions } from '@/features/appointments/api/get-agenda-calendar';
import { getVisibleRange } from '@/features/appointments/lib/calendar-grid';
import { AGENDA_SAVED_AT_KEY } from './forget-device';

/** Today and the next 7 days open without a network (issue 48). */
export const OFFLINE_DAYS = 8;
/** A fresh copy at most this often (each page load); the days she opens are kept as she opens them. */
const REFRESH_MS = 15_000;

/** The ranges the Agenda asks for on those days: each day, and the weeks they fall in. */
export function offlineRanges(today: string): Array<{ from: string; to: string }> {
  const days = Array.from({ length: OFFLINE_DAYS }, (_, i) => addDaysToDate(today, i));
  const weeks = new Map(
    days.map((day) => getVisibleRange('week', day)).map((range) => [range.from, range]),
  );
  return [...days.map((day) => getVisibleRange('day', day)), ...weeks.values()];
}

export function readSavedAt(): number | null {
  try {
    const value = Number(localStorage.getItem(AGENDA_SAVED_AT_KEY));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

/**
 * Reads the next days' agenda through the service worker, which keeps each answer
 * (runtimeCaching in vite.config's pwa.config.ts), and notes when: the offline banner says it.
 */
export async function saveAgendaForOffline(
  queryClient: QueryClient,
  timeZone: string,
  now: Date,
): Promise<void> {
  const savedAt = readSavedAt();
  if (savedAt !== null && now.getTime() - savedAt < REFRESH_MS) return;
  const ranges = offlineRanges(zonedToday(now, timeZone));
  await Promise.all(
    ranges.map((range) =>
      queryClient.fetchQuery({ ...agendaCalendarQueryOptions(range), staleTime: 0 }),
    ),
  );
  try {
    localStorage.setItem(AGENDA_SAVED_AT_KEY, String(now.getTime()));
  } catch {
    // Storage blocked: the banner then shows no time.
  }
}
