import { PIX_CITY_MAX, PIX_NAME_MAX, toPixText, type PixKeyType } from '@agendaki/shared';
import { createStaticPix, hasError } from 'pix-utils';
import QRCode from 'qrcode';

/**
 * The one place a sinal's charge is made (docs/decisions/017-pix-sinal.md): today a static Pix
 * BR Code ("Pix Copia e Cola", EMV with CRC16, by `pix-utils`) with the professional's key, the
 * amount and a txid unique to the booking, and its QR code as an SVG drawn here, so the public
 * pages ship no QR library. A PSP's dynamic charge replaces this function's body, not its
 * callers.
 */
export interface DepositChargeInput {
  pixKeyType: PixKeyType;
  /** Normalised (shared normalizePixKey). */
  pixKey: string;
  beneficiaryName: string;
  beneficiaryCity: string;
  amountCents: number;
  bookingId: string;
}

export interface BuiltDepositCharge {
  txid: string;
  brCode: string;
  qrSvg: string;
}

/**
 * The booking's txid: "AGK" and the first 22 hex digits of its id, 25 characters, letters and
 * digits only (the static BR Code's limit, field 62-05).
 */
export function txidFor(bookingId: string): string {
  return `AGK${bookingId.replace(/-/g, '').toUpperCase().slice(0, 22)}`;
}

export function buildBrCode(input: DepositChargeInput): { txid: string; brCode: string } {
  const txid = txidFor(input.bookingId);
  const pix = createStaticPix({
    merchantName: toPixText(input.beneficiaryName, PIX_NAME_MAX) || 'RECEBEDOR',
    merchantCity: toPixText(input.beneficiaryCity, PIX_CITY_MAX) || 'BRASIL',
    pixKey: input.pixKey,
    txid,
    transactionAmount: input.amountCents / 100,
    isTransactionUnique: false,
  });
  if (hasError(pix)) throw new Error(`pix-utils refused the charge: ${pix.message}`);
  return { txid, brCode: pix.toBRCode() };
}

export function qrSvgOf(brCode: string): Promise<string> {
  return QRCode.toString(brCode, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 2,
    width: 240,
  });
}

export async function buildDepositCharge(input: DepositChargeInput): Promise<BuiltDepositCharge> {
  const { txid, brCode } = buildBrCode(input);
  return { txid, brCode, qrSvg: await qrSvgOf(brCode) };
}
