// The booking behind a token: opening it, the page's view and .ics, the change rules and notice.
import {
  addDaysToDate,
  formatPhone,
  MANAGE_CANCELLED_MESSAGE,
  MANAGE_CUTOFF_PASSED_MESSAGE,
  type ManageStatus,
  type ManageView,
  mapUrlFor,
  type PushKind,
  zonedToday,
} from '@agendaki/shared';
import type { Db } from '../../db/client';
import { readAll } from '../../db/read-all';
import { isDemoProfessional } from '../../lib/demo';
import { AppError } from '../../lib/errors';
import { buildIcs, zonedInstant } from '../../lib/ics';
import { brazilianMobile, whatsappUrl } from '../../lib/phone';
import { listBookingAppointments } from '../appointments/service';
import { getDepositCharge } from '../deposits/service';
import { managePackagesOf } from '../packages/service';
import { planPushEvent } from '../push/service';
import { findPublicProfileById, type PublicProfileRow } from '../profile/service';
import { seriesOfBooking } from '../series/service';
import { bookingStatus, planChangeNotice } from './change-notice';
import { findByToken, invalidLink, type ManageDeps } from './link';
import { type BookingSummary, summarizeBooking } from './mails';
import type * as repo from './repo';
import { manageUrl } from './token';

export type BookingAppointment = Awaited<ReturnType<typeof listBookingAppointments>>[number];

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
export async function openBooking(deps: ManageDeps, token: string): Promise<OpenBooking> {
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
  return summarizeBooking(booking.profile, shown);
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
  const series = await seriesOfBooking(
    deps.db,
    {
      profileId: booking.link.professionalId,
      timezone: profile.timezone,
      cutoffMinutes: profile.cancelCutoffMinutes,
    },
    booking.link.bookingId,
    deps.clock.now(),
  );
  return {
    status: booking.status,
    ...(deposit ? { deposit } : {}),
    series: series && { label: series.label, isWeekly: series.isWeekly, next: series.next },
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
    packages: await managePackagesOf(
      deps,
      { profileId: booking.link.professionalId, timezone: profile.timezone },
      booking.appointments[0]!.clientId,
    ),
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

export function requireChangeable(booking: OpenBooking): void {
  if (booking.status === 'cancelled') throw new AppError('CONFLICT', MANAGE_CANCELLED_MESSAGE);
  if (!booking.canChange) throw new AppError('CONFLICT', MANAGE_CUTOFF_PASSED_MESSAGE);
}

/**
 * The client's change is told to the professional and the client by the notice of its window,
 * merged with the other changes made in it (change-notice.ts, decision 031).
 */
export async function planNotice(
  tx: Db,
  deps: ManageDeps,
  booking: OpenBooking,
  kind: PushKind,
): Promise<void> {
  if (isDemoProfessional(booking.profile.userId)) return;
  const first = booking.live[0] ?? booking.appointments[0]!;
  const professionalId = booking.link.professionalId.toLowerCase();
  const bookingId = booking.link.bookingId.toLowerCase();
  await planChangeNotice(
    tx,
    {
      professionalId,
      bookingId,
      before: { date: first.appointmentDate, startTime: first.startTime, status: booking.status },
    },
    deps.clock.now(),
    deps.noticeWindowMs,
  );
  // The professional's phones are told at once, each change (features/push).
  await planPushEvent(tx, { professionalId, kind, bookingId }, deps.clock.now());
}

/**
 * What the anamnesis form needs of the booking behind a token (features/anamnesis): whose it
 * is, its services, and whether it is still ahead. Unknown or past: "Link inválido ou expirado".
 */
export async function bookingOfToken(deps: ManageDeps, token: string) {
  const booking = await openBooking(deps, token);
  const shown = booking.live.length > 0 ? booking.live : booking.appointments;
  return {
    professionalId: booking.link.professionalId,
    bookingId: booking.link.bookingId,
    clientId: shown[0]!.clientId,
    serviceIds: booking.live.map((a) => a.serviceId),
    isAhead:
      booking.status !== 'cancelled' && deps.clock.now().getTime() < booking.firstStart.getTime(),
  };
}
