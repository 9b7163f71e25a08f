import { Calendar } from '@/components/ui/calendar';
import { calendarDateToIso, getClosedWeekdays, isoToCalendarDate } from '../lib/calendar-dates';

export interface BookingCalendarProps {
  /** "YYYY-MM-DD" in the professional's zone: earlier days are disabled. */
  today: string;
  openWeekdays: readonly number[];
  /** The last date within the booking horizon. */
  lastBookableDate: string;
  /** Bookable dates of the month shown; undefined while they load (only the weekdays apply). */
  bookableDays: ReadonlySet<string> | undefined;
  selectedDate: string | null;
  onSelect: (date: string | null) => void;
  /** The month shown, "YYYY-MM". */
  month: string;
  onMonthChange: (month: string) => void;
}

/**
 * One day, in pt-BR; past days, days beyond the horizon, weekdays without an active window and
 * days the server says have nothing to offer are disabled (docs/decisions/009-real-week.md).
 * Loaded on demand: react-day-picker and date-fns are
 * the heaviest part of the page (see date-step.tsx).
 */
export function BookingCalendar({
  today,
  openWeekdays,
  lastBookableDate,
  bookableDays,
  selectedDate,
  onSelect,
  month,
  onMonthChange,
}: BookingCalendarProps) {
  const todayDate = isoToCalendarDate(today);
  const lastDate = isoToCalendarDate(lastBookableDate);
  const selected = selectedDate ? isoToCalendarDate(selectedDate) : undefined;
  return (
    <Calendar
      mode="single"
      selected={selected}
      onSelect={(date) => onSelect(date ? calendarDateToIso(date) : null)}
      today={todayDate}
      month={isoToCalendarDate(`${month}-01`)}
      startMonth={todayDate}
      endMonth={lastDate}
      onMonthChange={(month) => onMonthChange(calendarDateToIso(month).slice(0, 7))}
      disabled={[
        { before: todayDate },
        { after: lastDate },
        { dayOfWeek: getClosedWeekdays(openWeekdays) },
        (date: Date) => bookableDays !== undefined && !bookableDays.has(calendarDateToIso(date)),
      ]}
      showOutsideDays={false}
      className="px-1 py-3 sm:px-3"
    />
  );
}
