import { createHash } from 'node:crypto';
import type { afterBookingSettingsSchema } from '@agendaki/shared';
import {
  addDaysToDate,
  formatIsoDate,
  formatPhone,
  fillWhatsappTemplate,
  IDEMPOTENCY_KEY_REUSED_MESSAGE,
  MANAGE_CANCELLED_MESSAGE,
  MANAGE_CUTOFF_PASSED_MESSAGE,
  MANAGE_LINK_INVALID_MESSAGE,
  mapUrlFor,
  SLOT_TAKEN_MESSAGE,
  sumPriceCents,
  zonedToday,
  type AfterBookingSettings,
  type ManageRescheduleInput,
  type ManageStatus,
  type ManageView,
  type TomorrowReminders,
  type WhatsappReminder,
} from '@agendaki/shared';
import type { SQLWrapper } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { readAll } from '../../db/read-all';
import type { Clock } from '../../lib/clock';
import { AppError, getSqlState, SQLSTATE } from '../../lib/errors';
import {
  findBookingIdOf,
  listBookingAppointments,
  listLiveAppointmentsOn,
  moveBooking,
  replanBookingReminder,
  setBookingStatus,
} from '../appointments/service';
import { buildIcs, zonedInstant } from '../../lib/ics';
import { isDemoProfessional } from '../../lib/demo';
import { enqueueMails } from '../mail/service';
import { cancelPendingDeposit, getDepositCharge } from '../deposits/service';
import {
  findPublicProfileById,
  updateAfterBookingSettings,
  type PublicProfileRow,
} from '../profile/service';
import type { PublicReadCache } from '../public-profile/service';
import {
  computeSlots,
  planOfferedTime,
  requireBookableProfessional,
  requireBookableServices,
} from '../public-profile/service';
import { bookingStatus, planChangeNotice } from './change-notice';
import { renderReminder, type BookingSummary } from './mails';
import { brazilianMobile, NO_MOBILE_REASON, whatsappUrl } from '../../lib/phone';
import * as repo from './repo';
import { hashToken, isTokenShaped, manageUrl, newNonce, tokenFor, tokensMatch } from './token';

/** What the service needs (decision 010), plus the manage links' key and the public address. */
export interface ManageDeps {
  db: Db;
  clock: Clock;
  /** HMAC key of the tokens (token.ts `deriveManageKey`). */
  key: Buffer;
  publicUrl: string;
}

export interface ManagePublicDeps extends ManageDeps {
  cache: PublicReadCache;
}

type LinkDeps = Pick<ManageDeps, 'db' | 'key' | 'publicUrl'>;

// ------------------------------------------------ the link

/**
 * The booking's manage link, created with its row the first time (in `db`'s transaction: a
 * booking and its link commit together). Only the token's hash is stored; the link is computed.
 */
export async function ensureManageLink(
  deps: LinkDeps,
  professionalId: string,
  bookingId: string,
  now: Date,
): Promise<string> {
  const existing = await repo.findLink(deps.db, professionalId, bookingId);
  if (existing) return manageUrl(deps.publicUrl, tokenFor(deps.key, bookingId, existing.nonce));
  return createManageLink(deps, professionalId, bookingId, now);
}

/** A fresh link row's values for `bookingId`: a new nonce and the hash of its token. */
function newLinkValues(key: Buffer, professionalId: string, bookingId: string) {
  const nonce = newNonce();
  return {
    professionalId,
    bookingId,
    nonce,
    tokenHash: hashToken(tokenFor(key, bookingId, nonce)),
  };
}

/**
 * The link of a booking found without one (ensureManageLink); should another transaction have
 * written it first, theirs is kept and answered.
 */
async function createManageLink(
  { db, key, publicUrl }: LinkDeps,
  professionalId: string,
  bookingId: string,
  now: Date,
): Promise<string> {
  const row = await repo.ensureLink(db, newLinkValues(key, professionalId, bookingId), now);
  return manageUrl(publicUrl, tokenFor(key, bookingId, row.nonce));
}

/**
 * The link of a booking this transaction has just created (its id was claimed by it, so no
 * other transaction can have written the link): a plain insert, handed to the caller to run
 * in its own statement (features/booking stores its answer with it), and the link's URL.
 */
