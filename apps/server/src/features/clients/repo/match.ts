// A booking's client in one statement: found by e-mail or phone, or inserted (the booking's match).
import { and, asc, eq, type SQL, sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { Shaped } from '../../../db/prepared';
import { clients } from '../../../db/schema';

/** The e-mail in any letter case: the unique index is on (professional_id, lower(email)). */
export const hasEmail = (email: string) => sql`lower(${clients.email}) = lower(${email})`;

/** A phone whose digits alone are one of `variants`. */
export const hasPhoneDigits = (variants: readonly string[]) =>
  sql`regexp_replace(${clients.phone}, '\\D', '', 'g') IN (${sql.join(
    variants.map((v) => sql`${v}`),
    sql`, `,
  )})`;

export type MatchedClient = { id: string; isNew: boolean };

/**
 * A client matched or inserted, as CTEs for the caller's own statement (`client_existing`,
 * `client_inserted` and, filling an empty phone, `client_filled`) and the two columns its SELECT
 * adds (`client_id`, `client_is_new`; read them with `matchedClient`). Nothing is written unless
 * `when` holds: a booking's claim writes the client only when it claimed its key.
 */
export interface ClientMatchSql {
  ctes: SQL;
  columns: SQL;
}

/**
 * The professional's client with this e-mail (any letter case), its empty phone filled in when
 * `phone` is given (as `fillEmptyPhone`); else the client inserted, stamped `now`. No client
 * (`matchedClient` undefined) when the insert met a client with the e-mail that another
 * transaction committed after the statement began (the unique index waited for it, and ON
 * CONFLICT DO NOTHING gave way; the statement's snapshot cannot see that row): the caller reads
 * it with `findClientByEmail`.
 */
export function clientByEmailSql(
  db: Db,
  professionalId: string,
  values: { name: string; email: string; phone: string | null; now: Date },
  when: SQL = sql`true`,
): Shaped<ClientMatchSql> {
  const hasPhone = Boolean(values.phone);
  return new Shaped(
    hasPhone ? 'email_phone' : 'email',
    (bind) => {
      const professional = bind<string>('professionalId');
      const email = bind<string>('email');
      const stamp = sql`${bind<string>('now')}::timestamptz`;
      const existing = db
        .select({ id: clients.id })
        .from(clients)
        .where(and(eq(clients.professionalId, professional), hasEmail(email)))
        .limit(1);
      // As `fillEmptyPhone`: only a phone given, only where none is stored.
      const fill = hasPhone
        ? sql`, client_filled AS (
      UPDATE ${clients} SET ${column(clients.phone)} = ${bind<string>('phone')}::varchar, ${column(clients.updatedAt)} = ${stamp}
      WHERE ${clients.professionalId} = ${professional} AND ${clients.id} IN (SELECT id FROM client_existing)
        AND coalesce(btrim(${clients.phone}), '') = '' AND ${when}
    )`
        : sql``;
      return matchOrInsertSql(
        professional,
        existing,
        { name: bind<string>('name'), email, phone: bind<string | null>('phone'), stamp },
        fill,
        when,
      );
    },
    {
      professionalId,
      email: values.email,
      name: values.name,
      phone: values.phone,
      now: values.now.toISOString(),
    },
  );
}

/**
 * The professional's oldest client whose phone, digits only, is one of `variants` (a mobile with
 * and without the country code), else the client inserted without an e-mail (stamped by the
 * database, as `insertClient`). No unique index covers phones: two phone-first bookings at once
 * may create two clients, as two reads and two inserts could.
 */
export function clientByPhoneSql(
  db: Db,
  professionalId: string,
  variants: readonly string[],
  values: { name: string; phone: string | null },
  when: SQL = sql`true`,
): Shaped<ClientMatchSql> {
  const bound: Record<string, unknown> = { professionalId, name: values.name, phone: values.phone };
  variants.forEach((variant, index) => {
    bound[`variant${index}`] = variant;
  });
  return new Shaped(
    `phone_${variants.length}`,
    (bind) => {
      const professional = bind<string>('professionalId');
      const existing = db
        .select({ id: clients.id })
        .from(clients)
        .where(
          and(
            eq(clients.professionalId, professional),
            hasPhoneDigits(variants.map((_, index) => bind<string>(`variant${index}`))),
          ),
        )
        .orderBy(asc(clients.createdAt))
        .limit(1);
      return matchOrInsertSql(
        professional,
        existing,
        {
          name: bind<string>('name'),
          email: null,
          phone: bind<string | null>('phone'),
          stamp: sql`now()`,
        },
        sql``,
        when,
      );
    },
    bound,
  );
}

/** The client a statement with a `ClientMatchSql` found or inserted, from its row. */
export function matchedClient(row: unknown): MatchedClient | undefined {
  const { client_id: id, client_is_new: isNew } = (row ?? {}) as {
    client_id?: string | null;
    client_is_new?: boolean | null;
  };
  return id ? { id, isNew: isNew === true } : undefined;
}

/** Runs a `ClientMatchSql` as a statement of its own; its row, for `matchedClient`. */
export async function runClientMatch(db: Db, match: Shaped<ClientMatchSql>): Promise<unknown> {
  const { ctes, columns } = match.query();
  const result = await db.execute(sql`WITH ${ctes} SELECT ${columns}`);
  return (result as { rows: unknown[] }).rows[0];
}

const column = (c: { name: string }) => sql.identifier(c.name);

/** `existing` (one id or none), else the insert; `extra` a further CTE that may use it. */
function matchOrInsertSql(
  professionalId: string,
  existing: SQLWrapper,
  values: { name: string; email: string | null; phone: string | null; stamp: SQL },
  extra: SQL,
  when: SQL,
): ClientMatchSql {
  const columns = [
    clients.professionalId,
    clients.name,
    clients.email,
    clients.phone,
    clients.createdAt,
    clients.updatedAt,
  ];
  return {
    ctes: sql`client_existing AS ${existing},
    client_inserted AS (
      INSERT INTO ${clients} (${sql.join(columns.map(column), sql`, `)})
      SELECT ${professionalId}::uuid, ${values.name}::varchar, ${values.email}::varchar,
        ${values.phone}::varchar, ${values.stamp}, ${values.stamp}
      WHERE NOT EXISTS (SELECT 1 FROM client_existing) AND ${when}
      ON CONFLICT DO NOTHING
      RETURNING ${clients.id}
    )${extra}`,
    columns: sql`(SELECT id FROM client_existing UNION ALL SELECT id FROM client_inserted LIMIT 1) AS client_id,
      EXISTS (SELECT 1 FROM client_inserted) AS client_is_new`,
  };
}
