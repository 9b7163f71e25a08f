import { parsePix, hasError } from 'pix-utils';
import { describe, expect, it } from 'vitest';
import type { PixKeyType } from '@agendaki/shared';
import { buildDepositCharge, txidFor } from './charge';

/** CRC16-CCITT (polynomial 0x1021, initial 0xFFFF) over the payload up to "6304", by hand. */
function crc16(payload: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(payload, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** The top-level EMV fields: two-digit id, two-digit length, value. */
function fields(brCode: string): Map<string, string> {
  const out = new Map<string, string>();
  let at = 0;
  while (at < brCode.length) {
    const id = brCode.slice(at, at + 2);
    const length = Number(brCode.slice(at + 2, at + 4));
    out.set(id, brCode.slice(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return out;
}

const BOOKING = '3f2c9a1e-7b4d-4c2a-9e8f-0a1b2c3d4e5f';

describe('buildDepositCharge', () => {
  it.each<[PixKeyType, string]>([
    ['cpf', '52998224725'],
    ['cnpj', '11222333000181'],
    ['cnpj', '12ABC34501DE35'],
    ['email', 'pix@exemplo.com.br'],
    ['phone', '+5511987654321'],
    ['random', '123e4567-e89b-12d3-a456-426614174000'],
  ])('a %s key (%s) gives a static BR Code that parses back with its CRC', async (type, key) => {
    const charge = await buildDepositCharge({
      pixKeyType: type,
      pixKey: key,
      beneficiaryName: 'Estúdio Conceição & Filhas Ltda',
      beneficiaryCity: 'São João del-Rei',
      amountCents: 3050,
      bookingId: BOOKING,
    });
    const body = charge.brCode.slice(0, -4);
    expect(body.endsWith('6304')).toBe(true);
    expect(charge.brCode.slice(-4)).toBe(crc16(body));

    const top = fields(charge.brCode);
    expect(top.get('00')).toBe('01');
    expect(top.get('53')).toBe('986');
    expect(top.get('54')).toBe('30.50');
    expect(top.get('58')).toBe('BR');
    expect(top.get('59')).toBe('ESTUDIO CONCEICAO FILHAS');
    expect(top.get('59')!.length).toBeLessThanOrEqual(25);
    expect(top.get('60')).toBe('SAO JOAO DEL RE');
    const account = fields(top.get('26')!);
    expect(account.get('00')).toBe('br.gov.bcb.pix');
    expect(account.get('01')).toBe(key);
    expect(fields(top.get('62')!).get('05')).toBe(txidFor(BOOKING));

    const parsed = parsePix(charge.brCode);
    expect(hasError(parsed)).toBe(false);
    expect(parsed).toMatchObject({ pixKey: key, transactionAmount: 30.5, txid: txidFor(BOOKING) });
    expect(charge.qrSvg.startsWith('<svg')).toBe(true);
  });

  it('a changed character breaks the CRC', async () => {
    const { brCode } = await buildDepositCharge({
      pixKeyType: 'cpf',
      pixKey: '52998224725',
      beneficiaryName: 'Ana',
      beneficiaryCity: 'Recife',
      amountCents: 100,
      bookingId: BOOKING,
    });
    const forged = brCode.replace('5404', '5404').replace('1.00', '9.00');
    expect(hasError(parsePix(forged))).toBe(true);
  });

  it('the txid is 25 letters and digits, one per booking', () => {
    expect(txidFor(BOOKING)).toBe('AGK3F2C9A1E7B4D4C2A9E8F0A');
    expect(txidFor(BOOKING)).toMatch(/^[A-Z0-9]{25}$/);
    expect(txidFor('00000000-0000-4000-8000-000000000001')).not.toBe(txidFor(BOOKING));
  });
});