export function newBookingLink(
  deps: LinkDeps,
  professionalId: string,
  bookingId: string,
  now: Date,
): { insert: SQLWrapper; url: string } {
  const values = newLinkValues(deps.key, professionalId, bookingId);
  return {
    insert: repo.insertLinkQuery(deps.db, values, now),
    url: manageUrl(deps.publicUrl, tokenFor(deps.key, bookingId, values.nonce)),
  };
}

const DUMMY_BOOKING = '00000000-0000-4000-8000-000000000000';

/**
 * The link row a token opens, or undefined; every path does the same work (one look-up by
 * hash, one HMAC, one constant-time comparison), so a wrong token answers like any other.
 */
async function findByToken(
  { db, key }: Pick<ManageDeps, 'db' | 'key'>,
  token: string,
): Promise<repo.ManageLinkRow | undefined> {
  const shaped = isTokenShaped(token);
  const row = shaped ? await repo.findLinkByHash(db, hashToken(token)) : undefined;
  const expected = tokenFor(key, row?.bookingId ?? DUMMY_BOOKING, row?.nonce ?? 'x');
  const matches = tokensMatch(shaped ? token : expected.replace(/./g, '_'), expected);
  return row && matches ? row : undefined;
}

function invalidLink(): AppError {
  return new AppError('NOT_FOUND', MANAGE_LINK_INVALID_MESSAGE);
}

type BookingAppointment = Awaited<ReturnType<typeof listBookingAppointments>>[number];

interface OpenBooking {
  link: repo.ManageLinkRow;
  profile: PublicProfileRow;
  appointments: BookingAppointment[];
  /** Not cancelled, by start. */
  live: BookingAppointment[];
  status: ManageStatus;
  firstStart: Date;
  canChange: boolean;
}

/**
 * The booking behind a token, or "Link inválido ou expirado": unknown token, deleted
 * appointments, or the booking's time is over (the link dies after the appointment).
 */
async function openBooking(deps: ManageDeps, token: string): Promise<OpenBooking> {
  const link = await findByToken(deps, token);
  if (!link) throw invalidLink();
  const { db } = deps;
  const [profile, appointments] = await readAll(db, [
    () => findPublicProfileById({ db }, link.professionalId),
    () => listBookingAppointments({ db }, link.professionalId, link.bookingId),
  ]);
  if (!profile || appointments.length === 0) throw invalidLink();
  const now = deps.clock.now();
  const live = appointments.filter((a) => a.status !== 'cancelled');
  const shown = live.length > 0 ? live : appointments;
  const first = shown[0]!;
  const last = shown[shown.length - 1]!;
  const end = zonedInstant(last.appointmentDate, last.endTime, profile.timezone);
  if (now.getTime() >= end.getTime()) throw invalidLink();
  const firstStart = zonedInstant(first.appointmentDate, first.startTime, profile.timezone);
  const status = bookingStatus(live);
  const deadline = firstStart.getTime() - profile.cancelCutoffMinutes * 60_000;
  const canChange = status !== 'cancelled' && now.getTime() < deadline;
  return { link, profile, appointments, live, status, firstStart, canChange };
}

/** Whether the link opens a booking, as `getManageView` would (the page's 200 or 404). */
export async function isManageLinkOpen(deps: ManageDeps, token: string): Promise<boolean> {
  try {
    await openBooking(deps, token);
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return false;
    throw error;
  }
}

function summaryOf(booking: OpenBooking): BookingSummary {
  const shown = booking.live.length > 0 ? booking.live : booking.appointments;
  const services = shown.map((a) => ({
    name: a.service.name,
    startTime: a.startTime,
    endTime: a.endTime,
    priceCents: a.totalPriceCents,
  }));
  return {
    businessName: booking.profile.businessName,
    professionalName: booking.profile.professionalName,
    address: booking.profile.address,
    clientName: shown[0]!.client.name,
    date: shown[0]!.appointmentDate,
    startTime: shown[0]!.startTime,
    endTime: shown[shown.length - 1]!.endTime,
    services,
    totalPriceCents: sumPriceCents(services),
  };
}

