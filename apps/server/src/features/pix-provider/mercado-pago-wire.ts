// Mercado Pago's wire format: error messages and kinds, payment and webhook shapes, statuses.
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import type { PixChargeStatus, VerifyWebhookInput } from './provider';

export const CREDENTIALS_REFUSED_MESSAGE =
  'O Mercado Pago recusou as credenciais. Confira o Access Token em Configurações > Pagamentos.';
export const PROVIDER_UNAVAILABLE_MESSAGE =
  'Não foi possível falar com o Mercado Pago agora. Tente novamente em instantes.';
export const CHARGE_REFUSED_MESSAGE =
  'O Mercado Pago recusou a cobrança Pix. Confira sua conta no Mercado Pago.';
export const CHARGE_NOT_FOUND_MESSAGE = 'Cobrança Pix não encontrada no Mercado Pago.';
export const INVALID_SIGNATURE_MESSAGE = 'Assinatura do webhook inválida.';
export const INVALID_NOTIFICATION_MESSAGE = 'Notificação do webhook inválida.';

/** True when the PSP refused the professional's credentials (the error createCharge/getCharge throw). */
export function isCredentialsRefused(error: unknown): boolean {
  return error instanceof AppError && error.details?.pixProvider === 'credentials-refused';
}

/** True when the PSP does not know the charge (getCharge). */
export function isChargeNotFound(error: unknown): boolean {
  return error instanceof AppError && error.details?.pixProvider === 'not-found';
}

export const paymentSchema = z.object({
  id: z.union([z.number().int().positive(), z.string().regex(/^\d{1,20}$/)]),
  status: z.string(),
  status_detail: z.string().nullish(),
  transaction_amount: z.number().nonnegative(),
  external_reference: z.string().nullish(),
  date_approved: z.string().nullish(),
  date_of_expiration: z.string().nullish(),
  point_of_interaction: z
    .object({
      transaction_data: z.object({ qr_code: z.string().nullish() }).nullish(),
    })
    .nullish(),
});

export const notificationSchema = z.object({
  type: z.string().max(64).optional(),
  action: z.string().max(64).optional(),
  data: z.object({ id: z.union([z.string().max(64), z.number().int()]) }).optional(),
});

/** `yyyy-MM-ddTHH:mm:ss.SSS-03:00`: the format of Mercado Pago's examples (Brasília time, no DST since 2019). */
export function mercadoPagoDate(date: Date): string {
  return `${new Date(date.getTime() - 3 * 3_600_000).toISOString().slice(0, 23)}-03:00`;
}

export function toCents(amount: number): number {
  return Math.round(amount * 100);
}

export function mapStatus(status: string): PixChargeStatus {
  switch (status) {
    case 'approved':
      return 'paid';
    case 'refunded':
    case 'charged_back':
      return 'refunded';
    case 'cancelled':
    case 'rejected':
      return 'cancelled';
    // pending, in_process, authorized, in_mediation: not (yet) money in the account.
    default:
      return 'pending';
  }
}

export function header(headers: VerifyWebhookInput['headers'], name: string): string | undefined {
  const value = headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  const trimmed = first?.trim();
  return trimmed ? trimmed : undefined;
}

/** Mercado Pago lowercases an alphanumeric `data.id` before signing it. */
export function normaliseDataId(id: string): string {
  return /^[a-z0-9]+$/i.test(id) ? id.toLowerCase() : id;
}
