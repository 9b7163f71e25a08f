// WhatsApp in one tap (the dashboard): one booking's message, its sent mark, tomorrow's list.
import {
  addDaysToDate,
  fillWhatsappTemplate,
  formatIsoDate,
  MANAGE_CANCELLED_MESSAGE,
  type TomorrowReminders,
  type WhatsappReminder,
  zonedToday,
} from '@agendaki/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { brazilianMobile, NO_MOBILE_REASON, whatsappUrl } from '../../lib/phone';
import {
  findBookingIdOf,
  listBookingAppointments,
  listLiveAppointmentsOn,
} from '../appointments/service';
import { findPublicProfileById, type PublicProfileRow } from '../profile/service';
import { ensureManageLink, type LinkDeps, type ManageDeps } from './link';
import * as repo from './repo';
import type { BookingAppointment } from './view';

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
