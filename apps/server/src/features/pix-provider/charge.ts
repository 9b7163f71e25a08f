import { createHash } from 'node:crypto';
import { pixWebhookPath } from '@agendaki/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { SecretBox } from '../../lib/secret-box';
import type { PixProvider } from './provider';
import { openCredentials } from './credentials';

export interface DynamicChargeDeps {
  db: Db;
  box: SecretBox;
  provider: PixProvider;
  publicUrl: string;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

export interface DynamicChargeInput {
  professionalId: string;
  /** The booking request's idempotency key: a request sent again asks for the same charge. */
  idempotencyKey: string;
  amountCents: number;
  /** The end of the payment window. */
  expiresAt: Date;
  /** Mercado Pago requires the payer's e-mail; a phone-first client gets the static code. */
  payerEmail: string | undefined;
  description: string;
}

export interface DynamicCharge {
  txid: string;
  brCode: string;
  chargeId: string;
}

/**
 * The txid of a booking's dynamic charge, decided before the booking's transaction: "AGP" and
 * 22 hex digits of SHA-256(professional, idempotency key). 25 letters and digits, like the static
 * code's; the same request sent again gets the same txid, hence (through the PSP's idempotency
 * key) the same charge.
 */
export function dynamicTxid(professionalId: string, idempotencyKey: string): string {
  const digest = createHash('sha256')
    .update(`pix-charge:${professionalId.toLowerCase()}:${idempotencyKey}`)
    .digest('hex');
  return `AGP${digest.slice(0, 22).toUpperCase()}`;
}

/**
 * The PSP's dynamic charge for a booking's sinal, made BEFORE the booking's transaction
 * (docs/decisions/018-pix-provider.md): no transaction, no row lock and no pooled connection is
 * held across the network call. Null, and the booking goes on with the static code and "Sinal
 * recebido", when the professional has no credentials, the client gave no e-mail, or the PSP
 * refuses or fails (a booking never fails because of the PSP). A charge made for a booking that
 * then fails (the time taken meanwhile) is never shown to anyone and expires at the PSP.
 */
export async function prepareDynamicCharge(
  deps: DynamicChargeDeps,
  input: DynamicChargeInput,
): Promise<DynamicCharge | null> {
  if (!input.payerEmail) return null;
  try {
    const opened = await openCredentials(deps, input.professionalId);
    if (!opened) return null;
    const txid = dynamicTxid(input.professionalId, input.idempotencyKey);
    const charge = await deps.provider.createCharge({
      credentials: opened.credentials,
      txid,
      amountCents: input.amountCents,
      expiresAt: input.expiresAt,
      description: input.description,
      payerEmail: input.payerEmail,
      // The professional's application settings also name it; a local address is left out
      // (Mercado Pago refuses a notification_url it cannot reach).
      notificationUrl: deps.publicUrl.startsWith('https://')
        ? `${deps.publicUrl}${pixWebhookPath(deps.provider.name, input.professionalId.toLowerCase())}`
        : undefined,
    });
    return { txid, brCode: charge.brCode, chargeId: charge.chargeId };
  } catch (error) {
    deps.log.warn(
      { err: error, professionalId: input.professionalId },
      'pix: no dynamic charge; the static code is used',
    );
    return null;
  }
}
