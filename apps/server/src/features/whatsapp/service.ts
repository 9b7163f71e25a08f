// The WhatsApp feature's face: sending (plan.ts, bookings.ts, job.ts), the webhook's side
// (conversation.ts), and Configurações > WhatsApp with each client's history.
import {
  type BookingWhatsapp,
  type ClientWhatsapp,
  type WhatsappMessage,
  type WhatsappSettings,
  type WhatsappSettingsInput,
  type WhatsappStatus,
} from '@agendaki/shared';
import type { WhatsappConfig } from '../../config/env';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { getClient } from '../clients/service';
import { findPublicProfileById } from '../profile/service';
import { UNREACHABLE_NUMBER_CODES } from './cloud-api';
import { monthStart, planTemplate, toE164, type WhatsappTemplateInput } from './plan';
import * as repo from './repo';
import { fillTemplate, type MessageKind } from './templates';

export { createWhatsappApi, type WhatsappApi, WhatsappApiError } from './cloud-api';
export {
  newBookingWhatsappJob,
  planChangeMessage,
  planReminderMessage,
  type ChangeMessage,
  type ReminderMessage,
} from './bookings';
export { buttonPayload, createWhatsappJob } from './job';
export { toE164, type PlanOutcome, type WhatsappTemplateInput } from './plan';
export {
  applyStatus,
  findConversation,
  forgetAnswer,
  planReply,
  recordAnswer,
  setOptOut,
  type PlatformStatus,
} from './conversation';
export {
  BUTTON_ACTIONS,
  MESSAGE_KINDS,
  TEMPLATES,
  type ButtonAction,
  type MessageKind,
} from './templates';

interface Deps {
  db: Db;
  clock: Clock;
  config: WhatsappConfig | null;
}

/**
 * For other features (the waitlist's offer): plans one template message to a client in `db`'s
 * transaction (pass the transaction of the change that causes it), sent by the queue exactly
 * once per `dedupeKey`, never to a client who sent PARAR, within the month's cap, and with
 * `fallbackMail` sent instead if WhatsApp fails. `{ queued: false, reason }` when it will not go
 * (WhatsApp off or not configured included): send the e-mail yourself then.
 */
export function sendWhatsappTemplate(
  deps: Pick<Deps, 'config'> & { db: Db },
  input: WhatsappTemplateInput,
  now: Date,
) {
  return planTemplate(deps, input, now);
}

/**
 * Planned messages still queued (a one-tap message held until 09:00) that must not go: the
 * client refused them since. Their job finds them failed and sends nothing, and no e-mail.
 */
export async function cancelQueuedWhatsapp(
  { db }: { db: Db },
  professionalId: string,
  dedupeKeys: readonly string[],
  reason: string,
  now: Date,
): Promise<void> {
  await repo.failQueuedByKeys(db, professionalId, dedupeKeys, reason, now);
}

/** Whether the professional sends by WhatsApp at all (server configured and her switch on). */
export async function isWhatsappOn(
  deps: Pick<Deps, 'config'> & { db: Db },
  professionalId: string,
): Promise<boolean> {
  if (!deps.config) return false;
  return (await repo.findSettings(deps.db, professionalId))?.enabled ?? false;
}

/** Where the messages another feature planned under `dedupeKey`s stand (queued, sent, …). */
export async function whatsappStatesByKey(
  { db }: { db: Db },
  professionalId: string,
  keys: readonly string[],
): Promise<Map<string, WhatsappStatus>> {
  return (await repo.statusesByKey(db, professionalId, keys)) as Map<string, WhatsappStatus>;
}

export async function getWhatsappSettings(
  deps: Deps,
  professionalId: string,
): Promise<WhatsappSettings> {
  const settings = await repo.findSettings(deps.db, professionalId);
  const profile = await findPublicProfileById({ db: deps.db }, professionalId);
  if (!profile) throw new AppError('NOT_FOUND', 'Perfil não encontrado');
  const since = monthStart(deps.clock.now(), profile.timezone);
  return {
    available: deps.config !== null,
    enabled: settings?.enabled ?? false,
    sendConfirmations: settings?.sendConfirmations ?? true,
    sendReminders: settings?.sendReminders ?? true,
    sendChanges: settings?.sendChanges ?? true,
    sendDeposits: settings?.sendDeposits ?? true,
    sendWaitlist: settings?.sendWaitlist ?? true,
    monthCount: await repo.countSince(deps.db, professionalId, since),
    monthlyCap: deps.config?.monthlyCap ?? 0,
    reminderHours: profile.reminderHours,
  };
}

export async function saveWhatsappSettings(
  deps: Deps,
  professionalId: string,
  input: WhatsappSettingsInput,
): Promise<WhatsappSettings> {
  if (!deps.config && input.enabled) {
    throw new AppError(
      'BAD_REQUEST',
      'O envio automático pelo WhatsApp não está configurado neste servidor.',
    );
  }
  await repo.saveSettings(deps.db, professionalId, input, deps.clock.now());
  return getWhatsappSettings(deps, professionalId);
}

function toMessage(row: repo.MessageRow): WhatsappMessage {
  const text =
    row.kind === 'reply'
      ? (row.params[0] ?? '')
      : fillTemplate(row.kind as MessageKind, row.params);
  return {
    id: row.id,
    bookingId: row.bookingId,
    kind: row.kind,
    status: row.status as WhatsappStatus,
    text,
    error: row.status === 'failed' ? row.errorText : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The client's card: opt-out, a number that cannot receive, the last 50 messages. */
export async function getClientWhatsapp(
  deps: Pick<Deps, 'db'>,
  professionalId: string,
  clientId: string,
): Promise<ClientWhatsapp> {
  // 404 for another professional's client (the route's ownership check).
  const client = await getClient({ db: deps.db }, professionalId, clientId);
  const phone = toE164(client.phone);
  const optOut = phone ? await repo.findOptOut(deps.db, professionalId, phone) : undefined;
  const unreachable = phone
    ? await repo.hasUnreachableFailure(deps.db, professionalId, phone, UNREACHABLE_NUMBER_CODES)
    : false;
  const rows = await repo.listOfClient(deps.db, professionalId, clientId);
  return {
    optedOut: optOut?.optedOut ?? false,
    optedOutAt: optOut?.optedOut ? optOut.changedAt.toISOString() : null,
    unreachable,
    messages: rows.map(toMessage),
  };
}

/** The appointment cards: each booking's latest message and whether its client opted out. */
export async function listBookingsWhatsapp(
  deps: Pick<Deps, 'db'>,
  professionalId: string,
  bookingIds: string[],
): Promise<BookingWhatsapp[]> {
  const rows = await repo.latestOfBookings(
    deps.db,
    professionalId,
    bookingIds.map((id) => id.toLowerCase()),
  );
  const optedOut = new Set(
    await repo.listOptedOut(
      deps.db,
      professionalId,
      rows.map((row) => row.toPhone),
    ),
  );
  return rows.map((row) => ({
    bookingId: row.bookingId!,
    kind: row.kind,
    status: row.status as WhatsappStatus,
    optedOut: optedOut.has(row.toPhone),
  }));
}

/** LGPD: a client's WhatsApp messages go with their personal data (features/privacy). */
export async function deleteWhatsappOfClient(
  { db }: Pick<Deps, 'db'>,
  professionalId: string,
  clientId: string,
): Promise<void> {
  await repo.deleteOfClient(db, professionalId, clientId);
}

export type { MessageRow } from './repo';
export type { Deps as WhatsappDeps };
