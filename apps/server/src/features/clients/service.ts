import {
  toSearchTerm,
  type Client,
  type ClientListItem,
  type clientInputSchema,
  type clientListQuerySchema,
  type clientUpdateSchema,
  type Page,
  type SearchTerm,
} from '@agendaki/shared';
import type { AnyColumn, SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { bound, statementCache, type Shaped } from '../../db/prepared';
import type { Clock } from '../../lib/clock';
import { AppError, getSqlState, SQLSTATE } from '../../lib/errors';
import { toStoredPhone } from '../../lib/phone';
import * as repo from './repo';
import type { ClientDirectory, ClientIdsQuery } from './types';

export type { ClientDirectory, ClientIdsQuery } from './types';

type CreateInput = z.output<typeof clientInputSchema>;
type UpdateInput = z.output<typeof clientUpdateSchema>;
type ListQuery = z.output<typeof clientListQuerySchema>;

const NOT_FOUND = 'Cliente não encontrado';
/**
 * What the service needs (docs/decisions/010-one-owner-per-table.md): the database (a
 * transaction when the caller has one: `{ ...deps, db: tx }`) and the clock.
 */
export interface ClientsDeps {
  db: Db;
  clock: Clock;
}
type DbDeps = Pick<ClientsDeps, 'db'>;

export const DUPLICATE_EMAIL_MESSAGE = 'Já existe um cliente com este e-mail.';

export function toClientDto(row: repo.ClientRow): Client {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
  };
}

/** One e-mail per client of a professional, in any letter case (unique index on lower(email)). */
function refuseDuplicateEmail(error: unknown): never {
  if (getSqlState(error) === SQLSTATE.UNIQUE_VIOLATION) {
    throw new AppError('CONFLICT', DUPLICATE_EMAIL_MESSAGE);
  }
  throw error;
}

/**
 * Each client's no-shows as a subquery on the client's id, for the professional given (features/
 * appointments owns them; the route hands it in). It gets the professional as a placeholder.
 */
export type NoShowCountOf = (professionalId: string, clientId: AnyColumn) => SQL<number>;

const pages = statementCache();

export async function listClients(
  { db }: DbDeps,
  professionalId: string,
  query: ListQuery,
  noShowCountOf?: NoShowCountOf,
): Promise<Page<ClientListItem>> {
  const search = query.search ? toSearchTerm(query.search) : undefined;
  const offset = (query.page - 1) * query.pageSize;
  // One statement per shape (the order, the kind of search, the no-shows), built and prepared
  // once; the request's values are bound (decision 022).
  const key = `${query.sort}:${search?.kind ?? 'all'}:${noShowCountOf ? 'no-shows' : 'plain'}`;
  const page = pages(db, key, () => {
    const professional = bound<string>('professionalId');
    return repo
      .clientsPageQuery(db, professional, {
        search: search && { kind: search.kind, pattern: bound<string>('pattern') },
        sort: query.sort,
        limit: bound<number>('limit'),
        offset: bound<number>('offset'),
        noShowCount: noShowCountOf && ((clientId) => noShowCountOf(professional, clientId)),
      })
      .prepare(`agendaki_clients_${key.replaceAll(':', '_').replaceAll('-', '_')}`);
  });
  const found = await page.execute({
    professionalId,
    pattern: search?.pattern,
    limit: query.pageSize,
    offset,
  });
  const items = found.map(({ row, noShowCount }) => ({ ...toClientDto(row), noShowCount }));
  // A later page past the end has no row to carry the total: counted apart. Nothing from the
  // start: nothing at all.
  const total =
    found[0]?.total ?? (offset === 0 ? 0 : await repo.countClients(db, professionalId, search));
  return { items, total, page: query.page, pageSize: query.pageSize };
}

export async function getClient(
  { db }: DbDeps,
  professionalId: string,
  id: string,
): Promise<Client> {
  const row = await repo.findClient(db, professionalId, id);
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  return toClientDto(row);
}

export async function createClient(
  { db }: DbDeps,
  professionalId: string,
  input: CreateInput,
): Promise<Client> {
  const values = { ...input, phone: toStoredPhone(input.phone) };
  const row = await repo.insertClient(db, professionalId, values).catch(refuseDuplicateEmail);
  return toClientDto(row);
}

export async function updateClient(
  { db, clock }: ClientsDeps,
  professionalId: string,
  id: string,
  input: UpdateInput,
): Promise<Client> {
  const values =
    input.phone === undefined ? input : { ...input, phone: toStoredPhone(input.phone) };
  const row = await repo
    .updateClient(db, professionalId, id, values, clock.now())
    .catch(refuseDuplicateEmail);
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  return toClientDto(row);
}

export async function deleteClient(
  { db }: DbDeps,
  professionalId: string,
  id: string,
): Promise<void> {
  if (!(await repo.deleteClient(db, professionalId, id))) {
    throw new AppError('NOT_FOUND', NOT_FOUND);
  }
}

// ------------------------------------------------ for features/booking and features/demo

