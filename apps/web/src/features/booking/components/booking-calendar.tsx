import { Calendar } from '@/components/ui/calendar';
import { calendarDateToIso, getClosedWeekdays, isoToCalendarDate } from '../lib/calendar-dates';

export interface BookingCalendarProps {
  /** "YYYY-MM-DD" in the professional's zone: earlier days are disabled. */
  today: string;
  openWeekdays: readonly number[];
  selectedDate: string | null;
  onSelect: (date: string | null) => void;
}

/**
 * One day, in pt-BR; past days and weekdays without an active window are disabled
 * (docs/product.md, Public booking slots). Loaded on demand: react-day-picker and date-fns are
 * the heaviest part of the page (see date-step.tsx).
 */
export function BookingCalendar({
  today,
  openWeekdays,
  selectedDate,
  onSelect,
}: BookingCalendarProps) {
  const todayDate = isoToCalendarDate(today);
  const selected = selectedDate ? isoToCalendarDate(selectedDate) : undefined;
  return (
    <Calendar
      mode="single"
      selected={selected}
      onSelect={(date) => onSelect(date ? calendarDateToIso(date) : null)}
      today={todayDate}
      defaultMonth={selected ?? todayDate}
      startMonth={todayDate}
      disabled={[{ before: todayDate }, { dayOfWeek: getClosedWeekdays(openWeekdays) }]}
      showOutsideDays={false}
      className="px-1 py-3 sm:px-3"
    />
  );
}
