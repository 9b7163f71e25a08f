import type {
  Client,
  clientInputSchema,
  clientListQuerySchema,
  clientUpdateSchema,
  Page,
} from '@agendaki/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError, getSqlState, SQLSTATE } from '../../lib/errors';
import * as repo from './repo';

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

export async function listClients(
  { db }: DbDeps,
  professionalId: string,
  query: ListQuery,
): Promise<Page<Client>> {
  const { rows, total } = await repo.listClients(db, professionalId, {
    search: query.search,
    sort: query.sort,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return { items: rows.map(toClientDto), total, page: query.page, pageSize: query.pageSize };
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
  const row = await repo.insertClient(db, professionalId, input).catch(refuseDuplicateEmail);
  return toClientDto(row);
}

export async function updateClient(
  { db, clock }: ClientsDeps,
  professionalId: string,
  id: string,
  input: UpdateInput,
): Promise<Client> {
  const row = await repo
    .updateClient(db, professionalId, id, input, clock.now())
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
 * created. Safe under concurrency: the unique index on (professional_id, lower(email)) decides.
 * Pass the booking's transaction as `db`.
 */
export async function findOrCreateClientByEmail(
  { db, clock }: ClientsDeps,
  professionalId: string,
  input: { name: string; email: string; phone: string | null },
): Promise<{ id: string; isNew: boolean }> {
  const now = clock.now();
  const reuse = async (row: repo.ClientRow) => {
    if (input.phone && !row.phone?.trim()) {
      await repo.fillEmptyPhone(db, professionalId, row.id, input.phone, now);
    }
    return { id: row.id, isNew: false };
  };
  const existing = await repo.findClientByEmail(db, professionalId, input.email);
  if (existing) return reuse(existing);
  const created = await repo.insertClientUnlessEmailTaken(db, professionalId, { ...input, now });
  if (created) return { id: created.id, isNew: true };
  // Another booking created this client between our read and our insert.
  const concurrent = await repo.findClientByEmail(db, professionalId, input.email);
  if (!concurrent) throw new Error('client vanished after an e-mail conflict');
  return reuse(concurrent);
}

// ------------------------------------------------ for features/appointments and features/dashboard

export type ClientDirectory = ReturnType<typeof repo.clientDirectory>;
export type ClientIdsQuery = ReturnType<typeof repo.clientIdsMatching>;

/** The professional's clients (id, name, e-mail, phone), for a join in the caller's query. */
export function clientDirectory({ db }: DbDeps, professionalId: string): ClientDirectory {
  return repo.clientDirectory(db, professionalId);
}

/** The professional's clients matching a search by name, e-mail or phone digits, as a subquery. */
export function clientIdsMatching(
  { db }: DbDeps,
  professionalId: string,
  search: string,
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

export function countClients(
  { db }: DbDeps,
  professionalId: string,
  since: Date,
): Promise<{ total: number; newSince: number }> {
  return repo.countClients(db, professionalId, since);
}
