import {
  addDaysToDate,
  type AutomationSettings,
  type Birthday,
  DECENT_HOURS,
  DEFAULT_AUTOMATION_TEXTS,
  zonedNow,
  zonedStartOfDay,
} from '@agendaki/shared';
import type { WhatsappConfig } from '../../config/env';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { SecretBox } from '../../lib/secret-box';
import { getClient } from '../clients/service';
import { cancelPendingMails } from '../mail/service';
import { cancelQueuedWhatsapp } from '../whatsapp/service';
import { findPublicProfileById } from '../profile/service';
import { listServices } from '../services/service';
import * as repo from './repo';
import { whatsappKeyOf } from './send';

/**
 * Clients who come back (issue 50): the automations' settings, the messages (each recorded
 * once per source, then mailed through the outbox and its job), the client's story and her
 * marketing choice, kept with when and how it was given.
 */
export interface ComebackDeps {
  db: Db;
  clock: Clock;
  publicUrl: string;
  /** The unsubscribe links' key (unsubscribe.ts). */
  unsubscribeKey: Buffer;
  /** Opens the anamnesis answers shown in the story (lib/secret-box.ts). */
  box: SecretBox;
  /** Null without the WhatsApp variables: every message goes by e-mail. */
  whatsapp: WhatsappConfig | null;
}

export const SERVICE_NOT_FOUND = 'Serviço não encontrado';

const DEFAULTS = {
  returnEnabled: false,
  returnText: DEFAULT_AUTOMATION_TEXTS.return,
  reviewEnabled: false,
  reviewText: DEFAULT_AUTOMATION_TEXTS.review,
  reviewUrl: null,
  missingText: DEFAULT_AUTOMATION_TEXTS.missing,
  birthdayEnabled: false,
  birthdayText: DEFAULT_AUTOMATION_TEXTS.birthday,
  birthdayHour: 10,
};

export async function getSettings(
  { db }: Pick<ComebackDeps, 'db'>,
  professionalId: string,
): Promise<AutomationSettings> {
  const [row, intervals] = [
    await repo.findSettings(db, professionalId),
    await repo.listIntervals(db, professionalId),
  ];
  const values = row ?? DEFAULTS;
  return {
    returnEnabled: values.returnEnabled,
    returnText: values.returnText,
    returnIntervals: intervals,
    reviewEnabled: values.reviewEnabled,
    reviewText: values.reviewText,
    reviewUrl: values.reviewUrl,
    missingText: values.missingText,
    birthdayEnabled: values.birthdayEnabled,
    birthdayText: values.birthdayText,
    birthdayHour: values.birthdayHour,
  };
}

export async function saveSettings(
  { db, clock }: Pick<ComebackDeps, 'db' | 'clock'>,
  professionalId: string,
  input: AutomationSettings,
): Promise<AutomationSettings> {
  const own = new Set(
    (await listServices({ db }, professionalId, { activeOnly: false })).map((s) => s.id),
  );
  // One interval per service: the last one given wins.
  const intervals = [
    ...new Map(input.returnIntervals.map((iv) => [iv.serviceId.toLowerCase(), iv])).values(),
  ].map((iv) => ({ serviceId: iv.serviceId.toLowerCase(), days: iv.days }));
  if (intervals.some((iv) => !own.has(iv.serviceId))) {
    throw new AppError('BAD_REQUEST', SERVICE_NOT_FOUND);
  }
  const values = {
    returnEnabled: input.returnEnabled,
    returnText: input.returnText,
    reviewEnabled: input.reviewEnabled,
    reviewText: input.reviewText,
    reviewUrl: input.reviewUrl,
    missingText: input.missingText,
    birthdayEnabled: input.birthdayEnabled,
    birthdayText: input.birthdayText,
    birthdayHour: input.birthdayHour,
  };
  await db.transaction(async (tx) => {
    await repo.upsertSettings(tx, professionalId, values, clock.now());
    await repo.replaceIntervals(tx, professionalId, intervals);
  });
  return getSettings({ db }, professionalId);
}

