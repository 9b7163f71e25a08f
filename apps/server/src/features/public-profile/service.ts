import {
  getBillingAccess,
  INVALID_SERVICE_MESSAGE,
  listAvailableSlots,
  listOpenWeekdays,
  PROFESSIONAL_NOT_FOUND_MESSAGE,
  sumDurations,
  zonedToday,
  type BookingSlotsResponse,
  type PublicProfessionalResponse,
  type PublicProfile,
  type PublicService,
  type Service,
} from '@agendaki/shared';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/params';
import { listBusyTimes } from '../appointments/service';
import { getWeek } from '../availability/service';
import {
  findPublicProfileById,
  findPublicProfileByLink,
  type PublicProfileRow,
} from '../profile/service';
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
): Promise<ProfessionalCatalog | undefined> {
  if (!profile) return undefined;
  const [billing, services, week] = await Promise.all([
    findBillingSnapshot(db, profile.userId),
    listServices({ db }, profile.id, { activeOnly: true }),
    getWeek(db, profile.id),
  ]);
  return { profile, billing, services, week };
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
          loadCatalog(db, await findPublicProfileById(db, key)),
        )
      : await cache.catalogByLink(key, async () =>
          loadCatalog(db, await findPublicProfileByLink(db, key)),
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

export function toPublicProfile(row: BookableProfessional): PublicProfile {
  return {
    id: row.id,
    professionalName: row.professionalName,
    businessName: row.businessName,
    bio: row.bio,
    avatarUrl: row.avatarUrl,
    customLink: row.customLink,
    timezone: row.timezone,
  };
}

function toPublicService(service: Service): PublicService {
  return {
    id: service.id,
    name: service.name,
    description: service.description,
    price: service.price,
    priceCents: service.priceCents,
    durationMinutes: service.durationMinutes,
    imageUrl: service.imageUrl,
  };
}

/**
 * What the booking page needs to open: profile, active services by name, open weekdays and
 * today in the professional's zone. Undefined for an unknown or unbookable professional.
 * The weekdays come from the week in effect: the saved one, else the default week (docs/product.md section 4), exactly
 * as the professional sees it on "Horário de Atendimento".
 */
export async function getPublicProfessional(
  reads: PublicReads,
  identifier: string,
  now: Date,
): Promise<PublicProfessionalResponse | undefined> {
  const catalog = await findBookableProfessional(reads, identifier, now);
  if (!catalog) return undefined;
  return {
    profile: toPublicProfile(catalog.profile),
    services: catalog.services.map(toPublicService),
    openWeekdays: listOpenWeekdays(catalog.week.windows),
    today: zonedToday(now, catalog.profile.timezone),
  };
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

/**
 * The start times offered on `date` for the selected services together (docs/product.md, Public
 * booking slots); `busy: false` leaves appointments out, to tell "outside the hours or past"
 * apart from "taken", which the database's constraint decides at booking time.
 */
export async function computeSlots(
  { db, cache }: PublicReads,
  catalog: ProfessionalCatalog,
  input: { date: string; services: readonly Service[]; now: Date; busy: boolean },
): Promise<string[]> {
  const { profile, week } = catalog;
  if (input.date < zonedToday(input.now, profile.timezone)) return [];
  const busy = input.busy
    ? await cache.busyTimes(profile.id, input.date, () =>
        listBusyTimes({ db }, profile.id, input.date),
      )
    : [];
  return listAvailableSlots({
    date: input.date,
    windows: week.windows,
    busy,
    durationMinutes: sumDurations(input.services),
    now: input.now,
    timeZone: profile.timezone,
  });
}

export async function listPublicSlots(
  reads: PublicReads,
  identifier: string,
  query: { date: string; serviceIds: string[] },
  now: Date,
): Promise<BookingSlotsResponse> {
  const catalog = await requireBookableProfessional(reads, identifier, now);
  const services = requireBookableServices(catalog, query.serviceIds);
  const slots = await computeSlots(reads, catalog, {
    date: query.date,
    services,
    now,
    busy: true,
  });
  return { date: query.date, slots };
}