export async function getManageView(deps: ManageDeps, token: string): Promise<ManageView> {
  const booking = await openBooking(deps, token);
  const summary = summaryOf(booking);
  const { profile } = booking;
  const mobile = brazilianMobile(profile.phone);
  const today = zonedToday(deps.clock.now(), profile.timezone);
  const deposit = await getDepositCharge(
    deps,
    booking.link.professionalId,
    booking.link.bookingId,
    profile.timezone,
  );
  return {
    status: booking.status,
    ...(deposit ? { deposit } : {}),
    businessName: profile.businessName,
    professionalName: profile.professionalName,
    address: profile.address,
    mapUrl: profile.address ? mapUrlFor(profile.address) : null,
    whatsappUrl: mobile ? whatsappUrl(mobile) : null,
    phone: profile.phone ? formatPhone(profile.phone) : null,
    date: summary.date,
    startTime: summary.startTime,
    endTime: summary.endTime,
    services: summary.services.map((s) => ({ ...s })),
    totalPriceCents: summary.totalPriceCents,
    canChange: booking.canChange,
    cutoffHours: profile.cancelCutoffMinutes / 60,
    today,
    lastBookableDate: addDaysToDate(today, 365),
  };
}

/** The booking's .ics (the success screen's download, for clients without e-mail too). */
export async function getManageIcs(deps: ManageDeps, token: string): Promise<string> {
  const booking = await openBooking(deps, token);
  const url = manageUrl(deps.publicUrl, token);
  const shown = booking.live.length > 0 ? booking.live : booking.appointments;
  return buildIcs({
    timeZone: booking.profile.timezone,
    now: deps.clock.now(),
    events: shown.map((a) => ({
      uid: `${a.id}@agendaki`,
      date: a.appointmentDate,
      startTime: a.startTime,
      endTime: a.endTime,
      summary: `${a.service.name} - ${booking.profile.businessName}`,
      description: `Profissional: ${booking.profile.professionalName}\nRemarcar ou cancelar: ${url}`,
      location: booking.profile.address,
      cancelled: a.status === 'cancelled',
    })),
  });
}

function requireChangeable(booking: OpenBooking): void {
  if (booking.status === 'cancelled') throw new AppError('CONFLICT', MANAGE_CANCELLED_MESSAGE);
  if (!booking.canChange) throw new AppError('CONFLICT', MANAGE_CUTOFF_PASSED_MESSAGE);
}

/**
 * The client's change is told to the professional and the client by the notice of its window,
 * merged with the other changes made in it (change-notice.ts, decision 031).
 */
async function planNotice(tx: Db, deps: ManageDeps, booking: OpenBooking): Promise<void> {
  if (isDemoProfessional(booking.profile.userId)) return;
  const first = booking.live[0] ?? booking.appointments[0]!;
  await planChangeNotice(
    tx,
    {
      professionalId: booking.link.professionalId.toLowerCase(),
      bookingId: booking.link.bookingId.toLowerCase(),
      before: { date: first.appointmentDate, startTime: first.startTime, status: booking.status },
    },
    deps.clock.now(),
  );
}

/** "Confirmar presença": the booking's scheduled appointments become Confirmado. */
export async function confirmByToken(deps: ManageDeps, token: string): Promise<ManageView> {
  await deps.db.transaction(async (tx) => {
    const scoped = { ...deps, db: tx };
    const booking = await openBooking(scoped, token);
    requireChangeable(booking);
    const { professionalId, bookingId } = booking.link;
    const changed = await setBookingStatus(
      scoped,
      professionalId,
      bookingId,
      ['scheduled'],
      'confirmed',
    );
    if (changed > 0) await planNotice(tx, deps, booking);
  });
  return getManageView(deps, token);
}

