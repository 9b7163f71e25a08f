// What features/comeback asks of the appointments (issue 50); the queries are repo/comeback.ts.
import type { DbDeps } from './deps';
import * as queries from './repo/comeback';

export type { DueQuery } from './repo/comeback';

/** Latest completed appointments whose "hora de voltar" is due, none with a future appointment. */
export async function listReturnsDue(
  { db }: DbDeps,
  professionalId: string,
  intervals: ReadonlyArray<{ serviceId: string; days: number }>,
  query: queries.DueQuery,
): Promise<Array<{ appointmentId: string; clientId: string; serviceId: string }>> {
  const rows = await queries.listReturnsDue(db, professionalId, intervals, query);
  return rows.map((row) => ({
    appointmentId: row.id,
    clientId: row.client_id,
    serviceId: row.service_id,
  }));
}

/** Completed bookings whose review request is due, one per booking. */
export async function listReviewsDue(
  { db }: DbDeps,
  professionalId: string,
  query: queries.DueQuery & { delaySeconds: number },
): Promise<Array<{ bookingKey: string; clientId: string; serviceId: string }>> {
  const rows = await queries.listReviewsDue(db, professionalId, query);
  return rows.map((row) => ({
    bookingKey: row.booking_key,
    clientId: row.client_id,
    serviceId: row.service_id,
  }));
}

/** Clients not seen since before `beforeDate`, with nothing booked ahead. */
export async function listMissingClients(
  { db }: DbDeps,
  professionalId: string,
  query: { beforeDate: string; localNow: string; limit: number },
): Promise<Array<{ clientId: string; lastVisit: string }>> {
  const rows = await queries.listMissingClients(db, professionalId, query);
  return rows.map((row) => ({ clientId: row.client_id, lastVisit: row.last_visit }));
}
