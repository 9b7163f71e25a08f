// The appointments' part of an LGPD export, erasure and account deletion (docs/decisions/012-lgpd.md).
import type { Appointment } from '@agendaki/shared';
import { type AppointmentsDeps, type DbDeps, toAppointmentDto } from './deps';
import { directoriesOf } from './directories';
import * as repo from './repo';

/**
 * Every appointment of the professional, or of one client, by date and time, read in batches
 * by key (never OFFSET): an export of 100,000 appointments holds one batch at a time.
 */
export async function* streamAppointments(
  { db }: DbDeps,
  profileId: string,
  options: { clientId?: string; batchSize?: number } = {},
): AsyncGenerator<Appointment> {
  const limit = options.batchSize ?? 1000;
  let after: repo.AppointmentCursor | null = null;
  for (;;) {
    const rows = await repo.listAppointmentsAfter(db, profileId, directoriesOf(db, profileId), {
      clientId: options.clientId,
      after,
      limit,
    });
    for (const row of rows) yield toAppointmentDto(row);
    if (rows.length < limit) return;
    const last = rows[rows.length - 1]!;
    after = { appointmentDate: last.appointmentDate, startTime: last.startTime, id: last.id };
  }
}

/** A client's data erased: their appointments stay, without the notes they typed. Returns the ids. */
export function clearClientNotes(
  { db, clock }: AppointmentsDeps,
  profileId: string,
  clientId: string,
): Promise<string[]> {
  return repo.clearNotesOfClient(db, profileId, clientId, clock.now());
}

/** An account deleted: its appointments go first (a service cannot go while one points at it). */
export function deleteAllAppointments({ db }: DbDeps, profileId: string): Promise<void> {
  return repo.deleteAllOfProfessional(db, profileId);
}
