// Planning a message: every rule that decides whether a template goes, then its row and job.
import { zonedStartOfDay, zonedToday } from '@agendaki/shared';
import type { WhatsappConfig } from '../../config/env';
import type { Db } from '../../db/client';
import type { WhatsappFallbackMail } from '../../db/schema';
import { sendJob } from '../../db/queue';
import { WHATSAPP_QUEUE } from '../../db/queues';
import { isDemoProfessional } from '../../lib/demo';
import { brazilianMobile } from '../../lib/phone';
import { findPublicProfileById } from '../profile/service';
import * as repo from './repo';
import { TEMPLATES, type MessageKind } from './templates';

export interface PlanDeps {
  db: Db;
  /** Null without the four WhatsApp variables: nothing is ever planned. */
  config: WhatsappConfig | null;
}

export interface WhatsappTemplateInput {
  professionalId: string;
  clientId: string | null;
  bookingId: string | null;
  /** The client's phone as stored; only a Brazilian mobile can receive. */
  phone: string | null;
  kind: MessageKind;
  /** The template's `{{n}}` values, in order (templates.ts). */
  params: string[];
  /** The same key planned twice is one message (e.g. `reminder:<booking>:<start>`). */
  dedupeKey: string;
  /** Sent by e-mail instead if WhatsApp fails; null when the e-mail went anyway. */
  fallbackMail: WhatsappFallbackMail | null;
  /** Not sent before this moment (a decent hour in the professional's zone). */
  startAfter?: Date;
}

export type PlanOutcome =
  | { queued: true; messageId: string }
  | {
      queued: false;
      reason: 'off' | 'kind-off' | 'no-mobile' | 'opted-out' | 'cap' | 'duplicate';
    };

const KIND_SETTING = {
  booking_confirmed: 'sendConfirmations',
  reminder: 'sendReminders',
  rescheduled: 'sendChanges',
  cancelled: 'sendChanges',
  deposit_due: 'sendDeposits',
  waitlist_offer: 'sendWaitlist',
  // The automations have their own switches (Mensagens); WhatsApp on is enough for them.
  comeback_return: 'enabled',
  comeback_birthday: 'enabled',
  comeback_review: 'enabled',
  comeback_missing: 'enabled',
} as const satisfies Record<MessageKind, keyof repo.SettingsRow>;

/** "+5511987654321" for a Brazilian mobile, else null. */
export function toE164(phone: string | null | undefined): string | null {
  const mobile = brazilianMobile(phone);
  return mobile ? `+${mobile}` : null;
}

/** The first instant of the current month in the professional's zone (the cap's window). */
export function monthStart(now: Date, timeZone: string): Date {
  const today = zonedToday(now, timeZone);
  return zonedStartOfDay(`${today.slice(0, 8)}01`, timeZone);
}

/**
 * Plans one template message in `db`'s transaction: its row and its job commit with the change
 * that causes them, or neither. Nothing when WhatsApp is not configured or is off for the
 * professional or this kind, the phone is no mobile, the client sent PARAR, the month's cap is
 * reached, or this `dedupeKey` was planned before.
 */
export async function planTemplate(
  deps: PlanDeps,
  input: WhatsappTemplateInput,
  now: Date,
): Promise<PlanOutcome> {
  const { db, config } = deps;
  if (!config) return { queued: false, reason: 'off' };
  const settings = await repo.findSettings(db, input.professionalId);
  if (!settings?.enabled) return { queued: false, reason: 'off' };
  if (!settings[KIND_SETTING[input.kind]]) return { queued: false, reason: 'kind-off' };
  const phone = toE164(input.phone);
  if (!phone) return { queued: false, reason: 'no-mobile' };
  const optOut = await repo.findOptOut(db, input.professionalId, phone);
  if (optOut?.optedOut) return { queued: false, reason: 'opted-out' };
  const profile = await findPublicProfileById({ db }, input.professionalId);
  if (!profile || isDemoProfessional(profile.userId)) return { queued: false, reason: 'off' };
  const sent = await repo.countSince(db, input.professionalId, monthStart(now, profile.timezone));
  if (sent >= config.monthlyCap) return { queued: false, reason: 'cap' };
  const messageId = await repo.insertMessage(
    db,
    {
      professionalId: input.professionalId,
      clientId: input.clientId,
      bookingId: input.bookingId,
      kind: input.kind,
      template: TEMPLATES[input.kind].name,
      toPhone: phone,
      params: input.params.map((value) => value.slice(0, 500)),
      dedupeKey: input.dedupeKey.slice(0, 200),
      fallbackMail: input.fallbackMail,
    },
    now,
  );
  if (!messageId) return { queued: false, reason: 'duplicate' };
  const data: WhatsappJobData = { professionalId: input.professionalId, messageId };
  await sendJob(db, WHATSAPP_QUEUE, data, {
    id: messageId,
    ...(input.startAfter ? { startAfter: input.startAfter } : {}),
  });
  return { queued: true, messageId };
}

/** A job of the WhatsApp queue: send a planned message, or plan a new booking's. */
export type WhatsappJobData =
  | { professionalId: string; messageId: string }
  | { professionalId: string; bookingId: string; newBooking: true };
