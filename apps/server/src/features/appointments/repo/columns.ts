// An appointment's columns, its joins to the client and service directories, and status filters.
import { type AppointmentStatus, UNREALIZED_STATUSES } from '@agendaki/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { appointments } from '../../../db/schema';
import type { ClientDirectory } from '../../clients/types';
import type { ServiceDirectory } from '../../services/types';

export type AppointmentRow = typeof appointments.$inferSelect;

/**
 * The client and service columns an appointment is shown with. They are subqueries written by
 * features/clients and features/services (one owner per table, decision 010), handed in by
 * service.ts; the database still answers in one statement.
 */
export interface Directories {
  clients: ClientDirectory;
  services: ServiceDirectory;
}

type OwnColumn =
  | 'id'
  | 'clientId'
  | 'serviceId'
  | 'appointmentDate'
  | 'startTime'
  | 'endTime'
  | 'totalPrice'
  | 'status'
  | 'notes'
  | 'createdAt'
  | 'bookingId'
  | 'seriesId';

/** An appointment's own columns, of the table or of a subquery that selects them. */
export function appointmentColumnsOf<Source extends Record<OwnColumn, unknown>>(
  source: Source,
): Pick<Source, OwnColumn> {
  return {
    id: source.id,
    clientId: source.clientId,
    serviceId: source.serviceId,
    appointmentDate: source.appointmentDate,
    startTime: source.startTime,
    endTime: source.endTime,
    totalPrice: source.totalPrice,
    status: source.status,
    notes: source.notes,
    createdAt: source.createdAt,
    bookingId: source.bookingId,
    seriesId: source.seriesId,
  };
}

export const ownColumns = appointmentColumnsOf(appointments);

export function joinedColumns<Own extends Record<OwnColumn, unknown>>(
  { clients, services }: Directories,
  own: Own,
) {
  return {
    ...own,
    client: { id: clients.id, name: clients.name, email: clients.email, phone: clients.phone },
    service: {
      id: services.id,
      name: services.name,
      price: services.price,
      durationMinutes: services.durationMinutes,
    },
  };
}

export function selectJoined(db: Db, directories: Directories) {
  return db
    .select(joinedColumns(directories, ownColumns))
    .from(appointments)
    .innerJoin(directories.clients, eq(directories.clients.id, appointments.clientId))
    .innerJoin(directories.services, eq(directories.services.id, appointments.serviceId));
}

/**
 * A status as an SQL literal. The statuses the reads filter on are the code's own, never a
 * request's, and PostgreSQL's generic plan of a named statement sees a literal list as one
 * constant, where a bound one is an array it builds again for every row it tests (it was most of
 * the dashboard's figures: 265 rows, seven filters).
 */
function statusLiteral(status: AppointmentStatus) {
  if (!/^[a-z_]+$/.test(status)) throw new Error(`not a status: ${status}`);
  return sql.raw(`'${status}'`);
}

export const isCancelled = sql`${appointments.status} = ${statusLiteral('cancelled')}`;
export const isLive = sql`${appointments.status} <> ${statusLiteral('cancelled')}`;

/** Neither cancelled nor a no-show: an appointment that happened or still may (it earns). */
export const isKept = sql`${appointments.status} not in (${sql.join(UNREALIZED_STATUSES.map(statusLiteral), sql`, `)})`;
export const isNoShow = sql`${appointments.status} = ${statusLiteral('no_show')}`;
