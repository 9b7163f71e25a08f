// What features/comeback asks of the appointments (issue 50): whose return, review or absence is due.
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { appointments } from '../../../db/schema';

const LIVE = sql`('scheduled', 'confirmed', 'awaiting_deposit')`;

/** The client has a kept appointment starting after the professional's local `localNow`. */
function hasFutureAppointment(localNow: string) {
  return sql`EXISTS (SELECT 1 FROM ${appointments} f
    WHERE f.professional_id = a.professional_id AND f.client_id = a.client_id
      AND f.status IN ${LIVE} AND (f.appointment_date + f.start_time) > ${localNow}::timestamp)`;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export interface DueQuery {
  timezone: string;
  /** The instant now. */
  now: Date;
  /** The wall-clock "YYYY-MM-DD HH:MM" now in the professional's zone. */
  localNow: string;
  /** Appointments on or after this date only (keeps the scan on the date index). */
  fromDate: string;
  /** Seconds in a "day" of the intervals (86,400; the journeys use a few). */
  daySeconds: number;
  /** Not due longer ago than this: switching an automation on never reaches far back. */
  lookbackSeconds: number;
}

/**
 * "Hora de voltar": each client's latest completed appointment of a service with an interval,
 * whose end plus the interval has passed (within the look-back), and only when the client has
 * no kept appointment ahead.
 */
export async function listReturnsDue(
  db: Db,
  professionalId: string,
  intervals: ReadonlyArray<{ serviceId: string; days: number }>,
  query: DueQuery,
): Promise<Array<{ id: string; client_id: string; service_id: string }>> {
  if (intervals.length === 0) return [];
  const values = sql.join(
    intervals.map((iv) => sql`(${iv.serviceId}::uuid, ${iv.days}::int)`),
    sql`, `,
  );
  const due = sql`((a.appointment_date + a.end_time) AT TIME ZONE ${query.timezone}
    + (iv.days * ${query.daySeconds}::int) * interval '1 second')`;
  const result = await db.execute(sql`WITH iv(service_id, days) AS (VALUES ${values})
    SELECT a.id, a.client_id, a.service_id FROM ${appointments} a
    JOIN iv ON iv.service_id = a.service_id
    WHERE a.professional_id = ${professionalId} AND a.status = 'completed'
      AND a.appointment_date >= ${query.fromDate}::date
      AND ${due} <= ${query.now.toISOString()}::timestamptz
      AND ${due} > ${query.now.toISOString()}::timestamptz - ${query.lookbackSeconds}::int * interval '1 second'
      AND NOT EXISTS (SELECT 1 FROM ${appointments} l
        WHERE l.professional_id = a.professional_id AND l.client_id = a.client_id
          AND l.service_id = a.service_id AND l.status = 'completed'
          AND (l.appointment_date, l.start_time, l.id) > (a.appointment_date, a.start_time, a.id))
      AND NOT ${hasFutureAppointment(query.localNow)}
    ORDER BY a.appointment_date, a.start_time
    LIMIT 500`);
  return rowsOf(result);
}

/**
 * "Avaliação": one per booking whose completed appointments ended `delaySeconds` ago (within
 * the look-back); the booking's last appointment names the service.
 */
export async function listReviewsDue(
  db: Db,
  professionalId: string,
  query: DueQuery & { delaySeconds: number },
): Promise<Array<{ booking_key: string; client_id: string; service_id: string }>> {
  const due = sql`((a.appointment_date + a.end_time) AT TIME ZONE ${query.timezone}
    + ${query.delaySeconds}::int * interval '1 second')`;
  const result = await db.execute(sql`SELECT DISTINCT ON (coalesce(a.booking_id, a.id))
      coalesce(a.booking_id, a.id)::text AS booking_key, a.client_id, a.service_id
    FROM ${appointments} a
    WHERE a.professional_id = ${professionalId} AND a.status = 'completed'
      AND a.appointment_date >= ${query.fromDate}::date
      AND ${due} <= ${query.now.toISOString()}::timestamptz
      AND ${due} > ${query.now.toISOString()}::timestamptz - ${query.lookbackSeconds}::int * interval '1 second'
    ORDER BY coalesce(a.booking_id, a.id), a.appointment_date DESC, a.start_time DESC
    LIMIT 500`);
  return rowsOf(result);
}

/**
 * "Clientes sumidas": clients whose last visit (a past appointment neither cancelled nor
 * missed) was before `beforeDate`, with none kept ahead; the longest absent first.
 */
export async function listMissingClients(
  db: Db,
  professionalId: string,
  query: { beforeDate: string; localNow: string; limit: number },
): Promise<Array<{ client_id: string; last_visit: string }>> {
  const result =
    await db.execute(sql`SELECT a.client_id, max(a.appointment_date)::text AS last_visit
    FROM ${appointments} a
    WHERE a.professional_id = ${professionalId}
      AND a.status IN ('scheduled', 'confirmed', 'completed')
      AND (a.appointment_date + a.start_time) <= ${query.localNow}::timestamp
      AND NOT ${hasFutureAppointment(query.localNow)}
    GROUP BY a.client_id
    HAVING max(a.appointment_date) < ${query.beforeDate}::date
    ORDER BY max(a.appointment_date), a.client_id
    LIMIT ${query.limit}`);
  return rowsOf(result);
}
