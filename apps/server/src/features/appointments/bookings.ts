// A booking's appointments (features/manage): list, status, move, and its e-mail reminder.
import { type AppointmentStatus, formatTime } from '@agendaki/shared';
import { findReminderSettings } from '../profile/service';
import type { Db } from '../../db/client';
import { type AppointmentsDeps, type BookingBefore, type DbDeps, toAppointmentDto } from './deps';
import { directoriesOf } from './directories';
// The reminder's job only (no service of features/manage, which imports this file).
import { planReminder } from './reminder-schedule';
import * as repo from './repo';

/** A booking's appointments, cancelled ones too, by start (times "HH:MM"). */
export async function listBookingAppointments(
  { db }: DbDeps,
  profileId: string,
  bookingId: string,
) {
  const rows = await repo.listBookingAppointments(
    db,
    profileId,
    directoriesOf(db, profileId),
    bookingId,
  );
  return rows.map((row) => ({
    ...toAppointmentDto(row),
    bookingId: row.bookingId ?? row.id,
  }));
}

/** The booking's start and whether it is live, before a change (the client's notice compares). */
export async function bookingBefore(
  db: Db,
  profileId: string,
  bookingId: string,
): Promise<BookingBefore | null> {
  const rows = await repo.listBookingAppointments(
    db,
    profileId,
    directoriesOf(db, profileId),
    bookingId,
  );
  const first = rows.find((row) => row.status !== 'cancelled') ?? rows[0];
  if (!first) return null;
  return {
    date: first.appointmentDate,
    startTime: formatTime(first.startTime),
    status: first.status === 'cancelled' ? 'cancelled' : 'scheduled',
  };
}

/** The booking an appointment belongs to, if the appointment is the professional's. */
export function findBookingIdOf({ db }: DbDeps, profileId: string, id: string) {
  return repo.findBookingIdOf(db, profileId, id);
}

/**
 * Puts the booking's e-mail reminder before its first live appointment, or removes it
 * (reminder-schedule.ts). In `db`'s transaction, after the change.
 */
export async function replanBookingReminder(
  { db, clock }: AppointmentsDeps,
  profileId: string,
  bookingId: string,
): Promise<void> {
  const rows = await repo.listBookingAppointments(
    db,
    profileId,
    directoriesOf(db, profileId),
    bookingId,
  );
  const first = rows.find((row) => row.status !== 'cancelled');
  const settings = await findReminderSettings({ db }, profileId);
  if (!settings) return;
  await planReminder(db, {
    professionalId: profileId,
    bookingId,
    start: first ? { date: first.appointmentDate, time: formatTime(first.startTime) } : null,
    timeZone: settings.timezone,
    reminderHours: settings.reminderHours,
    now: clock.now(),
  });
}

/** Sets the status of the booking's appointments now in one of `from`; how many changed. */
export function setBookingStatus(
  { db, clock }: AppointmentsDeps,
  profileId: string,
  bookingId: string,
  from: readonly AppointmentStatus[],
  to: AppointmentStatus,
): Promise<number> {
  return repo.setBookingStatus(db, profileId, bookingId, from, to, clock.now());
}

/**
 * Moves a booking's live appointments to new times in `db`'s transaction: first all are
 * released (cancelled, their occupied time freed), then each is put at its new time as
 * `scheduled`, so the old times never block the new ones; the exclusion constraint decides
 * against everyone else (23P01 for the caller to map).
 */
export async function moveBooking(
  { db, clock }: AppointmentsDeps,
  profileId: string,
  bookingId: string,
  moves: readonly {
    id: string;
    appointmentDate: string;
    startTime: string;
    endTime: string;
    /** 'awaiting_deposit' keeps a pending sinal's hold (its deadline stays, decision 017). */
    status?: 'scheduled' | 'awaiting_deposit';
  }[],
): Promise<void> {
  const now = clock.now();
  await repo.setBookingStatus(
    db,
    profileId,
    bookingId,
    ['scheduled', 'confirmed', 'awaiting_deposit'],
    'cancelled',
    now,
  );
  for (const move of moves) {
    await repo.moveAppointment(
      db,
      profileId,
      move.id,
      { ...move, status: move.status ?? 'scheduled' },
      now,
    );
  }
}

/** Live appointments on `date` with client and service, by start (WhatsApp reminders). */
export async function listLiveAppointmentsOn({ db }: DbDeps, profileId: string, date: string) {
  const rows = await repo.listLiveOn(db, profileId, directoriesOf(db, profileId), date);
  return rows.map((row) => ({ ...toAppointmentDto(row), bookingId: row.bookingId ?? row.id }));
}
