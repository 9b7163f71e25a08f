import {
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
import { listBusyTimes } from '../appointments/service';
import { getWeek } from '../availability/service';
import { findBookableServices, listServices } from '../services/service';
import { getAccessForUser } from '../subscription/service';
import * as repo from './repo';

export type BookableProfessional = repo.PublicProfileRow;

/**
 * A professional the public may book: the profile exists, is active, and its subscription gives
 * access at `now` (DECISIONS.md, Subscription: otherwise the page shows "Profissional não
 * encontrado"). `by` says whether `value` is a link-or-id from the address or a profile id.
 */
export async function findBookableProfessional(
  db: Db,
  value: string,
  now: Date,
  by: 'identifier' | 'id' = 'identifier',
): Promise<BookableProfessional | undefined> {
  const row =
    by === 'id'
      ? await repo.findProfileById(db, value)
      : await repo.findProfileByIdentifier(db, value);
  if (!row?.isActive) return undefined;
  const access = await getAccessForUser(db, row.userId, now);
  return access.hasAccess ? row : undefined;
}

export async function requireBookableProfessional(
  db: Db,
  value: string,
  now: Date,
  by: 'identifier' | 'id' = 'identifier',
): Promise<BookableProfessional> {
  const professional = await findBookableProfessional(db, value, now, by);
  if (!professional) throw new AppError('NOT_FOUND', PROFESSIONAL_NOT_FOUND_MESSAGE);
  return professional;
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
 * The weekdays come from the week in effect: the saved one, else SPEC.md's defaults, exactly
 * as the professional sees it on "Horário de Atendimento".
 */
export async function getPublicProfessional(
  db: Db,
  identifier: string,
  now: Date,
): Promise<PublicProfessionalResponse | undefined> {
  const professional = await findBookableProfessional(db, identifier, now);
  if (!professional) return undefined;
  const services = await listServices({ db }, professional.id, { activeOnly: true });
  const week = await getWeek(db, professional.id);
  return {
    profile: toPublicProfile(professional),
    services: services.map(toPublicService),
    openWeekdays: listOpenWeekdays(week.windows),
    today: zonedToday(now, professional.timezone),
  };
}

/** The selected services, in order, or 400 "Serviço inválido". */
export async function requireBookableServices(
  db: Db,
  professionalId: string,
  serviceIds: readonly string[],
): Promise<Service[]> {
  const services = await findBookableServices(db, professionalId, serviceIds);
  if (!services) throw new AppError('BAD_REQUEST', INVALID_SERVICE_MESSAGE);
  return services;
}

/**
 * The start times offered on `date` for the selected services together (DECISIONS.md, Public
 * booking slots); `busy: false` leaves appointments out, to tell "outside the hours or past"
 * apart from "taken", which the database's constraint decides at booking time.
 */
export async function computeSlots(
  db: Db,
  professional: BookableProfessional,
  input: { date: string; services: readonly Service[]; now: Date; busy: boolean },
): Promise<string[]> {
  if (input.date < zonedToday(input.now, professional.timezone)) return [];
  const week = await getWeek(db, professional.id);
  const busy = input.busy ? await listBusyTimes(db, professional.id, input.date) : [];
  return listAvailableSlots({
    date: input.date,
    windows: week.windows,
    busy,
    durationMinutes: sumDurations(input.services),
    now: input.now,
    timeZone: professional.timezone,
  });
}

export async function listPublicSlots(
  db: Db,
  identifier: string,
  query: { date: string; serviceIds: string[] },
  now: Date,
): Promise<BookingSlotsResponse> {
  const professional = await requireBookableProfessional(db, identifier, now);
  const services = await requireBookableServices(db, professional.id, query.serviceIds);
  const slots = await computeSlots(db, professional, {
    date: query.date,
    services,
    now,
    busy: true,
  });
  return { date: query.date, slots };
}
