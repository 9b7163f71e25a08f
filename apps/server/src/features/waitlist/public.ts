import {
  addDaysToDate,
  BOOKING_PAUSED_MESSAGE,
  type BookingResponse,
  MOBILE_REQUIRED_MESSAGE,
  WAITLIST_ALREADY_MESSAGE,
  WAITLIST_FULL_MESSAGE,
  WAITLIST_LINK_INVALID_MESSAGE,
  WAITLIST_OFF_MESSAGE,
  WAITLIST_OFFER_GONE_MESSAGE,
  WAITLIST_PAST_MESSAGE,
  type WaitlistEntryView,
  type waitlistJoinInputSchema,
  type WaitlistJoinResponse,
  zonedNow,
  zonedToday,
} from '@agendaki/shared';
import { randomUUID } from 'node:crypto';
import { and } from 'drizzle-orm';
import type { z } from 'zod';
import { sendJob, sendJobs } from '../../db/queue';
import { WAITLIST_SCAN_QUEUE } from '../../db/queues';
import { AppError } from '../../lib/errors';
import { brazilianMobile, toStoredPhone } from '../../lib/phone';
import { createBooking, visitorHash, type BookingDeps } from '../booking/service';
import { addToOutbox } from '../mail/service';
import { findPublicProfileById } from '../profile/service';
import {
  requireBookableProfessional,
  requireBookableServices,
  type PublicReadCache,
} from '../public-profile/service';
import { listServices } from '../services/service';
import { renderJoinedMail } from './mails';
import type { ScanData, WaitlistDeps } from './offers';
import * as repo from './repo';
import { entryToken, entryUrl, hashEntryToken, isEntryTokenShaped } from './token';

/** Waiting entries one visitor may have with one professional; the whole line's size. */
export const WAITING_PER_VISITOR = 3;
export const WAITING_PER_PROFESSIONAL = 200;

export type PublicWaitlistDeps = WaitlistDeps & { cache: PublicReadCache };
type JoinInput = z.output<typeof waitlistJoinInputSchema>;

/** A look at the line soon, in the caller's transaction (a place freed or a new entry). */
export function requestScan(tx: WaitlistDeps['db'], professionalId: string) {
  return sendJob(tx, WAITLIST_SCAN_QUEUE, { professionalId } satisfies ScanData);
}

/**
 * "Entrar na lista de espera": the booking's rules (the professional bookable and not paused,
 * active services, the contact the professional asks for, days from today within the horizon),
 * then caps per visitor, per contact and per line, in one transaction with its mail.
 */
