// Configurações > Pagamentos: the professional's Pix key and sinal rules, read and saved.
import {
  DEFAULT_PAYMENT_SETTINGS,
  normalizePixKey,
  type PaymentSettings,
  PIX_KEY_INVALID_MESSAGES,
  type PixKeyType,
} from '@agendaki/shared';
import { AppError } from '../../lib/errors';
import type { DepositsDeps } from './deps';
import * as repo from './repo';

// ------------------------------------------------------------ Configurações > Pagamentos

function toSettings(row: repo.PaymentSettingsRow | undefined): PaymentSettings {
  if (!row) return { ...DEFAULT_PAYMENT_SETTINGS };
  return {
    pixKeyType: row.pixKeyType as PixKeyType,
    pixKey: row.pixKey,
    beneficiaryName: row.beneficiaryName,
    beneficiaryCity: row.beneficiaryCity,
    depositMode: row.depositMode as PaymentSettings['depositMode'],
    depositFixedCents: row.depositFixedCents,
    depositPercent: row.depositPercent,
    windowMinutes: row.windowMinutes,
  };
}

export async function getPaymentSettings(
  { db }: Pick<DepositsDeps, 'db'>,
  professionalId: string,
): Promise<PaymentSettings> {
  return toSettings(await repo.findSettings(db, professionalId));
}

/** Saves the settings parsed by the shared schema; the key is stored normalised. */
export async function savePaymentSettings(
  deps: DepositsDeps,
  professionalId: string,
  input: PaymentSettings,
): Promise<PaymentSettings> {
  let pixKey = '';
  if (input.pixKey !== '') {
    const normalised = normalizePixKey(input.pixKeyType, input.pixKey);
    if (!normalised) throw new AppError('VALIDATION', PIX_KEY_INVALID_MESSAGES[input.pixKeyType]);
    pixKey = normalised;
  }
  await repo.upsertSettings(deps.db, professionalId, { ...input, pixKey }, deps.clock.now());
  return getPaymentSettings(deps, professionalId);
}
