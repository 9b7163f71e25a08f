import { TZDate } from '@date-fns/tz';
import {
  addDaysToDate,
  APPOINTMENT_STATUS_LABELS,
  formatCurrencyFromCents,
  formatPhone,
  timeToMinutes,
  type Appointment,
} from '@agendaki/shared';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { tzlib_get_ical_block } from 'timezones-ical-library';

/** Calendar apps poll a subscription every few hours; this asks for about that. */
const REFRESH_SECONDS = 3 * 60 * 60;

/**
 * The VTIMEZONE of a zone from a library that follows the IANA database (Brazil has had no
 * daylight saving time since 2019; older generators still add it and shift every event).
 */
function generateVtimezone(timeZone: string): string | null {
  const [block] = tzlib_get_ical_block(timeZone);
  return block && block.startsWith('BEGIN:VTIMEZONE') ? block : null;
}

/** A wall-clock date and "HH:MM" in the zone; "24:00" is the next day's 00:00. */
function wallClock(date: string, time: string, timeZone: string): TZDate {
  const minutes = timeToMinutes(time);
  const day = minutes >= 24 * 60 ? addDaysToDate(date, 1) : date;
  const [year, month, dayOfMonth] = day.split('-').map(Number);
  const wall = minutes % (24 * 60);
  return new TZDate(year!, month! - 1, dayOfMonth!, Math.floor(wall / 60), wall % 60, 0, timeZone);
}

function describe(appointment: Appointment): string {
  const lines = [
    `Cliente: ${appointment.client.name}`,
    appointment.client.phone ? `Telefone: ${formatPhone(appointment.client.phone)}` : null,
    `Serviço: ${appointment.service.name}`,
    `Valor: ${formatCurrencyFromCents(appointment.totalPriceCents)}`,
    `Status: ${APPOINTMENT_STATUS_LABELS[appointment.status]}`,
    appointment.notes ? `Observações: ${appointment.notes}` : null,
  ];
  return lines.filter((line) => line !== null).join('\n');
}

export interface FeedInput {
  businessName: string;
  timeZone: string;
  now: Date;
  appointments: readonly Appointment[];
}

/**
 * The professional's calendar (RFC 5545) built with ical-generator: times are wall clock in the
 * professional's zone with its VTIMEZONE (TZID=…), cancelled appointments stay as
 * STATUS:CANCELLED so subscribed calendars remove them.
 */
export function buildCalendarFeed({ businessName, timeZone, now, appointments }: FeedInput) {
  const calendar = ical({
    name: `${businessName} – Agendaki`,
    prodId: { company: 'Agendaki', product: 'Agenda', language: 'PT-BR' },
    method: ICalCalendarMethod.PUBLISH,
    timezone: { name: timeZone, generator: generateVtimezone },
    ttl: REFRESH_SECONDS,
  });
  for (const appointment of appointments) {
    calendar.createEvent({
      id: `${appointment.id}@agendaki`,
      start: wallClock(appointment.appointmentDate, appointment.startTime, timeZone),
      end: wallClock(appointment.appointmentDate, appointment.endTime, timeZone),
      timezone: timeZone,
      stamp: now,
      summary: `${appointment.service.name} – ${appointment.client.name}`,
      description: describe(appointment),
      status:
        appointment.status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}
