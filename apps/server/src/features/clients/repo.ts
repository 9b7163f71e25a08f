import { ERASED_CLIENT_NAME, type SearchTerm } from '@agendaki/shared';
import {
  and,
  type AnyColumn,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clients } from '../../db/schema';
import { isUuid } from '../../lib/params';

export {
  clientByEmailSql,
  clientByPhoneSql,
  type ClientMatchSql,
  type MatchedClient,
  matchedClient,
  runClientMatch,
} from './repo/match';
import { hasEmail } from './repo/match';

/** A client's columns as the features read them: the search text is the database's alone. */
const { searchText: _searchText, ...clientColumns } = getTableColumns(clients);

export type ClientRow = Omit<typeof clients.$inferSelect, 'searchText'>;

export interface ClientValues {
  name?: string;
  email?: string | null;
  phone?: string | null;
  notes?: string | null;
}

/** An id that is not a UUID names no row: answer "not found" instead of a database error. */

/**
 * The condition of a client search (see `toSearchTerm`): any part of the name or e-mail without
 * case or accents, or any run of the phone's digits, in the stored search text the GIN trigram
 * index `clients_search_trgm_idx` holds (drizzle/0023; functions in 0003_search_extensions.sql).
 */
function clientSearchCondition(term: SearchTerm): SQL {
  // The term's own text is worked out once per statement (an InitPlan), not for each row.
  const pattern =
    term.kind === 'digits'
      ? sql`${term.pattern}`
      : sql`(SELECT agendaki_unaccent(lower(${term.pattern})))`;
  return sql`${clients.searchText} LIKE ${pattern}`;
}

export interface ListClientsOptions {
  search?: SearchTerm;
  sort: 'recent' | 'name';
  limit: number;
  offset: number;
  /** Each client's no-shows as a subquery on the client's id (features/appointments owns them). */
  noShowCount?: (clientId: AnyColumn) => SQL<number>;
}

function listWhere(professionalId: string, search: SearchTerm | undefined) {
  return and(
    eq(clients.professionalId, professionalId),
    search ? clientSearchCondition(search) : undefined,
  );
}

/**
 * A page of the professional's clients, the total riding along as a subquery the database runs
 * once: one statement per page (docs/decisions/015). Built, not run: service.ts prepares it once
 * per shape with placeholders (decision 022).
 */
export function clientsPageQuery(db: Db, professionalId: string, options: ListClientsOptions) {
  const where = listWhere(professionalId, options.search);
  const order =
    options.sort === 'name'
      ? [asc(sql`agendaki_unaccent(lower(${clients.name}))`), asc(clients.id)]
      : [desc(clients.createdAt), desc(clients.id)];
  const countAll = db.select({ value: count() }).from(clients).where(where);
  return db
    .select({
      row: clientColumns,
      noShowCount: options.noShowCount?.(clients.id) ?? sql<number>`0`.mapWith(Number),
      total: sql<number>`(${countAll})`.mapWith(Number),
    })
    .from(clients)
    .where(where)
    .orderBy(...order)
    .limit(options.limit)
    .offset(options.offset);
}

/** How many clients match: a page past the end has no row to carry its total. */
export async function countClients(
  db: Db,
  professionalId: string,
  search: SearchTerm | undefined,
): Promise<number> {
  const [total] = await db
    .select({ value: count() })
    .from(clients)
    .where(listWhere(professionalId, search));
  return total?.value ?? 0;
}

export async function findClient(
  db: Db,
  professionalId: string,
  id: string,
): Promise<ClientRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select(clientColumns)
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
    .returning(clientColumns);
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
    .returning(clientColumns);
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
    .select(clientColumns)
    .from(clients)
    .where(and(eq(clients.professionalId, professionalId), hasEmail(email)))
    .limit(1);
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
export function clientIdsMatching(db: Db, professionalId: string, search: SearchTerm) {
  return db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.professionalId, professionalId), clientSearchCondition(search)));
}

/**
 * How many clients the professional has, and how many arrived since `since` (an ISO instant), as
 * a one-row subquery features/dashboard joins (its page is one statement, decision 015).
 */
export function clientFigures(db: Db, professionalId: string, since: string) {
  return db
    .select({
      total: sql<number>`count(*)`.as('clients_total'),
      newSince:
        sql<number>`count(*) filter (where ${clients.createdAt} >= ${since}::timestamptz)`.as(
          'new_clients',
        ),
    })
    .from(clients)
    .where(eq(clients.professionalId, professionalId))
    .as('client_figures');
}

// ------------------------------------------------ LGPD (docs/decisions/012-lgpd.md)

/** "Excluir dados pessoais": the row stays (its appointments point at it), the person goes. */
export async function eraseClient(
  db: Db,
  professionalId: string,
  id: string,
  now: Date,
): Promise<ClientRow | undefined> {
  const erased = { name: ERASED_CLIENT_NAME, email: null, phone: null, notes: null };
  return updateClient(db, professionalId, id, erased, now);
}

/** A batch of the professional's clients after `afterId`, by id: an export walks them all. */
export function listClientsAfter(
  db: Db,
  professionalId: string,
  afterId: string | null,
  limit: number,
): Promise<ClientRow[]> {
  return db
    .select(clientColumns)
    .from(clients)
    .where(
      and(
        eq(clients.professionalId, professionalId),
        afterId ? sql`${clients.id} > ${afterId}` : undefined,
      ),
    )
    .orderBy(asc(clients.id))
    .limit(limit);
}

// ------------------------------------------------ a booking's client in one statement
