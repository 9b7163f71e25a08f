// The agenda's filters: status, dates and the search's matching clients and services.
import type { AppointmentStatus } from '@agendaki/shared';
import { and, eq, gte, inArray, lte, or, type SQL, sql, type SQLWrapper } from 'drizzle-orm';
import { appointments } from '../../../db/schema';
import type { ClientIdsQuery } from '../../clients/types';
import type { ServiceIdsQuery } from '../../services/types';

/**
 * Appointments whose client (name, e-mail, phone) or service name matches, without case or
 * accents: the owners' subqueries find the matching clients and services through their
 * trigram indexes first.
 */
export interface SearchMatches {
  clientIds: ClientIdsQuery;
  serviceIds: ServiceIdsQuery;
}

/**
 * How a search's matches filter appointments: `walk` as hashed sets tested on each row, for a page
 * read in the agenda's order that stops at its last row; `count` as arrays of ids, so that
 * PostgreSQL reads only the matching appointments through their client and service indexes (a
 * bitmap of both), where the hashed sets had it test every appointment of the professional.
 */
type SearchUse = 'walk' | 'count';

/** The matching ids as subqueries: the owners' own, or a select from the statement's CTEs. */
interface IdSubqueries {
  clientIds: SQLWrapper;
  serviceIds: SQLWrapper;
}

export type WhereFilter = Omit<ListAppointmentsFilter, 'search'> & { search?: IdSubqueries };

function searchCondition(matches: IdSubqueries, use: SearchUse): SQL {
  if (use === 'walk') {
    return or(
      inArray(appointments.clientId, matches.clientIds),
      inArray(appointments.serviceId, matches.serviceIds),
    )!;
  }
  return or(
    sql`${appointments.clientId} = any(array(${matches.clientIds}))`,
    sql`${appointments.serviceId} = any(array(${matches.serviceIds}))`,
  )!;
}

export interface ListAppointmentsFilter {
  search?: SearchMatches;
  status?: AppointmentStatus;
  /** Inclusive calendar dates. */
  from?: string;
  to?: string;
}

export interface ListAppointmentsOptions extends ListAppointmentsFilter {
  limit: number;
  offset: number;
}

export function listWhere(professionalId: string, options: WhereFilter, use: SearchUse) {
  return and(
    eq(appointments.professionalId, professionalId),
    options.status ? eq(appointments.status, options.status) : undefined,
    options.from ? gte(appointments.appointmentDate, options.from) : undefined,
    options.to ? lte(appointments.appointmentDate, options.to) : undefined,
    options.search ? searchCondition(options.search, use) : undefined,
  );
}
