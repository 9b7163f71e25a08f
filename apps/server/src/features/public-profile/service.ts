import {
  addDaysToDate,
  BOOKING_PAUSED_MESSAGE,
  type BookingDaysResponse,
  type BookingSlotsResponse,
  listAvailableSlots,
  listOpenWeekdays,
  planConsecutiveAppointments,
  type PublicProfessionalResponse,
  type PublicProfile,
  type PublicService,
  type Service,
  SLOT_UNAVAILABLE_MESSAGE,
  sumDurations,
  zonedToday,
} from '@agendaki/shared';
import { Shaped } from '../../db/prepared';
import { AppError } from '../../lib/errors';
import {
  countAppointmentsOn,
  listBusyTimes,
  listBusyTimesBetween,
  loadSchedule,
  lockProfessional,
  professionalLockQuery,
  type Schedule,
} from '../schedule/service';
import type { ProfessionalCatalog } from './cache';
import {
  type BookableProfessional,
  findBookableProfessional,
  type PublicReads,
  requireBookableProfessional,
  requireBookableServices,
} from './catalog';

export {
  type BookableProfessional,
  findBookableProfessional,
  type PublicReads,
  requireBookableProfessional,
  requireBookableServices,
} from './catalog';

export { PublicReadCache } from './cache';
export type { ProfessionalCatalog } from './cache';

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
    thumbnailUrl: service.thumbnailUrl,
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
  const today = zonedToday(now, catalog.profile.timezone);
  const { rules } = catalog.schedule;
  return {
    profile: toPublicProfile(catalog.profile),
    services: catalog.services.map(toPublicService),
    openWeekdays: listOpenWeekdays(catalog.week.windows),
    today,
    bookingPaused: rules.paused,
    // A paused agenda points to her WhatsApp; a suspended account (features/admin) does not.
    whatsapp: rules.paused && !catalog.profile.isSuspended ? catalog.profile.phone : null,
    lastBookableDate: addDaysToDate(today, rules.horizonDays),
    clientEmailRequired: catalog.profile.clientEmailRequired,
    bookingEmailCode: catalog.profile.bookingEmailCode,
    address: catalog.profile.address,
  };
}

/**
 * The start times offered on `date` for the selected services together
 * (docs/decisions/009-real-week.md): the week, exceptions, time off, occupied time (with
 * buffers and blocks), the booking rules and "now". `busy: false` leaves occupied time out, to
 * tell "outside the rules" apart from "taken", which the database's constraint decides at
 * booking time. `schedule` and `db` replace the cached ones inside the booking's transaction.
 */
