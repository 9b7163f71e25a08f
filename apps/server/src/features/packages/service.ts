/**
 * Packages of sessions (docs/decisions/038-money-received.md). The balance is a ledger
 * (package_ledger) whose sum `client_packages.sessions_left` is kept by a trigger and held at or
 * above zero by a CHECK: two uses of the last session racing get one success and one
 * "sem sessões" here, whatever the code above checked first.
 */
import {
  addDaysToDate,
  type ClientPackage,
  type ManagePackages,
  PACKAGE_ALREADY_USED_MESSAGE,
  PACKAGE_APPOINTMENT_CANCELLED_MESSAGE,
  PACKAGE_EXPIRED_MESSAGE,
  PACKAGE_NOT_FOUND_MESSAGE,
  PACKAGE_WRONG_CLIENT_MESSAGE,
  PACKAGE_WRONG_SERVICE_MESSAGE,
  zonedStartOfDay,
  zonedToday,
} from '@agendaki/shared';
import type { Db } from '../../db/client';
import { sendJobAt } from '../../db/queue';
import { PACKAGE_EXPIRY_QUEUE } from '../../db/queues';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/params';
import { lockAppointment } from '../appointments/service';
import { toUseRefusal } from './refusals';
import * as repo from './repo';
import * as figures from './repo/figures';

export interface PackagesDeps {
  db: Db;
  clock: Clock;
}

export interface PackageExpiryJobData {
  professionalId: string;
  clientPackageId: string;
}

export { ledgerSum, unusedSessions } from './repo/figures';
export { toUseRefusal } from './refusals';
export { createPackage, listPackages, setPackageActive } from './catalogue';
export type { ClientPackageRow } from './repo';

/** The expiry job's key: one job per package sold. */
export function packageExpiryKey(professionalId: string, clientPackageId: string): string {
  return `${professionalId.toLowerCase()}:${clientPackageId.toLowerCase()}`;
}

const notFound = () => new AppError('NOT_FOUND', PACKAGE_NOT_FOUND_MESSAGE);

// ------------------------------------------------------------------ sold to a client

function toClientPackage(
  row: repo.ClientPackageRow,
  serviceIds: string[],
  paidCents: number,
  today: string,
): ClientPackage {
  return {
    id: row.id,
    packageId: row.packageId,
    name: row.name,
    serviceIds,
    sessionsTotal: row.sessionsTotal,
    sessionsLeft: row.sessionsLeft,
    priceCents: row.priceCents,
    paidCents,
    soldOn: row.soldOn,
    expiresOn: row.expiresOn,
    isExpired: row.expiredAt !== null || row.expiresOn < today,
  };
}

/**
 * Sells a package in `db`'s transaction (features/payments records its payments): the sale's
 * ledger entry (+N) and the expiry job the day after its last valid day.
 */
export async function sellPackage(
  deps: PackagesDeps,
  professional: { profileId: string; timezone: string },
  input: { clientId: string; packageId: string },
): Promise<{ id: string; name: string; priceCents: number }> {
  const { db, clock } = deps;
  const pkg = isUuid(input.packageId)
    ? await repo.findPackage(db, professional.profileId, input.packageId)
    : undefined;
  if (!pkg) throw notFound();
  if (!pkg.isActive) throw new AppError('CONFLICT', 'Este pacote não está mais à venda.');
  const now = clock.now();
  const soldOn = zonedToday(now, professional.timezone);
  // Valid for `validityDays` days counting the day of the sale.
  const expiresOn = addDaysToDate(soldOn, pkg.validityDays - 1);
  const id = await repo.insertClientPackage(db, {
    professionalId: professional.profileId,
    clientId: input.clientId,
    packageId: pkg.id,
    name: pkg.name,
    sessionsTotal: pkg.sessions,
    priceCents: pkg.priceCents,
    soldOn,
    expiresOn,
  });
  const data: PackageExpiryJobData = {
    professionalId: professional.profileId,
    clientPackageId: id,
  };
  // Midnight after the last valid day, in the professional's zone.
  const dueAt = zonedStartOfDay(addDaysToDate(expiresOn, 1), professional.timezone);
  await sendJobAt(
    db,
    PACKAGE_EXPIRY_QUEUE,
    packageExpiryKey(professional.profileId, id),
    dueAt,
    data,
  );
  return { id, name: pkg.name, priceCents: pkg.priceCents };
}

export async function listClientPackages(
  deps: PackagesDeps,
  professional: { profileId: string; timezone: string },
  clientId: string,
  paidOf: (clientPackageIds: string[]) => Promise<Map<string, number>>,
): Promise<ClientPackage[]> {
  const rows = await repo.listClientPackages(deps.db, professional.profileId, clientId);
  const services = await repo.serviceIdsOf(
    deps.db,
    professional.profileId,
    rows.map((row) => row.packageId),
  );
  const paid = await paidOf(rows.map((row) => row.id));
  const today = zonedToday(deps.clock.now(), professional.timezone);
  return rows.map((row) =>
    toClientPackage(row, services.get(row.packageId) ?? [], paid.get(row.id) ?? 0, today),
  );
}

/** The client's packages on the manage page: only the valid ones with sessions left. */
export async function managePackagesOf(
  deps: PackagesDeps,
  professional: { profileId: string; timezone: string },
  clientId: string,
): Promise<ManagePackages> {
  const today = zonedToday(deps.clock.now(), professional.timezone);
  const rows = await repo.listClientPackages(deps.db, professional.profileId, clientId);
  return rows
    .filter((row) => row.expiredAt === null && row.expiresOn >= today && row.sessionsLeft > 0)
    .map((row) => ({
      name: row.name,
      sessionsLeft: row.sessionsLeft,
      sessionsTotal: row.sessionsTotal,
      expiresOn: row.expiresOn,
    }));
}

