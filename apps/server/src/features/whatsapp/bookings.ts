// The booking's messages: confirmation (or Pix sinal due), reminder, rescheduled, cancelled.
import { formatCurrencyFromCents, formatIsoDate } from '@agendaki/shared';
import type { Db } from '../../db/client';
import { jobIdFor, type JobToSend } from '../../db/queue';
import { WHATSAPP_QUEUE } from '../../db/queues';
import type { Clock } from '../../lib/clock';
import { listBookingAppointments } from '../appointments/service';
import { deadlineText, getDepositCharge } from '../deposits/service';
import type { OutgoingMail } from '../mail/service';
import { ensureManageLink } from '../manage/service';
import { findPublicProfileById } from '../profile/service';
import { planTemplate, type PlanDeps, type PlanOutcome, type WhatsappJobData } from './plan';
import { leadText } from './templates';

export interface BookingMessageDeps extends PlanDeps {
  clock: Clock;
  /** The manage links' key and the public address (features/manage). */
  key: Buffer;
  publicUrl: string;
}

/**
 * The job that plans a new booking's confirmation, for the booking to send with its other
 * jobs (features/booking keeps to its statements); none without WhatsApp configured.
 */
export function newBookingWhatsappJob(
  configured: boolean,
  professionalId: string,
  bookingId: string,
): JobToSend | null {
  if (!configured) return null;
  const data: WhatsappJobData = { professionalId, bookingId, newBooking: true };
  return {
    queue: WHATSAPP_QUEUE,
    data,
    id: jobIdFor(WHATSAPP_QUEUE, `booking:${professionalId}:${bookingId}`),
  };
}

/**
 * A new booking's message, planned by its job: "sinal por Pix" while the sinal is pending,
 * else the confirmation with the Confirmar, Remarcar and Cancelar buttons. The e-mail
 * confirmation went with the booking, so no fallback.
 */
export async function planNewBookingMessage(
  deps: BookingMessageDeps,
  professionalId: string,
  bookingId: string,
): Promise<PlanOutcome> {
  return deps.db.transaction(async (tx) => {
    const scoped = { ...deps, db: tx };
    const profile = await findPublicProfileById({ db: tx }, professionalId);
    const live = (await listBookingAppointments({ db: tx }, professionalId, bookingId)).filter(
      (a) => a.status !== 'cancelled',
    );
    const first = live[0];
    if (!profile || !first) return { queued: false, reason: 'off' } as const;
    const now = deps.clock.now();
    const url = await ensureManageLink(scoped, professionalId, bookingId, now);
    const base = [first.client.name, profile.businessName, formatIsoDate(first.appointmentDate)];
    const common = {
      professionalId,
      clientId: first.clientId,
      bookingId,
      phone: first.client.phone,
      fallbackMail: null,
    };
    if (first.status === 'awaiting_deposit') {
      const deposit = await getDepositCharge(
        { db: tx },
        professionalId,
        bookingId,
        profile.timezone,
      );
      if (deposit?.status === 'pending') {
        const deadline = deadlineText(new Date(deposit.deadline), profile.timezone);
        return planTemplate(
          scoped,
          {
            ...common,
            kind: 'deposit_due',
            params: [
              ...base,
              first.startTime,
              formatCurrencyFromCents(deposit.amountCents),
              deadline,
              url,
            ],
            dedupeKey: `deposit_due:${bookingId}`,
          },
          now,
        );
      }
    }
    return planTemplate(
      scoped,
      {
        ...common,
        kind: 'booking_confirmed',
        params: [...base, first.startTime, url],
        dedupeKey: `booking_confirmed:${bookingId}`,
      },
      now,
    );
  });
}

/** What features/manage hands over when a reminder is due (its `ReminderChannel`). */
export interface ReminderMessage {
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
  /** "YYYY-MM-DDTHH:MM": one reminder per start. */
  startKey: string;
  fallbackMail: OutgoingMail | null;
}

/** The reminder by WhatsApp instead of the e-mail: true when it was planned (or was before). */
export async function planReminderMessage(
  deps: PlanDeps,
  db: Db,
  reminder: ReminderMessage,
  now: Date,
): Promise<boolean> {
  const outcome = await planTemplate(
    { ...deps, db },
    {
      professionalId: reminder.professionalId,
      clientId: reminder.clientId,
      bookingId: reminder.bookingId,
      phone: reminder.phone,
      kind: 'reminder',
      params: [
        reminder.clientName,
        reminder.businessName,
        leadText(reminder.reminderHours),
        formatIsoDate(reminder.date),
        reminder.startTime,
        reminder.manageUrl,
      ],
      dedupeKey: `reminder:${reminder.bookingId}:${reminder.startKey}`,
      fallbackMail: reminder.fallbackMail,
    },
    now,
  );
  return outcome.queued || outcome.reason === 'duplicate';
}

/** What features/manage hands over with a client's change notice (its `ChangeChannel`). */
export interface ChangeMessage {
  professionalId: string;
  bookingId: string;
  clientId: string;
  clientName: string;
  phone: string | null;
  businessName: string;
  date: string;
  startTime: string;
  state: 'moved' | 'cancelled';
  manageUrl: string;
  /** The client's e-mail notice should WhatsApp fail; null when it goes anyway. */
  fallbackMail: OutgoingMail | null;
}

/**
 * "Remarcado" or "Cancelado": `queued` (now or before), `off` for the professional or for
 * changes, or `undeliverable` to this client now (PARAR, no mobile, the cap): the e-mail then.
 */
export async function planChangeMessage(
  deps: PlanDeps,
  db: Db,
  change: ChangeMessage,
  now: Date,
): Promise<'queued' | 'off' | 'undeliverable'> {
  const kind = change.state === 'cancelled' ? 'cancelled' : 'rescheduled';
  const outcome = await planTemplate(
    { ...deps, db },
    {
      professionalId: change.professionalId,
      clientId: change.clientId,
      bookingId: change.bookingId,
      phone: change.phone,
      kind,
      params: [
        change.clientName,
        change.businessName,
        formatIsoDate(change.date),
        change.startTime,
        change.manageUrl,
      ],
      dedupeKey: `${kind}:${change.bookingId}:${change.date}T${change.startTime}`,
      fallbackMail: change.fallbackMail,
    },
    now,
  );
  if (outcome.queued || outcome.reason === 'duplicate') return 'queued';
  return outcome.reason === 'off' || outcome.reason === 'kind-off' ? 'off' : 'undeliverable';
}
