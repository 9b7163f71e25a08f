import type { IncomingHttpHeaders } from 'node:http';

/**
 * The Pix PSP adapter (docs/decisions/018-pix-provider.md): a dynamic Pix charge per deposit,
 * created with the professional's OWN credentials (the money goes to their account; Agendaki
 * never holds it), confirmed by the PSP's signed webhook.
 */

/** The professional's credentials at the PSP, opened from the secret box only to make a call. */
export interface PixCredentials {
  accessToken: string;
}

export interface CreateChargeInput {
  credentials: PixCredentials;
  /** Decided by the app before the call, unique to the booking: the charge's reference and idempotency key. */
  txid: string;
  amountCents: number;
  /** The end of the payment window. */
  expiresAt: Date;
  /** Shown to the payer in their bank app. */
  description: string;
  /** The PSP requires the payer's e-mail on a Pix payment. */
  payerEmail: string;
  /** Where the PSP posts the notifications of this charge (the professional's webhook route). */
  notificationUrl?: string;
}

export interface PixCharge {
  /** The PSP's id of the charge (Mercado Pago: the payment id). */
  chargeId: string;
  /** "Pix Copia e Cola": the EMV payload the QR code carries. */
  brCode: string;
  /** When the PSP stops accepting the payment (may be later than asked: see the decision). */
  expiresAt: Date;
}

/**
 * The charge's state at the PSP. `paid` only when the money reached the professional's account;
 * `cancelled` covers an expired or rejected charge; `refunded` a returned one.
 */
export type PixChargeStatus = 'pending' | 'paid' | 'cancelled' | 'refunded';

export interface PixChargeState {
  chargeId: string;
  /** The app's txid, as sent on creation (`external_reference`). */
  txid: string | null;
  status: PixChargeStatus;
  paidAt: Date | null;
  amountCents: number;
}

export interface VerifyWebhookInput {
  rawBody: Buffer;
  headers: IncomingHttpHeaders;
  /** The request's query string parameters (Mercado Pago signs `data.id` from the URL). */
  query: Record<string, unknown>;
  webhookSecret: string;
}

/** A delivery whose signature checked out. */
export interface PixWebhookEvent {
  /** Unique per delivery and covered by the signature: a replay carries the same one. */
  eventId: string;
  /** The charge the notification is about. */
  chargeId: string;
  /** When the PSP signed it. */
  signedAt: Date;
}

export interface PixProvider {
  readonly name: 'mercadopago';
  createCharge(input: CreateChargeInput): Promise<PixCharge>;
  /** A cheap authenticated call: throws the credentials-refused 400 when the PSP refuses them. */
  checkCredentials(credentials: PixCredentials): Promise<void>;
  /** The charge as the PSP sees it now: what a webhook means is always read from here. */
  getCharge(input: { credentials: PixCredentials; chargeId: string }): Promise<PixChargeState>;
  /**
   * Checks the signature of a webhook delivery; throws AppError BAD_REQUEST (400) when it is
   * missing or wrong, before anything else happens. `null`: a signed notification about
   * something other than a payment (nothing to do).
   */
  verifyWebhook(input: VerifyWebhookInput): PixWebhookEvent | null;
  /**
   * verifyWebhook, then the charge read back with the professional's credentials: the
   * notification body is not signed by Mercado Pago, so its state is never taken from it.
   */
  readWebhook(
    input: VerifyWebhookInput & { credentials: PixCredentials },
  ): Promise<{ event: PixWebhookEvent; charge: PixChargeState } | null>;
}