/** "Cancelar": every live appointment of the booking is cancelled, its time freed. */
export async function cancelByToken(deps: ManagePublicDeps, token: string): Promise<ManageView> {
  const professionalId = await deps.db.transaction(async (tx) => {
    const scoped = { ...deps, db: tx };
    const booking = await openBooking(scoped, token);
    requireChangeable(booking);
    const { professionalId, bookingId } = booking.link;
    await setBookingStatus(
      scoped,
      professionalId,
      bookingId,
      ['scheduled', 'confirmed', 'awaiting_deposit'],
      'cancelled',
    );
    // A sinal still pending is cancelled with the booking, and its deadline's job.
    await cancelPendingDeposit(tx, professionalId, bookingId, deps.clock.now());
    await replanBookingReminder(scoped, professionalId, bookingId);
    await planNotice(tx, deps, booking);
    return professionalId;
  });
  deps.cache.changed(professionalId, 'appointments');
  return getManageView(deps, token);
}

/** The starts offered for the booking's services on `date` (the public slot rule). */
export async function listRescheduleSlots(
  deps: ManagePublicDeps,
  token: string,
  date: string,
): Promise<{ date: string; slots: string[] }> {
  const booking = await openBooking(deps, token);
  requireChangeable(booking);
  const now = deps.clock.now();
  const reads = { db: deps.db, cache: deps.cache };
  const catalog = await requireBookableProfessional(reads, booking.profile.id, now, 'id');
  const services = requireBookableServices(
    catalog,
    booking.live.map((a) => a.serviceId),
  );
  const slots = await computeSlots(reads, catalog, { date, services, now, busy: true });
  return { date, slots };
}

function rescheduleFingerprint(bookingId: string, input: { date: string; time: string }) {
  return createHash('sha256')
    .update(JSON.stringify([bookingId.toLowerCase(), input.date, input.time]))
    .digest('hex');
}

type RescheduleInput = z.output<z.ZodType<ManageRescheduleInput>>;

/**
 * "Remarcar": the same services, back to back, at another offered start, in one transaction
 * with a booking's guarantees: the idempotency key (the same request again changes nothing,
 * another request under the key is 422), every rule re-read under the professional's lock,
 * the exclusion constraint deciding races (23P01 → "Este horário acabou de ser reservado").
 */
export async function rescheduleByToken(
  deps: ManagePublicDeps,
  token: string,
  input: RescheduleInput,
): Promise<ManageView> {
  let professionalId: string | undefined;
  try {
    professionalId = await deps.db.transaction((tx) => reschedule(tx, deps, token, input));
  } catch (error) {
    const state = getSqlState(error);
    if (state === SQLSTATE.EXCLUSION_VIOLATION || state === SQLSTATE.DEADLOCK_DETECTED) {
      throw new AppError('SLOT_TAKEN', SLOT_TAKEN_MESSAGE);
    }
    throw error;
  }
  if (professionalId) deps.cache.changed(professionalId, 'appointments');
  return getManageView(deps, token);
}

async function reschedule(
  tx: Db,
  deps: ManagePublicDeps,
  token: string,
  input: RescheduleInput,
): Promise<string | undefined> {
  const scoped = { ...deps, db: tx };
  const now = deps.clock.now();
  const link = await findByToken(scoped, token);
  if (!link) throw invalidLink();
  const requestFingerprint = rescheduleFingerprint(link.bookingId, input);
  const claimed = await repo.claimRequestKey(
    tx,
    {
      professionalId: link.professionalId,
      bookingId: link.bookingId,
      idempotencyKey: input.idempotencyKey,
      requestFingerprint,
    },
    now,
  );
  if (!claimed) {
    const stored = await repo.findRequest(tx, link.professionalId, input.idempotencyKey);
    if (stored?.requestFingerprint !== requestFingerprint || stored.bookingId !== link.bookingId) {
      throw new AppError('IDEMPOTENCY_KEY_REUSED', IDEMPOTENCY_KEY_REUSED_MESSAGE);
    }
    return undefined; // Done before: the view shows the result.
  }
  const booking = await openBooking(scoped, token);
  requireChangeable(booking);
  const reads = { db: tx, cache: deps.cache };
  const catalog = await requireBookableProfessional(reads, link.professionalId, now, 'id');
  const services = requireBookableServices(
    catalog,
    booking.live.map((a) => a.serviceId),
  );
  const plan = await planOfferedTime(reads, catalog, { ...input, services, now });
  await planNotice(tx, deps, booking);
  await moveBooking(
    scoped,
    link.professionalId,
    link.bookingId,
    plan.map((step, index) => ({
      id: booking.live[index]!.id,
      appointmentDate: input.date,
      startTime: step.startTime,
      endTime: step.endTime,
      // A pending sinal keeps holding the new time; its deadline stays (decision 017).
      status:
        booking.live[index]!.status === 'awaiting_deposit'
          ? ('awaiting_deposit' as const)
          : ('scheduled' as const),
    })),
  );
  await replanBookingReminder(scoped, link.professionalId, link.bookingId);
  await repo.storeRequestResponse(tx, link.professionalId, input.idempotencyKey, {
    date: input.date,
    time: input.time,
  });
  return link.professionalId;
}

