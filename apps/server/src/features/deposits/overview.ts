// What the professional sees of the deposits: the dashboard's overview, the Agenda's cards, deadlines.
import {
  type DepositOverview,
  type DepositStatus,
  type DepositSummary,
  zonedNow,
} from '@agendaki/shared';
import type { Db } from '../../db/client';
import { listBookingAppointments } from '../appointments/service';
import type { DepositsDeps } from './deps';
import * as repo from './repo';

// ------------------------------------------------------------ what the professional sees

const DAY = 86_400_000;

async function summarize(
  db: Db,
  professionalId: string,
  rows: readonly repo.DepositRow[],
): Promise<DepositSummary[]> {
  const summaries: DepositSummary[] = [];
  for (const row of rows) {
    const appointments = await listBookingAppointments({ db }, professionalId, row.bookingId);
    const first = appointments[0];
    summaries.push({
      bookingId: row.bookingId,
      status: row.status as DepositStatus,
      amountCents: row.amountCents,
      deadline: row.deadline.toISOString(),
      clientName: first?.client.name ?? '',
      date: first?.appointmentDate ?? '',
      startTime: first?.startTime ?? '',
      confirmedAt: row.status === 'received' ? (row.settledAt?.toISOString() ?? null) : null,
      source: row.source,
    });
  }
  return summaries;
}

/** The dashboard's deposits: the pending ones, and the last 30 days' received and expired. */
export async function getDepositOverview(
  deps: DepositsDeps,
  professionalId: string,
): Promise<DepositOverview> {
  const since = new Date(deps.clock.now().getTime() - 30 * DAY);
  const rows = await repo.listDeposits(deps.db, professionalId, since);
  const counts = await repo.countSince(deps.db, professionalId, since);
  const pending = rows.filter((row) => row.status === 'pending');
  const recent = rows.filter((row) => row.status !== 'pending').slice(0, 10);
  const of = (status: DepositStatus) => counts.find((c) => c.status === status);
  return {
    pending: await summarize(deps.db, professionalId, pending.slice(0, 50)),
    receivedCount: of('received')?.count ?? 0,
    receivedCents: of('received')?.cents ?? 0,
    expiredCount: of('expired')?.count ?? 0,
    recent: await summarize(deps.db, professionalId, recent),
  };
}

/** The deposits of these bookings (the Agenda's cards), the professional's only. */
export async function listDepositsOfBookings(
  deps: Pick<DepositsDeps, 'db'>,
  professionalId: string,
  bookingIds: readonly string[],
): Promise<{ bookingId: string; status: DepositStatus; amountCents: number; deadline: string }[]> {
  const rows = await repo.listDepositsOfBookings(deps.db, professionalId, bookingIds);
  return rows.map((row) => ({
    bookingId: row.bookingId,
    status: row.status as DepositStatus,
    amountCents: row.amountCents,
    deadline: row.deadline.toISOString(),
  }));
}

/** "HH:MM" of an instant in the professional's zone (mails, success screen). */
export function deadlineText(deadline: Date, timeZone: string): string {
  const { date, time } = zonedNow(deadline, timeZone);
  const [, month, day] = date.split('-');
  return `${day}/${month} às ${time}`;
}

/**
 * Bookings whose sinal expired unpaid since `since` (a subquery of booking ids): a visitor who
 * lets holds expire again and again is refused a new one (docs/decisions/027).
 */
export function expiredDepositBookingIds(db: Db, professionalId: string, since: Date) {
  return repo.expiredBookingIds(db, professionalId, since);
}
