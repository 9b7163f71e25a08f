import type { IncomingHttpHeaders } from 'node:http';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { SecretBox } from '../../lib/secret-box';
import { confirmDeposit, findDepositByTxid } from '../deposits/service';
import { INVALID_SIGNATURE_MESSAGE, isChargeNotFound } from './mercado-pago';
import type { PixProvider } from './provider';
import * as repo from './repo';
import { openCredentials } from './service';

/**
 * A PSP notification for one professional (docs/decisions/018-pix-provider.md): verified with
 * that professional's webhook secret (400 and nothing changed when it fails), recorded by its
 * signed delivery id (a replay changes nothing), then the charge is read back from the PSP and,
 * when paid in full, the booking's sinal is confirmed through features/deposits with source
 * 'psp'. Only a paid charge moves anything, and only forward: a pending or cancelled state,
 * whatever order deliveries come in, changes nothing; a payment for a sinal already expired or
 * cancelled does not revive the booking (the professional sees it at Mercado Pago and refunds).
 */
export interface PixWebhookDeps {
  db: Db;
  clock: Clock;
  box: SecretBox;
  provider: PixProvider;
}

export const WEBHOOK_OUTCOMES = [
  'confirmed',
  'already-confirmed',
  'duplicate',
  'not-paid',
  'unknown-charge',
  'underpaid',
  'late',
  'ignored',
] as const;
export type WebhookOutcome = (typeof WEBHOOK_OUTCOMES)[number];

export async function handlePixWebhook(
  deps: PixWebhookDeps,
  professionalId: string,
  delivery: { rawBody: Buffer; headers: IncomingHttpHeaders; query: Record<string, unknown> },
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void },
): Promise<WebhookOutcome> {
  const opened = await openCredentials(deps, professionalId);
  // No secret to verify with: the same answer as a forged signature, whoever is asked about.
  if (!opened) throw new AppError('BAD_REQUEST', INVALID_SIGNATURE_MESSAGE);
  const event = deps.provider.verifyWebhook({ ...delivery, webhookSecret: opened.webhookSecret });
  if (!event) return 'ignored';

  const now = deps.clock.now();
  const fresh = await repo.recordWebhookEvent(
    deps.db,
    { professionalId, eventId: event.eventId, chargeId: event.chargeId },
    now,
  );
  if (!fresh) return 'duplicate';
  try {
    const charge = await deps.provider
      .getCharge({ credentials: opened.credentials, chargeId: event.chargeId })
      .catch((error: unknown) => {
        // Signed, but about a payment the PSP does not know (another application's): nothing to do.
        if (isChargeNotFound(error)) return null;
        throw error;
      });
    if (!charge) return 'unknown-charge';
    if (charge.status !== 'paid') return 'not-paid';
    const deposit = charge.txid
      ? await findDepositByTxid({ db: deps.db }, professionalId, charge.txid)
      : undefined;
    if (!deposit) return 'unknown-charge';
    if (charge.amountCents < deposit.amountCents) {
      log.warn({ chargeId: charge.chargeId, bookingId: deposit.bookingId }, 'pix: underpaid');
      return 'underpaid';
    }
    try {
      const result = await confirmDeposit(
        { db: deps.db, clock: deps.clock },
        { professionalId, bookingId: deposit.bookingId, source: 'psp' },
      );
      return result.changed ? 'confirmed' : 'already-confirmed';
    } catch (error) {
      if (error instanceof AppError && error.code === 'CONFLICT') {
        log.warn(
          { chargeId: charge.chargeId, bookingId: deposit.bookingId },
          'pix: paid after the sinal expired or was cancelled; the booking stays as it is',
        );
        return 'late';
      }
      throw error;
    }
  } catch (error) {
    // Not applied (the PSP unreachable, the database busy): the PSP's retry must be processed.
    await repo.forgetWebhookEvent(deps.db, professionalId, event.eventId);
    throw error;
  }
}
