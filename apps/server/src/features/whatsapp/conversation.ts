// What the webhook applies here: status updates, answers recorded once, replies, opt-outs.
import type { Db } from '../../db/client';
import { sendJob } from '../../db/queue';
import { WHATSAPP_QUEUE } from '../../db/queues';
import type { Clock } from '../../lib/clock';
import { fail } from './job';
import type { WhatsappJobData } from './plan';
import * as repo from './repo';

interface Deps {
  db: Db;
  clock: Clock;
}

export type PlatformStatus = 'sent' | 'delivered' | 'read' | 'failed';

/**
 * A status webhook moves the message forward (entregue, lida) whatever order they come in; a
 * failure reported later (the number has no WhatsApp) marks it failed and sends its e-mail.
 */
export async function applyStatus(
  deps: Deps,
  update: { waMessageId: string; status: PlatformStatus; code: number | null; text: string },
): Promise<boolean> {
  if (update.status === 'sent') return false;
  if (update.status === 'failed') {
    const row = await repo.findMessageByWaId(deps.db, update.waMessageId);
    if (!row || row.status === 'failed') return false;
    await fail(deps, row, { code: update.code, text: update.text });
    return true;
  }
  return repo.moveStatus(deps.db, update.waMessageId, update.status, deps.clock.now());
}

/** The conversation an answer belongs to: the message its button names, or the phone's last. */
export async function findConversation(
  db: Db,
  phone: string,
  button: { professionalId: string; messageId: string } | null,
): Promise<repo.MessageRow | undefined> {
  if (button) {
    const row = await repo.findMessage(db, button.professionalId, button.messageId);
    // A payload names a message; only that message's recipient may answer it.
    return row?.toPhone === phone ? row : undefined;
  }
  return repo.findLatestToPhone(db, phone);
}

/** Records an answer's id once: false for a replay (Meta delivers at least once). */
export function recordAnswer(deps: Deps, professionalId: string, waMessageId: string) {
  return repo.recordInbound(deps.db, professionalId, waMessageId, deps.clock.now());
}

export function forgetAnswer(deps: Deps, professionalId: string, waMessageId: string) {
  return repo.forgetInbound(deps.db, professionalId, waMessageId);
}

/**
 * A free-text reply to the client (the 24 h their message opened), as a message row with its
 * job: it shows in the client's history; no cap and no opt-out check (the reply to PARAR must
 * go), never twice for one answer.
 */
export async function planReply(
  deps: Deps,
  conversation: repo.MessageRow,
  answerId: string,
  text: string,
): Promise<void> {
  const now = deps.clock.now();
  const messageId = await repo.insertMessage(
    deps.db,
    {
      professionalId: conversation.professionalId,
      clientId: conversation.clientId,
      bookingId: conversation.bookingId,
      kind: 'reply',
      template: 'texto',
      toPhone: conversation.toPhone,
      params: [text.slice(0, 1000)],
      dedupeKey: `reply:${answerId}`,
      fallbackMail: null,
    },
    now,
  );
  if (!messageId) return;
  const data: WhatsappJobData = { professionalId: conversation.professionalId, messageId };
  await sendJob(deps.db, WHATSAPP_QUEUE, data, { id: messageId });
}

/** PARAR / SAIR (true) or VOLTAR (false), with the word and the moment: the client's choice. */
export async function setOptOut(
  deps: Deps,
  professionalId: string,
  phone: string,
  optedOut: boolean,
  via: string,
): Promise<void> {
  await repo.saveOptOut(deps.db, { professionalId, phone, optedOut, via }, deps.clock.now());
}
