// The manage feature's face: the link, view, actions and WhatsApp files re-exported; here the
// e-mail reminder and Configurações > Depois do agendamento.
import { type AfterBookingSettings, type afterBookingSettingsSchema } from '@agendaki/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { isDemoProfessional } from '../../lib/demo';
import { AppError } from '../../lib/errors';
import { zonedInstant } from '../../lib/ics';
import { listBookingAppointments } from '../appointments/service';
import { enqueueMails, type OutgoingMail } from '../mail/service';
import { findPublicProfileById, updateAfterBookingSettings } from '../profile/service';
import { planChangeNotice, type ChangeNoticeJobData } from './change-notice';
import { ensureManageLink, type ManageDeps } from './link';
import { messageTarget, renderReminder, summarizeBooking } from './mails';
import * as repo from './repo';

export {
  newBookingLink,
  ensureManageLink,
  ensureManageToken,
  type ManageDeps,
  type ManagePublicDeps,
} from './link';
export { bookingOfToken, getManageIcs, getManageView, isManageLinkOpen } from './view';
export { cancelByToken, confirmByToken, listRescheduleSlots, rescheduleByToken } from './actions';
export { skipByToken } from './skip';
export { getWhatsappReminder, listTomorrowReminders, markWhatsappSent } from './whatsapp';
export type { ChangeChannel } from './change-notice';

/**
 * The professional moved or cancelled a booking in the Agenda (features/appointments' hook, in
 * its transaction): the client is told by the notice of the window, merged like their own.
 */
export function planProfessionalNotice(
  deps: Pick<ManageDeps, 'clock' | 'noticeWindowMs'>,
  db: Db,
  change: Omit<ChangeNoticeJobData, 'byProfessional'>,
) {
  const data: ChangeNoticeJobData = { ...change, byProfessional: true };
  return planChangeNotice(db, data, deps.clock.now(), deps.noticeWindowMs);
}

// ------------------------------------------------ the e-mail reminder (reminders.ts)

/**
 * Sends the booking's reminder once for its current start: nothing for a cancelled or deleted
 * booking, a client without e-mail, reminders switched off, or a start already past. The
 * reminder's mark and its mail commit together, so a second run (another instance, a retry
 * after a restart) finds it marked and sends nothing.
 */
export async function sendReminder(
  deps: ManageDeps & { reminderChannel?: ReminderChannel },
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
    const channel = deps.reminderChannel;
    if (!email && !channel) return false;
    // A dashboard appointment gets its link row here, the first time it is needed.
    const url = await ensureManageLink({ ...deps, db: tx }, professionalId, bookingId, now);
    const startKey = `${first.appointmentDate}T${first.startTime}`;
    if (!(await repo.claimReminder(tx, professionalId, bookingId, startKey))) return false;
    const summary = summarizeBooking(profile, live);
    const mail = email ? renderReminder(email, summary, url) : null;
    // WhatsApp, when it takes the reminder, sends this e-mail only if it fails.
    const taken = await channel?.(tx, {
      professionalId,
      bookingId,
      ...messageTarget(profile, first),
      reminderHours: profile.reminderHours,
      manageUrl: url,
      startKey,
      fallbackMail: mail,
    });
    if (taken || !mail) return taken ?? false;
    await enqueueMails({ db: tx }, [mail], now, { professionalId, clientId: first.clientId });
    return true;
  });
}

/**
 * Another channel that may take a due reminder instead of the e-mail (features/whatsapp, handed
 * in by app.ts so that manage imports no sender): true when it did, in `db`'s transaction.
 */
export type ReminderChannel = (
  db: Db,
  reminder: {
    professionalId: string;
    bookingId: string;
    clientId: string;
    clientName: string;
    phone: string | null;
    businessName: string;
    date: string;
    startTime: string;
    reminderHours: number;
    manageUrl: string;
    startKey: string;
    fallbackMail: OutgoingMail | null;
  },
) => Promise<boolean>;

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
