import type { Db } from '../../db/client';
import { cancelJobAt, jobIdFor, rescheduleJobAt, sendJobAt, type JobToSend } from '../../db/queue';
import { REMINDER_QUEUE } from '../../db/queues';
import { zonedInstant } from '../../lib/ics';

/**
 * The e-mail reminder's job, once per booking (decision 008's `…JobAt` by key), planned in the
 * transaction that books or moves the booking; features/manage's handler sends it.
 */
export interface ReminderJobData {
  professionalId: string;
  bookingId: string;
}

const HOUR = 3_600_000;

export function reminderKey(professionalId: string, bookingId: string): string {
  return `${professionalId.toLowerCase()}:${bookingId.toLowerCase()}`;
}

export function reminderTime(
  start: { date: string; time: string },
  timeZone: string,
  reminderHours: number,
): Date {
  return new Date(zonedInstant(start.date, start.time, timeZone).getTime() - reminderHours * HOUR);
}

/**
 * Puts the booking's reminder at `reminderHours` before `start` (its first live appointment),
 * replacing any earlier one; none when there is no live start, reminders are off, or that time
 * has passed already (a booking made after its reminder time gets none). In `db`'s transaction.
 * `newBooking`: the booking was created in this transaction, so it has no earlier job to
 * replace or cancel: its job is sent, without a delete before.
 */
export async function planReminder(
  db: Db,
  input: {
    professionalId: string;
    bookingId: string;
    start: { date: string; time: string } | null;
    timeZone: string;
    reminderHours: number;
    now: Date;
    newBooking?: boolean;
  },
): Promise<void> {
  const key = reminderKey(input.professionalId, input.bookingId);
  const at = input.start ? reminderTime(input.start, input.timeZone, input.reminderHours) : null;
  if (!at || input.reminderHours === 0 || at.getTime() <= input.now.getTime()) {
    if (!input.newBooking) await cancelJobAt(db, REMINDER_QUEUE, key);
    return;
  }
  const data: ReminderJobData = {
    professionalId: input.professionalId.toLowerCase(),
    bookingId: input.bookingId.toLowerCase(),
  };
  if (input.newBooking) await sendJobAt(db, REMINDER_QUEUE, key, at, data);
  else await rescheduleJobAt(db, REMINDER_QUEUE, key, at, data);
}

/**
 * A new booking's reminder job, for the caller to send with its other jobs in one call (the
 * booking's, features/booking): the job `planReminder` would send, or null when it would send
 * none. Its id is the key's, as `sendJobAt` gives it.
 */
export function newBookingReminderJob(input: {
  professionalId: string;
  bookingId: string;
  start: { date: string; time: string };
  timeZone: string;
  reminderHours: number;
  now: Date;
}): JobToSend | null {
  const at = reminderTime(input.start, input.timeZone, input.reminderHours);
  if (input.reminderHours === 0 || at.getTime() <= input.now.getTime()) return null;
  const data: ReminderJobData = {
    professionalId: input.professionalId.toLowerCase(),
    bookingId: input.bookingId.toLowerCase(),
  };
  const key = reminderKey(input.professionalId, input.bookingId);
  return { queue: REMINDER_QUEUE, data, id: jobIdFor(REMINDER_QUEUE, key), startAfter: at };
}