// ------------------------------------------------ the e-mail reminder (reminders.ts)

/**
 * Sends the booking's reminder once for its current start: nothing for a cancelled or deleted
 * booking, a client without e-mail, reminders switched off, or a start already past. The
 * reminder's mark and its mail commit together, so a second run (another instance, a retry
 * after a restart) finds it marked and sends nothing.
 */
export async function sendReminder(
  deps: ManageDeps,
  professionalId: string,
  bookingId: string,
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const profile = await findPublicProfileById({ db: tx }, professionalId);
    if (!profile || profile.reminderHours === 0 || isDemoProfessional(profile.userId)) {
      return false;
    }
    const appointments = await listBookingAppointments({ db: tx }, professionalId, bookingId);
    const live = appointments.filter((a) => a.status !== 'cancelled');
    const first = live[0];
    if (!first) return false;
    const now = deps.clock.now();
    const start = zonedInstant(first.appointmentDate, first.startTime, profile.timezone);
    if (now.getTime() >= start.getTime()) return false;
    const email = first.client.email;
    if (!email) return false;
    // A dashboard appointment gets its link row here, the first time it is needed.
    const url = await ensureManageLink({ ...deps, db: tx }, professionalId, bookingId, now);
    const startKey = `${first.appointmentDate}T${first.startTime}`;
    if (!(await repo.claimReminder(tx, professionalId, bookingId, startKey))) return false;
    const services = live.map((a) => ({
      name: a.service.name,
      startTime: a.startTime,
      endTime: a.endTime,
      priceCents: a.totalPriceCents,
    }));
    const summary: BookingSummary = {
      businessName: profile.businessName,
      professionalName: profile.professionalName,
      address: profile.address,
      clientName: first.client.name,
      date: first.appointmentDate,
      startTime: first.startTime,
      endTime: live[live.length - 1]!.endTime,
      services,
      totalPriceCents: sumPriceCents(services),
    };
    await enqueueMails({ db: tx }, [renderReminder(email, summary, url)], now, {
      professionalId,
      clientId: first.clientId,
    });
    return true;
  });
}

// ------------------------------------------------ Configurações (the professional)

export async function getAfterBookingSettings(
  { db }: Pick<ManageDeps, 'db'>,
  profileId: string,
): Promise<AfterBookingSettings> {
  const profile = await findPublicProfileById({ db }, profileId);
  if (!profile) throw new AppError('NOT_FOUND', 'Perfil não encontrado');
  return {
    cancelCutoffHours: profile.cancelCutoffMinutes / 60,
    reminderHours: profile.reminderHours,
    clientEmailRequired: profile.clientEmailRequired,
    bookingEmailCode: profile.bookingEmailCode,
    whatsappTemplate: profile.whatsappTemplate,
    address: profile.address,
  };
}

export async function saveAfterBookingSettings(
  deps: Pick<ManageDeps, 'db' | 'clock'>,
  profileId: string,
  input: z.output<typeof afterBookingSettingsSchema>,
): Promise<AfterBookingSettings> {
  await updateAfterBookingSettings(deps, profileId, {
    cancelCutoffMinutes: input.cancelCutoffHours * 60,
    reminderHours: input.reminderHours,
    clientEmailRequired: input.clientEmailRequired,
    bookingEmailCode: input.bookingEmailCode,
    whatsappTemplate: input.whatsappTemplate,
    address: input.address,
  });
  return getAfterBookingSettings(deps, profileId);
}

// ------------------------------------------------ WhatsApp in one tap (the dashboard)

function startKeyOf(live: readonly BookingAppointment[]): string | null {
  const first = live[0];
  return first ? `${first.appointmentDate}T${first.startTime}` : null;
}

