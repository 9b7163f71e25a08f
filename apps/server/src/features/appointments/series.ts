// A horário fixo's occurrences (features/series): each is an ordinary booking of its own.
import type { Appointment } from '@agendaki/shared';
import { randomUUID } from 'node:crypto';
import { findReminderSettings } from '../profile/service';
import { type AppointmentsDeps, type DbDeps, toAppointmentDto } from './deps';
import { directoriesOf } from './directories';
import { planReminder } from './reminder-schedule';
import * as repo from './repo';
import * as seriesRepo from './repo/series';

/** One occurrence: its services back to back on one date, as one booking. */
export interface SeriesOccurrenceValues {
  seriesId: string;
  clientId: string;
  appointmentDate: string;
  notes: string | null;
  steps: readonly {
    serviceId: string;
    startTime: string;
    endTime: string;
    totalPrice: string;
    bufferMinutes: number;
  }[];
}

/**
 * The occurrences' appointments in one insert (all or none: an overlap fails it with 23P01 for
 * the caller), each occurrence a booking with its own manage link and reminder. Answers the
 * booking ids in the order given.
 */
export async function addSeriesOccurrences(
  { db, clock }: AppointmentsDeps,
  profileId: string,
  occurrences: readonly SeriesOccurrenceValues[],
): Promise<string[]> {
  if (occurrences.length === 0) return [];
  const bookingIds = occurrences.map(() => randomUUID());
  const rows = occurrences.flatMap((occurrence, index) =>
    occurrence.steps.map((step, position) => {
      const id = position === 0 ? bookingIds[index]! : randomUUID();
      return {
        id,
        bookingId: bookingIds[index]!,
        seriesId: occurrence.seriesId,
        clientId: occurrence.clientId,
        serviceId: step.serviceId,
        appointmentDate: occurrence.appointmentDate,
        startTime: step.startTime,
        endTime: step.endTime,
        totalPrice: step.totalPrice,
        bufferMinutes: step.bufferMinutes,
        status: 'scheduled' as const,
        notes: occurrence.notes,
      };
    }),
  );
  await repo.insertAppointments(db, profileId, rows);
  const settings = await findReminderSettings({ db }, profileId);
  if (settings) {
    for (const [index, occurrence] of occurrences.entries()) {
      await planReminder(db, {
        professionalId: profileId,
        bookingId: bookingIds[index]!,
        start: { date: occurrence.appointmentDate, time: occurrence.steps[0]!.startTime },
        timeZone: settings.timezone,
        reminderHours: settings.reminderHours,
        now: clock.now(),
        newBooking: true,
      });
    }
  }
  return bookingIds;
}

/** Every appointment of the series, cancelled ones too, by date and start. */
export async function listSeriesAppointments(
  { db }: DbDeps,
  profileId: string,
  seriesId: string,
): Promise<Appointment[]> {
  const rows = await seriesRepo.listSeriesRows(
    db,
    profileId,
    directoriesOf(db, profileId),
    seriesId,
  );
  return rows.map(toAppointmentDto);
}

/** The series a booking is an occurrence of, if any. */
export function findSeriesOfBooking({ db }: DbDeps, profileId: string, bookingId: string) {
  return seriesRepo.findSeriesOfBooking(db, profileId, bookingId);
}

/** A new price for one appointment (a series' price change, future occurrences only). */
export function setAppointmentPrice(
  { db, clock }: AppointmentsDeps,
  profileId: string,
  id: string,
  totalPrice: string,
): Promise<void> {
  return seriesRepo.setAppointmentPrice(db, profileId, id, totalPrice, clock.now());
}