/** Whether `now` is within the decent hours in the zone; the journeys may allow any hour. */
export function isDecentHour(now: Date, timezone: string): boolean {
  const hour = Number(zonedNow(now, timezone).time.slice(0, 2));
  return hour >= DECENT_HOURS.from && hour < DECENT_HOURS.to;
}

/** The next moment within the decent hours (now, when it already is). */
export function nextDecentMoment(now: Date, timezone: string): Date {
  if (isDecentHour(now, timezone)) return now;
  const local = zonedNow(now, timezone);
  const day =
    Number(local.time.slice(0, 2)) >= DECENT_HOURS.to ? addDaysToDate(local.date, 1) : local.date;
  return new Date(zonedStartOfDay(day, timezone).getTime() + DECENT_HOURS.from * 3_600_000);
}

/** The public page's address with the service chosen (book page reads `?servico=`). */
export function bookingLink(publicUrl: string, customLink: string, serviceId?: string): string {
  const base = `${publicUrl}/book/${encodeURIComponent(customLink)}`;
  return serviceId ? `${base}?servico=${encodeURIComponent(serviceId)}` : base;
}

export async function requireProfessional(
  { db }: Pick<ComebackDeps, 'db'>,
  professionalId: string,
) {
  const profile = await findPublicProfileById({ db }, professionalId);
  if (!profile) throw new AppError('NOT_FOUND', 'Profissional não encontrado');
  return profile;
}

// ------------------------------------------------------------------ the client's choice

export async function isOptedOut(db: Db, professionalId: string, clientId: string) {
  return (await repo.optedOutAmong(db, professionalId, [clientId])).size > 0;
}

/** A one-tap message waits at most until the next 09:00; WhatsApp retries for some hours. */
const HELD_FOR_AT_MOST_MS = 2 * 24 * 60 * 60 * 1000;
const CANCELLED = 'Cancelada: a cliente recusou as mensagens';

/**
 * Records the client's marketing choice with when and how it was given. A refusal also stops
 * what was planned before it and has not gone yet (a message held until a decent hour), in the
 * same transaction: nothing reaches a client after she said no.
 */
export async function recordMarketingChoice(
  { db, clock }: Pick<ComebackDeps, 'db' | 'clock'>,
  professionalId: string,
  clientId: string,
  allowed: boolean,
  via: 'unsubscribe_link' | 'professional',
): Promise<void> {
  await getClient({ db }, professionalId, clientId);
  const now = clock.now();
  await db.transaction(async (tx) => {
    await repo.insertConsent(tx, {
      professionalId,
      clientId,
      purpose: 'marketing',
      granted: allowed,
      via,
      givenAt: now,
    });
    if (allowed) return;
    const recent = (await repo.listMessagesOfClient(tx, professionalId, clientId)).filter(
      (message) => now.getTime() - message.createdAt.getTime() < HELD_FOR_AT_MOST_MS,
    );
    await cancelQueuedWhatsapp(
      { db: tx },
      professionalId,
      recent.filter((m) => m.channel === 'whatsapp').map((m) => whatsappKeyOf(m.kind, m.sourceKey)),
      CANCELLED,
      now,
    );
    await cancelPendingMails(
      { db: tx },
      professionalId,
      recent.flatMap((m) => (m.mailId ? [m.mailId] : [])),
      CANCELLED,
    );
  });
}

/** "Aniversário": the client's birthday set or cleared on her page. */
export async function setBirthday(
  { db }: Pick<ComebackDeps, 'db'>,
  professionalId: string,
  clientId: string,
  birthday: Birthday | null,
): Promise<void> {
  const client = await getClient({ db }, professionalId, clientId);
  await repo.setBirthday(db, professionalId, client.id, birthday);
}

export { comebackDataOfClient, deleteComebackDataOfClient, getClientStory } from './story';
export { sendClientMessage, type MessageToSend, type SendOutcome } from './send';
