// The manage feature's face: the link, view, actions and WhatsApp files re-exported; here the
// e-mail reminder and Configurações > Depois do agendamento.
import {
  type AfterBookingSettings,
  type afterBookingSettingsSchema,
  sumPriceCents,
} from '@agendaki/shared';
import type { z } from 'zod';
import { isDemoProfessional } from '../../lib/demo';
import { AppError } from '../../lib/errors';
import { zonedInstant } from '../../lib/ics';
import { listBookingAppointments } from '../appointments/service';
import { enqueueMails } from '../mail/service';
import { findPublicProfileById, updateAfterBookingSettings } from '../profile/service';
import { ensureManageLink, type ManageDeps } from './link';
import { type BookingSummary, renderReminder } from './mails';
import * as repo from './repo';

export { newBookingLink, ensureManageLink, type ManageDeps, type ManagePublicDeps } from './link';
export { bookingOfToken, getManageIcs, getManageView, isManageLinkOpen } from './view';
export { cancelByToken, confirmByToken, listRescheduleSlots, rescheduleByToken } from './actions';
export { getWhatsappReminder, listTomorrowReminders, markWhatsappSent } from './whatsapp';

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