async function whatsappFor(
  deps: LinkDeps & { clock: Clock },
  profile: PublicProfileRow,
  bookingId: string,
): Promise<WhatsappReminder> {
  const appointments = await listBookingAppointments({ db: deps.db }, profile.id, bookingId);
  const live = appointments.filter((a) => a.status !== 'cancelled');
  const first = live[0];
  if (!first) return { bookingId, url: null, reason: MANAGE_CANCELLED_MESSAGE, sent: false };
  const link = await repo.findLink(deps.db, profile.id, bookingId);
  const sent = link?.whatsappSentStart === startKeyOf(live);
  const mobile = brazilianMobile(first.client.phone);
  if (!mobile) return { bookingId, url: null, reason: NO_MOBILE_REASON, sent };
  const url = await ensureManageLink(deps, profile.id, bookingId, deps.clock.now());
  const text = fillWhatsappTemplate(profile.whatsappTemplate, {
    cliente: first.client.name,
    data: formatIsoDate(first.appointmentDate),
    hora: first.startTime,
    servicos: live.map((a) => a.service.name).join(', '),
    link: url,
  });
  return { bookingId, url: whatsappUrl(mobile, text), reason: null, sent };
}

async function requireProfile(db: Db, profileId: string): Promise<PublicProfileRow> {
  const profile = await findPublicProfileById({ db }, profileId);
  if (!profile) throw new AppError('NOT_FOUND', 'Perfil não encontrado');
  return profile;
}

/** "Lembrar pelo WhatsApp" for one of the professional's appointments (its whole booking). */
export async function getWhatsappReminder(
  deps: ManageDeps,
  profileId: string,
  appointmentId: string,
): Promise<WhatsappReminder> {
  return deps.db.transaction(async (tx) => {
    const bookingId = await findBookingIdOf({ db: tx }, profileId, appointmentId);
    if (!bookingId) throw new AppError('NOT_FOUND', 'Agendamento não encontrado');
    return whatsappFor({ ...deps, db: tx }, await requireProfile(tx, profileId), bookingId);
  });
}

/** The sent mark, kept for the booking's current start (a reschedule clears it). */
export async function markWhatsappSent(
  deps: ManageDeps,
  profileId: string,
  appointmentId: string,
  sent: boolean,
): Promise<WhatsappReminder> {
  return deps.db.transaction(async (tx) => {
    const bookingId = await findBookingIdOf({ db: tx }, profileId, appointmentId);
    if (!bookingId) throw new AppError('NOT_FOUND', 'Agendamento não encontrado');
    const appointments = await listBookingAppointments({ db: tx }, profileId, bookingId);
    const live = appointments.filter((a) => a.status !== 'cancelled');
    await ensureManageLink({ ...deps, db: tx }, profileId, bookingId, deps.clock.now());
    await repo.setWhatsappSent(tx, profileId, bookingId, sent ? startKeyOf(live) : null);
    return whatsappFor({ ...deps, db: tx }, await requireProfile(tx, profileId), bookingId);
  });
}

/** "Lembretes de amanhã": tomorrow's bookings (in the professional's zone), first start each. */
export async function listTomorrowReminders(
  deps: ManageDeps,
  profileId: string,
): Promise<TomorrowReminders> {
  return deps.db.transaction(async (tx) => {
    const profile = await requireProfile(tx, profileId);
    const date = addDaysToDate(zonedToday(deps.clock.now(), profile.timezone), 1);
    const rows = await listLiveAppointmentsOn({ db: tx }, profileId, date);
    const seen = new Set<string>();
    const items: TomorrowReminders['items'] = [];
    for (const row of rows) {
      if (seen.has(row.bookingId)) continue;
      seen.add(row.bookingId);
      const reminder = await whatsappFor({ ...deps, db: tx }, profile, row.bookingId);
      const services = rows.filter((r) => r.bookingId === row.bookingId).map((r) => r.service.name);
      items.push({
        ...reminder,
        appointmentId: row.id,
        clientName: row.client.name,
        startTime: row.startTime,
        services: services.join(', '),
      });
    }
    return { date, items };
  });
}