export async function joinWaitlist(
  deps: PublicWaitlistDeps,
  input: JoinInput,
  ip: string,
): Promise<WaitlistJoinResponse> {
  const now = deps.clock.now();
  const catalog = await requireBookableProfessional(deps, input.professionalId, now, 'id');
  const { profile, schedule } = catalog;
  if (schedule.rules.paused) throw new AppError('BOOKING_PAUSED', BOOKING_PAUSED_MESSAGE);
  requireBookableServices(catalog, input.serviceIds);
  if (profile.clientEmailRequired && !input.clientEmail) {
    throw new AppError('VALIDATION', 'Email inválido');
  }
  if (!profile.clientEmailRequired && !brazilianMobile(input.clientPhone)) {
    throw new AppError('VALIDATION', MOBILE_REQUIRED_MESSAGE);
  }
  const today = zonedToday(now, profile.timezone);
  const last = addDaysToDate(today, schedule.rules.horizonDays);
  const dates = [...input.dates].sort();
  if (dates[0]! < today || dates.at(-1)! > last) {
    throw new AppError('VALIDATION', WAITLIST_PAST_MESSAGE);
  }
  const visitor = visitorHash(deps.key, ip, profile.id);
  // E.164, as clients' phones are (issue 47): the same mobile typed two ways is one person.
  const phone = toStoredPhone(input.clientPhone);
  return deps.db.transaction(async (tx) => {
    await repo.lockProfessionalTime(tx, profile.id);
    const settings = await repo.findSettings(tx, profile.id);
    if (!settings.enabled) throw new AppError('CONFLICT', WAITLIST_OFF_MESSAGE);
    const known = await repo.findEntryByRequest(tx, profile.id, input.requestKey);
    if (known) return { entryUrl: entryUrl(deps.publicUrl, deps.key, known.id) };
    const contact = repo.byContact(input.clientEmail, phone);
    if ((await repo.countWaiting(tx, profile.id, and(contact, repo.wantsAny(dates)))) > 0) {
      throw new AppError('CONFLICT', WAITLIST_ALREADY_MESSAGE);
    }
    if ((await repo.countWaiting(tx, profile.id, repo.byVisitor(visitor))) >= WAITING_PER_VISITOR) {
      throw new AppError('TOO_MANY_REQUESTS', WAITLIST_FULL_MESSAGE);
    }
    if ((await repo.countWaiting(tx, profile.id)) >= WAITING_PER_PROFESSIONAL) {
      throw new AppError('CONFLICT', WAITLIST_FULL_MESSAGE);
    }
    const id = randomUUID();
    await repo.insertEntry(tx, {
      id,
      professionalId: profile.id,
      serviceIds: input.serviceIds.map((s) => s.toLowerCase()),
      dates,
      lastDate: dates.at(-1)!,
      periods: input.rangeStart ? [] : input.periods,
      rangeStart: input.rangeStart,
      rangeEnd: input.rangeEnd,
      clientName: input.clientName,
      clientEmail: input.clientEmail,
      clientPhone: phone,
      tokenHash: hashEntryToken(entryToken(deps.key, id)),
      requestKey: input.requestKey,
      visitorHash: visitor,
    });
    const link = entryUrl(deps.publicUrl, deps.key, id);
    const mails = input.clientEmail
      ? [
          renderJoinedMail({
            to: input.clientEmail,
            clientName: input.clientName,
            businessName: profile.businessName,
            dates,
            link,
          }),
        ]
      : [];
    await sendJobs(tx, await addToOutbox({ db: tx }, mails, now, { professionalId: profile.id }));
    // A time that fits may be free already: the look offers it at once.
    await requestScan(tx, profile.id);
    return { entryUrl: link };
  });
}

async function requireEntry(deps: WaitlistDeps, token: string) {
  const entry = isEntryTokenShaped(token)
    ? await repo.findEntryByToken(deps.db, hashEntryToken(token))
    : undefined;
  if (!entry) throw new AppError('NOT_FOUND', WAITLIST_LINK_INVALID_MESSAGE);
  return entry;
}

/** The client's page: their wish, and the offer held for them if there is one. */
export async function viewEntry(deps: WaitlistDeps, token: string): Promise<WaitlistEntryView> {
  const entry = await requireEntry(deps, token);
  const profile = await findPublicProfileById({ db: deps.db }, entry.professionalId);
  if (!profile) throw new AppError('NOT_FOUND', WAITLIST_LINK_INVALID_MESSAGE);
  const services = await listServices({ db: deps.db }, entry.professionalId, {
    activeOnly: false,
  });
  const offer = await repo.findPendingOffer(deps.db, entry.professionalId, entry.id);
  const live = offer && offer.deadline > deps.clock.now() ? offer : undefined;
  return {
    businessName: profile.businessName,
    professionalName: profile.professionalName,
    bookingLink: `${deps.publicUrl}/${profile.customLink}`,
    clientName: entry.clientName,
    ...wishView(entry, services),
    offer: live ? offerView(live, profile.timezone) : null,
  };
}

export function wishView(entry: repo.EntryRow, services: readonly { id: string; name: string }[]) {
  return {
    services: entry.serviceIds.map((id) => ({
      id,
      name: services.find((s) => s.id === id)?.name ?? 'Serviço removido',
    })),
    dates: entry.dates,
    periods: entry.periods as WaitlistEntryView['periods'],
    rangeStart: entry.rangeStart?.slice(0, 5) ?? null,
    rangeEnd: entry.rangeEnd?.slice(0, 5) ?? null,
    status: entry.status as WaitlistEntryView['status'],
  };
}

