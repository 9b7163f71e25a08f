// A bookable professional and their services, through the cache (public pages, a booking's start).
import {
  addDaysToDate,
  getBillingAccess,
  INVALID_SERVICE_MESSAGE,
  PROFESSIONAL_NOT_FOUND_MESSAGE,
  type Service,
  zonedToday,
} from '@agendaki/shared';
import type { Db } from '../../db/client';
import { readAll } from '../../db/read-all';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/params';
import { getWeek } from '../availability/service';
import { getPaymentSettings } from '../deposits/service';
import { hasCredentials } from '../pix-provider/service';
import {
  findPublicProfileById,
  findPublicProfileByLink,
  type PublicProfileRow,
} from '../profile/service';
import { loadSchedule } from '../schedule/service';
import { listServices } from '../services/service';
import { findBillingSnapshot } from '../subscription/service';
import type { ProfessionalCatalog, PublicReadCache } from './cache';

export type BookableProfessional = PublicProfileRow;

/** Where the public reads come from: the database, through this process's cache (cache.ts). */
export interface PublicReads {
  db: Db;
  cache: PublicReadCache;
}

async function loadCatalog(
  db: Db,
  profile: PublicProfileRow | undefined,
  now: Date,
): Promise<ProfessionalCatalog | undefined> {
  if (!profile) return undefined;
  // From yesterday: a catalog read just before midnight still covers its own "today".
  const from = addDaysToDate(zonedToday(now, profile.timezone), -1);
  // In the booking's transaction on a cache miss: then one read after the other.
  const [billing, services, week, schedule, settings, pixProvider] = await readAll(db, [
    () => findBillingSnapshot({ db }, profile.userId),
    () => listServices({ db }, profile.id, { activeOnly: true }),
    () => getWeek({ db }, profile.id),
    () => loadSchedule({ db }, profile.id, from),
    () => getPaymentSettings({ db }, profile.id),
    () => hasCredentials(db, profile.id),
  ]);
  return { profile, billing, services, week, schedule, payment: { settings, pixProvider } };
}

/**
 * A professional the public may book: the profile exists, is active, and its subscription gives
 * access at `now` (otherwise the page shows "Profissional não encontrado"). `by` says whether
 * `value` is an identifier from the address or a profile id. An identifier shaped like a UUID
 * is an id and nothing else; any other is a custom link (no link may look like a UUID), so one
 * address can never reach two professionals. Access is worked out from the subscription's
 * dates on every call, so a trial ends on time.
 */
export async function findBookableProfessional(
  { db, cache }: PublicReads,
  value: string,
  now: Date,
  by: 'identifier' | 'id' = 'identifier',
): Promise<ProfessionalCatalog | undefined> {
  const key = value.toLowerCase();
  const catalog =
    by === 'id' || isUuid(key)
      ? await cache.catalogById(key, async () =>
          loadCatalog(db, await findPublicProfileById({ db }, key), now),
        )
      : await cache.catalogByLink(key, async () =>
          loadCatalog(db, await findPublicProfileByLink({ db }, key), now),
        );
  if (!catalog?.profile.isActive) return undefined;
  return getBillingAccess(catalog.billing, now).hasAccess ? catalog : undefined;
}

export async function requireBookableProfessional(
  reads: PublicReads,
  value: string,
  now: Date,
  by: 'identifier' | 'id' = 'identifier',
): Promise<ProfessionalCatalog> {
  const catalog = await findBookableProfessional(reads, value, now, by);
  if (!catalog) throw new AppError('NOT_FOUND', PROFESSIONAL_NOT_FOUND_MESSAGE);
  return catalog;
}

/**
 * The selected services, in order, among the professional's active ones, or 400 "Serviço
 * inválido" (another professional's, inactive, deleted or unknown).
 */
export function requireBookableServices(
  catalog: ProfessionalCatalog,
  serviceIds: readonly string[],
): Service[] {
  const active = new Map(catalog.services.map((service) => [service.id, service]));
  const found = serviceIds.map((id) => active.get(id.toLowerCase()));
  if (!found.every((service): service is Service => service !== undefined)) {
    throw new AppError('BAD_REQUEST', INVALID_SERVICE_MESSAGE);
  }
  return found;
}
