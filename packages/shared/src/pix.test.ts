import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PAYMENT_SETTINGS,
  depositAmountCents,
  normalizePixKey,
  paymentSettingsSchema,
  toPixText,
} from './pix';

describe('normalizePixKey', () => {
  it('accepts real CPFs and refuses forged check digits', () => {
    expect(normalizePixKey('cpf', '529.982.247-25')).toBe('52998224725');
    expect(normalizePixKey('cpf', '111.444.777-35')).toBe('11144477735');
    expect(normalizePixKey('cpf', '529.982.247-26')).toBeUndefined();
    expect(normalizePixKey('cpf', '111.111.111-11')).toBeUndefined();
    expect(normalizePixKey('cpf', '5299822472')).toBeUndefined();
  });

  it('accepts real CNPJs, the alphanumeric one too, and refuses forged ones', () => {
    expect(normalizePixKey('cnpj', '11.222.333/0001-81')).toBe('11222333000181');
    expect(normalizePixKey('cnpj', '12.abc.345/01de-35')).toBe('12ABC34501DE35');
    expect(normalizePixKey('cnpj', '11.222.333/0001-82')).toBeUndefined();
    expect(normalizePixKey('cnpj', '12.ABC.345/01DE-36')).toBeUndefined();
    expect(normalizePixKey('cnpj', '00.000.000/0000-00')).toBeUndefined();
  });

  it('e-mail, +55 mobile and random keys', () => {
    expect(normalizePixKey('email', ' Ana@Exemplo.com ')).toBe('ana@exemplo.com');
    expect(normalizePixKey('email', 'ana@exemplo')).toBeUndefined();
    expect(normalizePixKey('phone', '(11) 98765-4321')).toBe('+5511987654321');
    expect(normalizePixKey('phone', '+55 21 99876-5432')).toBe('+5521998765432');
    expect(normalizePixKey('phone', '(11) 3333-4444')).toBeUndefined();
    expect(normalizePixKey('phone', '+1 415 555 0100')).toBeUndefined();
    expect(normalizePixKey('random', '123E4567-E89B-12D3-A456-426614174000')).toBe(
      '123e4567-e89b-12d3-a456-426614174000',
    );
    expect(normalizePixKey('random', '123e4567')).toBeUndefined();
  });
});

describe('paymentSettingsSchema', () => {
  const valid = {
    ...DEFAULT_PAYMENT_SETTINGS,
    pixKey: '52998224725',
    beneficiaryName: 'Ana',
    beneficiaryCity: 'Recife',
    depositMode: 'percent' as const,
    depositPercent: 30,
  };
  const messageOf = (input: object) =>
    paymentSettingsSchema.safeParse(input).error?.issues.map((issue) => issue.message);

  it('pt-BR messages for a forged CPF, 101 % and a 5-minute window', () => {
    expect(messageOf({ ...valid, pixKey: '529.982.247-26' })).toEqual([
      'CPF inválido: confira os dígitos',
    ]);
    expect(messageOf({ ...valid, depositPercent: 101 })).toEqual([
      'A porcentagem deve ser de 1 a 100',
    ]);
    expect(messageOf({ ...valid, windowMinutes: 5 })).toEqual([
      'O prazo para pagar deve ser de 10 a 120 minutos',
    ]);
    expect(messageOf(valid)).toBeUndefined();
  });

  it('a sinal needs a key; no sinal needs none', () => {
    expect(messageOf({ ...valid, pixKey: '' })).toEqual(['Informe a chave Pix']);
    expect(messageOf({ ...valid, pixKey: '', depositMode: 'off' })).toBeUndefined();
  });
});

describe('depositAmountCents and toPixText', () => {
  it('percent rounds to the cent; fixed never exceeds the total; off is nothing', () => {
    const base = { ...DEFAULT_PAYMENT_SETTINGS, pixKey: '52998224725' };
    expect(depositAmountCents({ ...base, depositMode: 'percent', depositPercent: 30 }, 3550)).toBe(
      1065,
    );
    expect(
      depositAmountCents({ ...base, depositMode: 'fixed', depositFixedCents: 3000 }, 2000),
    ).toBe(2000);
    expect(depositAmountCents({ ...base, depositMode: 'off' }, 5000)).toBe(0);
    expect(depositAmountCents({ ...base, pixKey: '', depositMode: 'fixed' }, 5000)).toBe(0);
  });

  it('strips accents and symbols for the payload', () => {
    expect(toPixText('Salão da Conceição & Cia.', 25)).toBe('Salao da Conceicao Cia');
    expect(toPixText('São João del-Rei', 15)).toBe('Sao Joao del Re');
  });
});