// ------------------------------------------------------------------ sessions

/**
 * Uses one session of `clientPackageId` for the appointment, in `db`'s transaction: the
 * appointment neither cancelled nor a no-show (its row held, so a racing cancel waits and then
 * gives the session back, or goes first and this use is refused), the package the appointment's
 * client's, covering its service and valid today; the balance is the database's to refuse. An
 * appointment that already uses this package's session is left as is.
 */
export async function useSession(
  deps: PackagesDeps,
  professional: { profileId: string; timezone: string },
  input: { appointmentId: string; clientPackageId: string; serviceIds?: readonly string[] },
): Promise<void> {
  const { db, clock } = deps;
  const { profileId } = professional;
  const appointment = await lockAppointment({ db }, profileId, input.appointmentId);
  const pkg = isUuid(input.clientPackageId)
    ? await repo.findClientPackage(db, profileId, input.clientPackageId)
    : undefined;
  if (!pkg) throw notFound();
  const existing = await repo.findUse(db, profileId, appointment.id);
  if (existing === pkg.id) return;
  if (existing) throw new AppError('CONFLICT', PACKAGE_ALREADY_USED_MESSAGE);
  if (SESSIONLESS.has(appointment.status)) {
    throw new AppError('CONFLICT', PACKAGE_APPOINTMENT_CANCELLED_MESSAGE);
  }
  if (pkg.clientId !== appointment.clientId) {
    throw new AppError('BAD_REQUEST', PACKAGE_WRONG_CLIENT_MESSAGE);
  }
  const covered = (await repo.serviceIdsOf(db, profileId, [pkg.packageId])).get(pkg.packageId);
  const wanted = input.serviceIds ?? [appointment.serviceId];
  if (!covered?.some((id) => wanted.includes(id))) {
    throw new AppError('BAD_REQUEST', PACKAGE_WRONG_SERVICE_MESSAGE);
  }
  const today = zonedToday(clock.now(), professional.timezone);
  if (pkg.expiredAt || pkg.expiresOn < today) {
    throw new AppError('CONFLICT', PACKAGE_EXPIRED_MESSAGE);
  }
  await repo.insertUse(db, profileId, appointment.id, pkg.id);
}

const SESSIONLESS = new Set(['cancelled', 'no_show']);

/** Uses a session on its own transaction (the Agenda, right after booking). */
export async function useSessionNow(
  deps: PackagesDeps,
  professional: { profileId: string; timezone: string },
  input: { appointmentId: string; clientPackageId: string },
): Promise<void> {
  try {
    await deps.db.transaction((tx) => useSession({ ...deps, db: tx }, professional, input));
  } catch (error) {
    throw toUseRefusal(error);
  }
}

/** Gives the appointment's session back (the professional chose otherwise). */
export async function returnSession(
  deps: Pick<PackagesDeps, 'db'>,
  professionalId: string,
  appointmentId: string,
): Promise<void> {
  const returned = isUuid(appointmentId)
    ? await deps.db.transaction((tx) => repo.returnUse(tx, professionalId, appointmentId))
    : false;
  if (!returned) throw new AppError('NOT_FOUND', 'Este agendamento não usa sessão de pacote.');
}

/**
 * In `db`'s transaction, the appointment's session back if it uses one (a closing reopened gives
 * back the session it was paid with). True when there was one.
 */
export function giveBackSession(
  { db }: Pick<PackagesDeps, 'db'>,
  professionalId: string,
  appointmentId: string,
): Promise<boolean> {
  return repo.returnUse(db, professionalId, appointmentId);
}

/** The package whose session the appointment uses, if any. */
export function usedPackageOf(
  { db }: Pick<PackagesDeps, 'db'>,
  professionalId: string,
  appointmentId: string,
): Promise<string | undefined> {
  return repo.findUse(db, professionalId, appointmentId);
}

/** The end of validity (the expiry job): true when this call expired it. */
export async function expireClientPackage(
  deps: PackagesDeps,
  data: PackageExpiryJobData,
): Promise<boolean> {
  return deps.db.transaction((tx) =>
    repo.expireClientPackage(tx, data.professionalId, data.clientPackageId, deps.clock.now()),
  );
}

/** An account deleted: its packages, sold and defined, before its services go. */
export function deleteAllPackages({ db }: Pick<PackagesDeps, 'db'>, professionalId: string) {
  return repo.deleteAllOfProfessional(db, professionalId);
}

/** Every package sold of the account (the LGPD export). */
export function listAllClientPackages({ db }: Pick<PackagesDeps, 'db'>, professionalId: string) {
  return figures.listAllClientPackages(db, professionalId);
}

/** The services a sold package covers (features/payments prices a session by them). */
export async function coveredServiceIds(
  { db }: Pick<PackagesDeps, 'db'>,
  professionalId: string,
  clientPackageId: string,
): Promise<string[]> {
  const pkg = isUuid(clientPackageId)
    ? await repo.findClientPackage(db, professionalId, clientPackageId)
    : undefined;
  if (!pkg) throw notFound();
  return (await repo.serviceIdsOf(db, professionalId, [pkg.packageId])).get(pkg.packageId) ?? [];
}

/** Packages sold on a day: how many, for how much (Caixa do dia). */
export function salesOn({ db }: Pick<PackagesDeps, 'db'>, professionalId: string, day: string) {
  return figures.salesOn(db, professionalId, day);
}

/** Names of sold packages, by id (Caixa do dia's lines). */
export function clientPackageNames(
  { db }: Pick<PackagesDeps, 'db'>,
  professionalId: string,
  ids: readonly string[],
) {
  return figures.namesOf(db, professionalId, ids);
}