/**
 * The client of a public booking (docs/product.md, Booking several services): matched within the
 * professional by e-mail, case-insensitively, and reused (an empty phone filled in); otherwise
 * created. One statement, and a second only when another booking created this client while this
 * one ran: the unique index on (professional_id, lower(email)) decides, then that client is
 * read and reused. Pass the booking's transaction as `db`.
 */
export async function findOrCreateClientByEmail(
  deps: ClientsDeps,
  professionalId: string,
  input: { name: string; email: string; phone: string | null },
): Promise<{ id: string; isNew: boolean }> {
  const match = clientOfContact(deps, professionalId, { ...input, mobile: null });
  return match.resolve(await repo.runClientMatch(deps.db, match));
}

/** A booking's client, to be matched or created inside the caller's own statement. */
export interface ClientOfContact extends Shaped<repo.ClientMatchSql> {
  /**
   * The client, from the row of the statement that carried the CTEs. When an e-mail's insert
   * gave way to a client another transaction committed meanwhile, that client is read (and its
   * empty phone filled) with statements of its own.
   */
  resolve(row: unknown): Promise<{ id: string; isNew: boolean }>;
}

/**
 * A public booking's client (docs/decisions/013-after-the-booking.md, phone-first clients):
 * matched by e-mail when one is given, else by the mobile number (`mobile`: "5511987654321"),
 * else created (one of the two is required); as CTEs for the caller's statement
 * (features/booking puts them in its claim), written only when `when` holds. In the booking's
 * transaction.
 */
export function clientOfContact(
  { db, clock }: ClientsDeps,
  professionalId: string,
  input: { name: string; email: string | null; phone: string | null; mobile: string | null },
  when?: SQL,
): ClientOfContact {
  const now = clock.now();
  const { email, mobile } = input;
  // Stored in E.164 wherever it is written (issue 47); matched by `mobile`'s digits.
  const phone = toStoredPhone(input.phone);
  const match = email
    ? repo.clientByEmailSql(db, professionalId, { ...input, phone, email, now }, when)
    : mobile
      ? repo.clientByPhoneSql(
          db,
          professionalId,
          [mobile, mobile.replace(/^55/, '')],
          { name: input.name, phone },
          when,
        )
      : undefined;
  // The booking refuses a client with neither before it gets here (features/booking).
  if (!match) throw new Error('a booking client needs an e-mail or a mobile');
  return Object.assign(match, {
    async resolve(row: unknown) {
      const matched = repo.matchedClient(row);
      if (matched) return matched;
      if (!email) throw new Error('a client without e-mail was neither found nor inserted');
      // Another booking created this client after our statement began: its snapshot missed it.
      const concurrent = await repo.findClientByEmail(db, professionalId, email);
      if (!concurrent) throw new Error('client vanished after an e-mail conflict');
      if (phone && !concurrent.phone?.trim()) {
        await repo.fillEmptyPhone(db, professionalId, concurrent.id, phone, now);
      }
      return { id: concurrent.id, isNew: false };
    },
  });
}

// ------------------------------------------------ for features/appointments and features/dashboard

/** The professional's clients (id, name, e-mail, phone), for a join in the caller's query. */
export function clientDirectory({ db }: DbDeps, professionalId: string): ClientDirectory {
  return repo.clientDirectory(db, professionalId);
}

/** The professional's clients matching a search by name, e-mail or phone digits, as a subquery. */
export function clientIdsMatching(
  { db }: DbDeps,
  professionalId: string,
  search: SearchTerm,
): ClientIdsQuery {
  return repo.clientIdsMatching(db, professionalId, search);
}

/** Whether the client exists and is the professional's. */
export async function isOwnClient(
  { db }: DbDeps,
  professionalId: string,
  id: string,
): Promise<boolean> {
  return (await repo.findClient(db, professionalId, id)) !== undefined;
}

/** Clients in all and new since `since` (an ISO instant), as a one-row subquery (the dashboard). */
export function clientFigures({ db }: DbDeps, professionalId: string, since: string) {
  return repo.clientFigures(db, professionalId, since);
}

// ------------------------------------------------ for features/privacy (docs/decisions/012-lgpd.md)

/** The client as stored, or 404: the caller is about to export or erase them. */
export async function requireOwnClient(
  { db }: DbDeps,
  professionalId: string,
  id: string,
): Promise<Client> {
  const row = await repo.findClient(db, professionalId, id);
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  return toClientDto(row);
}

/** Name becomes "Cliente removido"; e-mail, phone and notes emptied. Pass the transaction. */
export async function eraseClientData(
  { db, clock }: ClientsDeps,
  professionalId: string,
  id: string,
): Promise<Client> {
  const row = await repo.eraseClient(db, professionalId, id, clock.now());
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  return toClientDto(row);
}

/** Every client of the professional, read in batches by id: flat in memory for any count. */
export async function* streamClients(
  { db }: DbDeps,
  professionalId: string,
  batchSize = 1000,
): AsyncGenerator<Client> {
  let afterId: string | null = null;
  for (;;) {
    const rows = await repo.listClientsAfter(db, professionalId, afterId, batchSize);
    for (const row of rows) yield toClientDto(row);
    if (rows.length < batchSize) return;
    afterId = rows[rows.length - 1]!.id;
  }
}
