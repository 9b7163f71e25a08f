import type { FastifyBaseLogger } from 'fastify';
import { WHATSAPP_QUEUE } from '../../db/queues';
import type { JobWorker, RunningJob } from '../../plugins/jobs';
import { enqueueMails } from '../mail/service';
import { planNewBookingMessage, type BookingMessageDeps } from './bookings';
import { WhatsappApiError, type WhatsappApi } from './cloud-api';
import type { WhatsappJobData } from './plan';
import * as repo from './repo';
import { BUTTON_ACTIONS, TEMPLATES, type MessageKind } from './templates';

export interface SendDeps extends BookingMessageDeps {
  api: WhatsappApi | null;
}

/** A quick-reply button's payload: the action and the message it answers. */
export function buttonPayload(action: string, professionalId: string, messageId: string) {
  return `${action}:${professionalId}:${messageId}`;
}

/**
 * Sends a planned message once: only a row still `queued` goes, and it is marked `sent` with
 * the platform's id. A refusal that cannot pass (no WhatsApp on the number, template refused)
 * or the platform still down at the last attempt marks it `failed` and queues the fallback
 * e-mail in the same transaction. pg-boss hands a job to one worker at a time, so two
 * instances never send the same row side by side.
 */
export async function sendPlannedMessage(
  deps: SendDeps,
  job: RunningJob<{ professionalId: string; messageId: string }>,
): Promise<'sent' | 'failed' | 'skipped'> {
  const { professionalId, messageId } = job.data;
  const row = await repo.findMessage(deps.db, professionalId, messageId);
  if (!row || row.status !== 'queued') return 'skipped';
  const isReply = row.kind === 'reply';
  const optOut = isReply ? undefined : await repo.findOptOut(deps.db, professionalId, row.toPhone);
  if (!deps.api || optOut?.optedOut) {
    // Opted out of WhatsApp, not of being reminded: the e-mail still goes.
    const text = deps.api ? 'Cliente pediu PARAR' : 'WhatsApp desligado';
    await fail(deps, row, { code: null, text });
    return 'failed';
  }
  try {
    const sent = isReply
      ? await deps.api.sendText(row.toPhone.slice(1), row.params[0] ?? '')
      : await deps.api.sendTemplate(templateMessage(row));
    await repo.markSent(deps.db, professionalId, messageId, sent.messageId, deps.clock.now());
    return 'sent';
  } catch (error) {
    const refused = error instanceof WhatsappApiError ? error : null;
    // The platform down or busy: pg-boss tries again with backoff, until the last attempt.
    if (!refused?.permanent && !job.isLastAttempt) throw error;
    await fail(deps, row, { code: refused?.code ?? null, text: (error as Error).message });
    return 'failed';
  }
}

function templateMessage(row: repo.MessageRow) {
  const template = TEMPLATES[row.kind as MessageKind];
  return {
    to: row.toPhone.slice(1),
    template: template.name,
    bodyParams: row.params,
    buttonPayloads:
      template.buttons.length > 0
        ? BUTTON_ACTIONS.map((action) => buttonPayload(action, row.professionalId, row.id))
        : [],
  };
}

/** Marks the row failed and, once, sends its e-mail instead. */
export async function fail(
  deps: Pick<SendDeps, 'db' | 'clock'>,
  row: repo.MessageRow,
  error: { code: number | null; text: string },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const failed = await repo.markFailed(
      tx,
      { professionalId: row.professionalId, id: row.id },
      error,
      now,
    );
    if (failed?.fallbackMail) {
      await enqueueMails({ db: tx }, [failed.fallbackMail], now, {
        professionalId: row.professionalId,
        ...(row.clientId ? { clientId: row.clientId } : {}),
      });
    }
  });
}

export function createWhatsappJob(
  options: SendDeps & { log: FastifyBaseLogger },
): JobWorker<WhatsappJobData> {
  const { log, ...deps } = options;
  return {
    queue: WHATSAPP_QUEUE,
    pollingIntervalSeconds: 5,
    async handle(job) {
      const data = job.data;
      if ('newBooking' in data) {
        const outcome = await planNewBookingMessage(deps, data.professionalId, data.bookingId);
        if (outcome.queued)
          log.info({ bookingId: data.bookingId }, 'whatsapp confirmation planned');
        return;
      }
      const result = await sendPlannedMessage(deps, { ...job, data });
      log.info({ messageId: data.messageId, result }, 'whatsapp message');
    },
  };
}
