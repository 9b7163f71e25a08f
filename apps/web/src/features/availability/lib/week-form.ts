import {
  availabilityWeekInputSchema,
  DEFAULT_AVAILABILITY_END,
  DEFAULT_AVAILABILITY_START,
  isValidTime,
  minutesToTime,
  timeToMinutes,
  WEEKDAY_LABELS,
  type AvailabilityWeekInput,
  type AvailabilityWindow,
} from '@agendaki/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { firstNestedMessage } from '@/lib/validation-toast';

export interface TimeWindow {
  startTime: string;
  endTime: string;
}

/** One weekday as the page edits it: on or off, with one or more windows (a lunch break is two). */
export interface DayForm {
  isActive: boolean;
  windows: TimeWindow[];
}

/** Seven days, index 0 = Sunday (docs/product.md section 9). */
export type WeekForm = DayForm[];

const DEFAULT_WINDOW: TimeWindow = {
  startTime: DEFAULT_AVAILABILITY_START,
  endTime: DEFAULT_AVAILABILITY_END,
};
const LAST_MINUTE = 24 * 60 - 1;

/** Groups the saved windows by weekday; a day with none shows the default hours, off. */
export function toWeekForm(windows: readonly AvailabilityWindow[]): WeekForm {
  return WEEKDAY_LABELS.map((_, dayOfWeek) => {
    const ofDay = windows
      .filter((w) => w.dayOfWeek === dayOfWeek)
      .sort((a, b) => a.startTime.localeCompare(b.startTime));
    if (ofDay.length === 0) return { isActive: false, windows: [{ ...DEFAULT_WINDOW }] };
    return {
      isActive: ofDay.some((w) => w.isActive),
      windows: ofDay.map(({ startTime, endTime }) => ({ startTime, endTime })),
    };
  });
}

/** Where each flat window of the request came from, to put a server-rule error on its row. */
export interface WindowRef {
  day: number;
  index: number;
}

/** The `PUT /api/availability` body: every window, with its day's on/off flag. */
export function toWeekInput(week: WeekForm): { input: AvailabilityWeekInput; refs: WindowRef[] } {
  const refs: WindowRef[] = [];
  const windows = week.flatMap((day, dayOfWeek) =>
    day.windows.map((w, index) => {
      refs.push({ day: dayOfWeek, index });
      return { dayOfWeek, startTime: w.startTime, endTime: w.endTime, isActive: day.isActive };
    }),
  );
  return { input: { windows }, refs };
}

/** "day-index" -> message, for every window the shared rules refuse. */
export type WeekErrors = Map<string, string>;

export const windowKey = (day: number, index: number) => `${day}-${index}`;

const schemaResolver = zodResolver(availabilityWeekInputSchema);

/**
 * Checks the week with the API's own schema through zodResolver (times, end after start, no
 * overlap within a day) and puts each problem on its row, keyed "day-index" (windowKey), or on
 * "week" when it names no window. Empty when the week can be saved.
 */
export async function validateWeek(week: WeekForm): Promise<WeekErrors> {
  const { input, refs } = toWeekInput(week);
  const result = await schemaResolver(input, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  const errors: WeekErrors = new Map();
  for (const [name, error] of Object.entries(result.errors)) {
    const list = name === 'windows' && Array.isArray(error) ? (error as unknown[]) : [error];
    list.forEach((item, flatIndex) => {
      const message = firstNestedMessage(item);
      const ref = name === 'windows' ? refs[flatIndex] : undefined;
      const key = ref ? windowKey(ref.day, ref.index) : 'week';
      if (message && !errors.has(key)) errors.set(key, message);
    });
  }
  return errors;
}

/**
 * The window "Adicionar intervalo" proposes: an hour after the day's last window ends, for two
 * hours (less near midnight); null when the day has no room left.
 */
export function suggestNextWindow(windows: readonly TimeWindow[]): TimeWindow | null {
  const ends = windows
    .map((w) => w.endTime)
    .filter(isValidTime)
    .map(timeToMinutes);
  if (ends.length === 0) return { ...DEFAULT_WINDOW };
  const lastEnd = Math.max(...ends);
  let start = lastEnd + 60;
  let end = start + 120;
  if (end > LAST_MINUTE) {
    start = lastEnd;
    end = Math.min(lastEnd + 60, LAST_MINUTE);
  }
  if (start >= end) return null;
  return { startTime: minutesToTime(start), endTime: minutesToTime(end) };
}