export async function computeSlots(
  { db, cache }: PublicReads,
  catalog: ProfessionalCatalog,
  input: {
    date: string;
    services: readonly Service[];
    now: Date;
    busy: boolean;
    schedule?: Schedule;
    fresh?: boolean;
  },
): Promise<string[]> {
  const { profile, week } = catalog;
  const schedule = input.schedule ?? catalog.schedule;
  if (schedule.rules.paused) return [];
  if (input.date < zonedToday(input.now, profile.timezone)) return [];
  const busy = !input.busy
    ? []
    : input.fresh
      ? await listBusyTimes({ db }, profile.id, input.date)
      : await cache.busyTimes(profile.id, input.date, () =>
          listBusyTimes({ db }, profile.id, input.date),
        );
  const bookingsOnDate =
    schedule.rules.maxBookingsPerDay === null
      ? 0
      : await countAppointmentsOn({ db }, profile.id, input.date);
  return listAvailableSlots({
    date: input.date,
    windows: week.windows,
    overrides: schedule.overrides,
    timeOff: schedule.timeOff,
    busy,
    bookingsOnDate,
    durationMinutes: sumDurations(input.services),
    bufferMinutes: input.services.at(-1)?.bufferMinutes ?? 0,
    rules: schedule.rules,
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

/**
 * The dates of a month with at least one start for the selection: the public calendar disables
 * the others (closed, time off, beyond the horizon, at the cap, fully booked). One read of the
 * month's occupied time.
 */
export async function listBookableDays(
  reads: PublicReads,
  identifier: string,
  query: { month: string; serviceIds: string[] },
  now: Date,
): Promise<BookingDaysResponse> {
  const catalog = await requireBookableProfessional(reads, identifier, now);
  const services = requireBookableServices(catalog, query.serviceIds);
  const { profile, week, schedule } = catalog;
  const today = zonedToday(now, profile.timezone);
  const first = `${query.month}-01`;
  const monthEnd = addDaysToDate(`${addDaysToDate(first, 31).slice(0, 7)}-01`, -1);
  const from = first < today ? today : first;
  const lastBookable = addDaysToDate(today, schedule.rules.horizonDays);
  const to = monthEnd > lastBookable ? lastBookable : monthEnd;
  if (schedule.rules.paused || from > to) return { month: query.month, days: [] };
  const { busy, counts } = await listBusyTimesBetween(reads, profile.id, from, to);
  const days: string[] = [];
  for (let date = from; date <= to; date = addDaysToDate(date, 1)) {
    const slots = listAvailableSlots({
      date,
      windows: week.windows,
      overrides: schedule.overrides,
      timeOff: schedule.timeOff,
      busy: busy.get(date) ?? [],
      bookingsOnDate: counts.get(date) ?? 0,
      durationMinutes: sumDurations(services),
      bufferMinutes: services.at(-1)?.bufferMinutes ?? 0,
      rules: schedule.rules,
      now,
      timeZone: profile.timezone,
    });
    if (slots.length > 0) days.push(date);
  }
  return { month: query.month, days };
}

export interface ProfessionalLock {
  mode: 'share' | 'exclusive';
  /** The lock's select, of one shape per mode (db/prepared.ts `Shaped`). */
  query: Shaped<ReturnType<typeof professionalLockQuery>>;
}

/**
 * The professional's lock as `planOfferedTime` takes it (shared unless the cached rules have a
 * daily cap), as a query the booking's first statement runs, so the lock costs no statement of
 * its own; pass its mode to `planOfferedTime` as `locked`.
 */
export function professionalLock(
  { db }: PublicReads,
  catalog: ProfessionalCatalog,
): ProfessionalLock {
  const mode = catalog.schedule.rules.maxBookingsPerDay !== null ? 'exclusive' : 'share';
  const query = new Shaped(
    `lock_${mode}`,
    (bind) => professionalLockQuery({ db }, bind<string>('professionalId'), mode),
    { professionalId: catalog.profile.id },
  );
  return { mode, query };
}

/**
 * The booking's (or a reschedule's) time checked again inside its transaction, under the
 * professional's lock (docs/decisions/009-real-week.md): a day closed, time off or rules saved
 * just before are seen. The lock is shared between bookings unless a daily cap makes them
 * count each other (the cached rules choose; a cap set a moment ago is caught by the fresh
 * read). Answers the consecutive appointments to write; the time itself is left to the
 * database's no-overlap constraint (`busy: false`).
 */
export async function planOfferedTime<T extends Service>(
  reads: PublicReads,
  catalog: ProfessionalCatalog,
  input: {
    date: string;
    time: string;
    services: readonly T[];
    now: Date;
    /** The lock `professionalLock` gave, already taken by the transaction's first statement. */
    locked?: ProfessionalLock['mode'];
  },
) {
  const professionalId = catalog.profile.id;
  const capped = catalog.schedule.rules.maxBookingsPerDay !== null;
  const mode = capped ? 'exclusive' : 'share';
  if (input.locked !== mode) await lockProfessional(reads, professionalId, mode);
  let schedule = await loadSchedule(reads, professionalId, input.date);
  if (!capped && schedule.rules.maxBookingsPerDay !== null) {
    await lockProfessional(reads, professionalId, 'exclusive');
    schedule = await loadSchedule(reads, professionalId, input.date);
  }
  requireNotPaused(schedule);
  const offered = await computeSlots(reads, catalog, {
    date: input.date,
    services: input.services,
    now: input.now,
    busy: false,
    schedule,
  });
  const plan = planConsecutiveAppointments(input.time, input.services);
  if (!offered.includes(input.time) || !plan) {
    throw new AppError('SLOT_UNAVAILABLE', SLOT_UNAVAILABLE_MESSAGE);
  }
  return plan;
}

/** A paused agenda takes no booking (docs/decisions/009-real-week.md). */
export function requireNotPaused(schedule: Schedule): void {
  if (schedule.rules.paused) throw new AppError('BOOKING_PAUSED', BOOKING_PAUSED_MESSAGE);
}
