import { addDaysToDate, resolveDateWindows, type AgendaCalendar } from '@agendaki/shared';
import type { Db } from '../../db/client';
import { readAll } from '../../db/read-all';
import { listAppointmentsInRange } from '../appointments/service';
import { getWeek } from '../availability/service';
import { listBlocks, loadSchedule } from '../schedule/service';

/** A week of a busy professional is far below this; a bound all the same. */
const MAX_APPOINTMENTS = 2_000;

/**
 * The Agenda's day and week views (docs/decisions/014-calendar-and-numbers.md): each date's
 * windows as the booking page resolves them (the week, date exceptions, time off), the
 * appointments that hold time and the blocks, all wall clock in the professional's zone.
 */
export async function getAgendaCalendar(
  { db }: { db: Db },
  professionalId: string,
  range: { from: string; to: string },
): Promise<AgendaCalendar> {
  const [week, schedule, appointments, blocks] = await readAll(db, [
    () => getWeek({ db }, professionalId),
    () => loadSchedule({ db }, professionalId, range.from),
    () => listAppointmentsInRange({ db }, professionalId, range, MAX_APPOINTMENTS),
    () => listBlocks({ db }, professionalId, range),
  ]);
  const days: AgendaCalendar['days'] = [];
  for (let date = range.from; date <= range.to; date = addDaysToDate(date, 1)) {
    const { windows, reason } = resolveDateWindows(
      date,
      week.windows,
      schedule.overrides,
      schedule.timeOff,
    );
    days.push({ date, windows, closedReason: reason });
  }
  return {
    days,
    appointments: appointments.filter((appointment) => appointment.status !== 'cancelled'),
    blocks,
  };
}
