import { TZDate } from '@date-fns/tz';
import {
  addDaysToDate,
  DEFAULT_TIMEZONE,
  isValidTimeZone,
  PRODUCT_NAME,
  timeToMinutes,
} from '@agendaki/shared';

/**
 * An iCalendar file (RFC 5545) with one VEVENT per booked appointment, attached to the client's
 * confirmation. Times are converted from the professional's wall clock to UTC ("…Z"), so no
 * VTIMEZONE block is needed and every calendar app places them right.
 */

export interface IcsEvent {
  uid: string;
  /** ISO date and "HH:MM" in the professional's zone; the end may be "24:00". */
  date: string;
  startTime: string;
  endTime: string;
  summary: string;
  description: string;
  /** The business address (LOCATION), when the professional has one. */
  location?: string | null;
  /** STATUS:CANCELLED, so a calendar that imported the booking drops it (RFC 5545 3.8.1.11). */
  cancelled?: boolean;
}

export interface IcsCalendar {
  timeZone: string;
  now: Date;
  events: readonly IcsEvent[];
}

/** "20261123T120000Z" */
export function toIcsUtc(instant: Date): string {
  return instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** The instant of a wall-clock date and time in the zone; "24:00" is the next day's 00:00. */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const zone = isValidTimeZone(timeZone) ? timeZone : DEFAULT_TIMEZONE;
  const minutes = timeToMinutes(time);
  const day = minutes === 24 * 60 ? addDaysToDate(date, 1) : date;
  const [year, month, dayOfMonth] = day.split('-').map(Number);
  const wall = minutes % (24 * 60);
  const local = new TZDate(
    year!,
    month! - 1,
    dayOfMonth!,
    Math.floor(wall / 60),
    wall % 60,
    0,
    zone,
  );
  return new Date(local.getTime());
}

/** TEXT values escape backslash, semicolon, comma and line breaks. */
export function escapeIcsText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r?\n/g, '\\n');
}

/** Lines longer than 75 octets continue on lines that start with a space, never inside a character. */
export function foldIcsLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let currentBytes = 0;
  for (const char of line) {
    const bytes = Buffer.byteLength(char);
    const limit = parts.length === 0 ? 75 : 74;
    if (currentBytes + bytes > limit) {
      parts.push(current);
      current = '';
      currentBytes = 0;
    }
    current += char;
    currentBytes += bytes;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function buildIcs(calendar: IcsCalendar): string {
  const stamp = toIcsUtc(calendar.now);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${PRODUCT_NAME}//Agendamento online//PT-BR`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
  ];
  for (const event of calendar.events) {
    const start = zonedInstant(event.date, event.startTime, calendar.timeZone);
    const end = zonedInstant(event.date, event.endTime, calendar.timeZone);
    lines.push(
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      `DTSTAMP:${stamp}`,
      `DTSTART:${toIcsUtc(start)}`,
      `DTEND:${toIcsUtc(end)}`,
      `SUMMARY:${escapeIcsText(event.summary)}`,
      `DESCRIPTION:${escapeIcsText(event.description)}`,
      ...(event.location ? [`LOCATION:${escapeIcsText(event.location)}`] : []),
      event.cancelled ? 'STATUS:CANCELLED' : 'STATUS:CONFIRMED',
      'TRANSP:OPAQUE',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldIcsLine).join('\r\n')}\r\n`;
}