export function offerView(offer: repo.OfferRow, timeZone: string) {
  return {
    date: offer.offerDate,
    time: offer.startTime.slice(0, 5),
    endTime: offer.endTime.slice(0, 5),
    deadline: offer.deadline.toISOString(),
    holdUntil: zonedNow(offer.deadline, timeZone).time,
  };
}

/**
 * "Quero este horário": a booking of the offered time, through the booking's own path (its
 * rules, caps, mails, manage link and Pix sinal), whose transaction first closes the offer,
 * releasing the hold for this booking. The offer's id is the booking's idempotency key: a
 * second tap answers the same booking.
 */
export async function acceptOffer(
  deps: PublicWaitlistDeps & Omit<BookingDeps, 'db' | 'cache' | 'clock' | 'publicUrl'>,
  token: string,
): Promise<BookingResponse> {
  const entry = await requireEntry(deps, token);
  const now = deps.clock.now();
  const offers = await repo.listOffersOf(deps.db, entry.professionalId, [entry.id]);
  const offer =
    offers.find((o) => o.status === 'pending' && o.deadline > now) ??
    offers.find((o) => o.status === 'accepted');
  if (!offer) throw new AppError('CONFLICT', WAITLIST_OFFER_GONE_MESSAGE);
  return createBooking(
    {
      ...deps,
      pushKind: 'waitlist_offer_accepted',
      beforeInsert: async (tx) => {
        // The time lock before the offer's row, in the order a look takes them: no deadlock.
        await repo.lockProfessionalTime(tx, entry.professionalId);
        if (!(await repo.closeOffer(tx, entry.professionalId, offer.id, 'accepted', now))) {
          throw new AppError('CONFLICT', WAITLIST_OFFER_GONE_MESSAGE);
        }
        await repo.setEntryStatus(tx, entry.professionalId, entry.id, 'waiting', 'booked');
      },
    },
    {
      professionalId: entry.professionalId,
      serviceIds: entry.serviceIds,
      date: offer.offerDate,
      time: offer.startTime.slice(0, 5),
      clientName: entry.clientName,
      clientEmail: entry.clientEmail,
      clientPhone: entry.clientPhone,
      notes: null,
      idempotencyKey: `waitlist-${offer.id}`,
    },
  );
}

/** "Não quero este horário": the time goes to the next in line; the client stays in line. */
export async function declineOffer(deps: WaitlistDeps, token: string) {
  const entry = await requireEntry(deps, token);
  await deps.db.transaction(async (tx) => {
    await repo.lockProfessionalTime(tx, entry.professionalId);
    const offer = await repo.findPendingOffer(tx, entry.professionalId, entry.id);
    if (!offer) throw new AppError('CONFLICT', WAITLIST_OFFER_GONE_MESSAGE);
    await repo.closeOffer(tx, entry.professionalId, offer.id, 'declined');
    await requestScan(tx, entry.professionalId);
  });
  return viewEntry(deps, token);
}

/** "Sair da lista": an open offer is withdrawn with it, its time to the next in line. */
export async function leaveWaitlist(deps: WaitlistDeps, token: string) {
  const entry = await requireEntry(deps, token);
  await deps.db.transaction((tx) => leaveEntry(tx, entry.professionalId, entry.id));
  return viewEntry(deps, token);
}

export async function leaveEntry(tx: WaitlistDeps['db'], professionalId: string, id: string) {
  await repo.lockProfessionalTime(tx, professionalId);
  const offer = await repo.findPendingOffer(tx, professionalId, id);
  if (offer) await repo.closeOffer(tx, professionalId, offer.id, 'withdrawn');
  const left = await repo.setEntryStatus(tx, professionalId, id, 'waiting', 'left');
  if (offer) await requestScan(tx, professionalId);
  return left;
}
