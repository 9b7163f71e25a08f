import { toSearchTerm } from '@agendaki/shared';
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clients } from '../../db/schema';
import { isUuid } from '../../lib/params';

export type ClientRow = typeof clients.$inferSelect;

export interface ClientValues {
  name?: string;
  email?: string | null;
  phone?: string | null;
  notes?: string | null;
}

/** An id that is not a UUID names no row: answer "not found" instead of a database error. */

/**
 * The condition of a client search (see `toSearchTerm`): any part of the name or e-mail without
 * case or accents, or any run of the phone's digits. It is the expression of the GIN trigram
 * index `clients_search_trgm_idx` (functions in drizzle/0003_search_extensions.sql).
 */
function clientSearchCondition(search: string): SQL {
  const term = toSearchTerm(search);
  const pattern =
    term.kind === 'digits' ? sql`${term.pattern}` : sql`agendaki_unaccent(lower(${term.pattern}))`;
  return sql`agendaki_client_search_text(${clients.name}, ${clients.email}, ${clients.phone}) LIKE ${pattern}`;
}

export interface ListClientsOptions {
  search?: string;
  sort: 'recent' | 'name';
  limit: number;
  offset: number;
}

export async function listClients(db: Db, professionalId: string, options: ListClientsOptions) {
  const where = and(
    eq(clients.professionalId, professionalId),
    options.search ? clientSearchCondition(options.search) : undefined,
  );
  const order =
    options.sort === 'name'
      ? [asc(sql`agendaki_unaccent(lower(${clients.name}))`), asc(clients.id)]
      : [desc(clients.createdAt), desc(clients.id)];
  const rows = await db
    .select()
    .from(clients)
    .where(where)
    .orderBy(...order)
    .limit(options.limit)
    .offset(options.offset);
  const [total] = await db.select({ value: count() }).from(clients).where(where);
  return { rows, total: total?.value ?? 0 };
}

export async function findClient(
  db: Db,
  professionalId: string,
  id: string,
): Promise<ClientRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(clients)
    .where(and(eq(clients.id, id), eq(clients.professionalId, professionalId)));
  return row;
}

export async function insertClient(
  db: Db,
  professionalId: string,
  values: Required<ClientValues>,
): Promise<ClientRow> {
  const [row] = await db
    .insert(clients)
    .values({ ...values, professionalId })
    .returning();
  return row!;
}

export async function updateClient(
  db: Db,
  professionalId: string,
  id: string,
  values: ClientValues,
  now: Date,
): Promise<ClientRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .update(clients)
    .set({ ...values, updatedAt: now })
    .where(and(eq(clients.id, id), eq(clients.professionalId, professionalId)))
    .returning();
  return row;
}

/** Deletes the client; their appointments go with them (ON DELETE CASCADE, docs/product.md, Data). */
export async function deleteClient(db: Db, professionalId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await db
    .delete(clients)
    .where(and(eq(clients.id, id), eq(clients.professionalId, professionalId)))
    .returning({ id: clients.id });
  return rows.length > 0;
}

/** The professional's client with this e-mail in any letter case (unique index on lower(email)). */
export async function findClientByEmail(
  db: Db,
  professionalId: string,
  email: string,
): Promise<ClientRow | undefined> {
  const [row] = await db
    .select()
    .from(clients)
    .where(
      and(
        eq(clients.professionalId, professionalId),
        sql`lower(${clients.email}) = lower(${email})`,
      ),
    )
    .limit(1);
  return row;
}

/**
 * Inserts the client unless one with the same e-mail exists, in any letter case; a concurrent
 * insert of the same e-mail waits for the other transaction, then yields undefined.
 */
export async function insertClientUnlessEmailTaken(
  db: Db,
  professionalId: string,
  values: { name: string; email: string; phone: string | null; now: Date },
): Promise<ClientRow | undefined> {
  const [row] = await db
    .insert(clients)
    .values({
      professionalId,
      name: values.name,
      email: values.email,
      phone: values.phone,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** Sets the phone only where none is stored (a returning client's booking fills it in). */
export async function fillEmptyPhone(
  db: Db,
  professionalId: string,
  id: string,
  phone: string,
  now: Date,
): Promise<void> {
  await db
    .update(clients)
    .set({ phone, updatedAt: now })
    .where(
      and(
        eq(clients.id, id),
        eq(clients.professionalId, professionalId),
        sql`coalesce(btrim(${clients.phone}), '') = ''`,
      ),
    );
}

// ------------------------------------------------ read by other features, through service.ts

/**
 * The professional's clients as a subquery that features/appointments and features/dashboard
 * join: the SQL over `clients` stays here, and the database still runs one statement.
 */
export function clientDirectory(db: Db, professionalId: string) {
  return db
    .select({ id: clients.id, name: clients.name, email: clients.email, phone: clients.phone })
    .from(clients)
    .where(eq(clients.professionalId, professionalId))
    .as('client');
}

/** The ids of the professional's clients matching a search, as a subquery (trigram index). */
export function clientIdsMatching(db: Db, professionalId: string, search: string) {
  return db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.professionalId, professionalId), clientSearchCondition(search)));
}

/** How many clients the professional has, and how many arrived since `since`. */
export async function countClients(db: Db, professionalId: string, since: Date) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)`.mapWith(Number),
      newSince:
        sql<number>`count(*) filter (where ${clients.createdAt} >= ${since.toISOString()}::timestamptz)`.mapWith(
          Number,
        ),
    })
    .from(clients)
    .where(eq(clients.professionalId, professionalId));
  return row!;
}
