import { describe, expect, it } from 'vitest';
import {
  formatCentsForInput,
  moneyTextSchema,
  MONEY_DECIMALS_MESSAGE,
  MONEY_EMPTY_MESSAGE,
  MONEY_INVALID_MESSAGE,
  MONEY_NEGATIVE_MESSAGE,
  MONEY_TOO_LARGE_MESSAGE,
  parseBrlToCents,
} from './money';

describe('parseBrlToCents: what people in Brazil type', () => {
  it.each([
    ['45,50', 4550],
    ['45.50', 4550],
    ['45.5', 4550],
    ['45,5', 4550],
    ['45', 4500],
    ['45,', 4500],
    ['R$ 45,50', 4550],
    ['R$45,50', 4550],
    ['r$ 45,50', 4550],
    ['R$\u00a045,50', 4550],
    ['1.234,56', 123456],
    ['1234,56', 123456],
    ['1234.56', 123456],
    ['1.234', 123400],
    ['1.234.567,89', 123456789],
    ['R$ 1.234,56', 123456],
    ['0,5', 50],
    [',5', 50],
    ['.5', 50],
    ['0', 0],
    ['0,00', 0],
    ['000,01', 1],
    ['  45,50  ', 4550],
    ['1 234,56', 123456],
    ['0,29', 29],
    ['0.07', 7],
    ['99.999.999,99', 9999999999],
    ['9999999999999,99', 999999999999999],
  ])('%j -> %i cents', (raw, cents) => {
    expect(parseBrlToCents(raw)).toEqual({ ok: true, cents });
  });

  it.each([
    ['', 'empty', MONEY_EMPTY_MESSAGE],
    ['   ', 'empty', MONEY_EMPTY_MESSAGE],
    ['R$ ', 'empty', MONEY_EMPTY_MESSAGE],
    ['abc', 'invalid', MONEY_INVALID_MESSAGE],
    ['45,50abc', 'invalid', MONEY_INVALID_MESSAGE],
    ['12a', 'invalid', MONEY_INVALID_MESSAGE],
    [',', 'invalid', MONEY_INVALID_MESSAGE],
    ['.', 'invalid', MONEY_INVALID_MESSAGE],
    ['1,234.56', 'invalid', MONEY_INVALID_MESSAGE],
    ['1,2,3', 'invalid', MONEY_INVALID_MESSAGE],
    ['1.23.456', 'invalid', MONEY_INVALID_MESSAGE],
    ['12.34,56', 'invalid', MONEY_INVALID_MESSAGE],
    ['1e3', 'invalid', MONEY_INVALID_MESSAGE],
    ['Infinity', 'invalid', MONEY_INVALID_MESSAGE],
    ['0x10', 'invalid', MONEY_INVALID_MESSAGE],
    ['45 R$', 'invalid', MONEY_INVALID_MESSAGE],
    ['-5', 'negative', MONEY_NEGATIVE_MESSAGE],
    ['-45,50', 'negative', MONEY_NEGATIVE_MESSAGE],
    ['R$ -45,50', 'negative', MONEY_NEGATIVE_MESSAGE],
    ['-R$ 45,50', 'negative', MONEY_NEGATIVE_MESSAGE],
    ['45,505', 'decimals', MONEY_DECIMALS_MESSAGE],
    ['1.2345', 'decimals', MONEY_DECIMALS_MESSAGE],
    ['0,001', 'decimals', MONEY_DECIMALS_MESSAGE],
    ['99999999999999', 'too-large', MONEY_TOO_LARGE_MESSAGE],
  ])('%j is refused (%s)', (raw, reason, message) => {
    expect(parseBrlToCents(raw)).toEqual({ ok: false, reason, message });
  });

  it('keeps cents exact where floats drift (0,10 + 0,20 is 0,30)', () => {
    const add = (a: string, b: string) => {
      const x = parseBrlToCents(a);
      const y = parseBrlToCents(b);
      if (!x.ok || !y.ok) throw new Error('not parsed');
      return x.cents + y.cents;
    };
    expect(add('0,10', '0,20')).toBe(30);
    expect(add('1.234,56', '0,01')).toBe(123457);
  });
});

describe('formatCentsForInput', () => {
  it.each([
    [0, '0,00'],
    [5, '0,05'],
    [4550, '45,50'],
    [123456, '1.234,56'],
    [100000000, '1.000.000,00'],
    [9999999999, '99.999.999,99'],
  ])('%i -> %j', (cents, text) => {
    expect(formatCentsForInput(cents)).toBe(text);
  });

  it('refuses what is not whole, non-negative cents', () => {
    expect(() => formatCentsForInput(-1)).toThrow(RangeError);
    expect(() => formatCentsForInput(1.5)).toThrow(RangeError);
  });

  it('reads back what it writes, for every cent of the first thousand reais', () => {
    for (let cents = 0; cents <= 100_000; cents += 1) {
      const result = parseBrlToCents(formatCentsForInput(cents));
      if (!result.ok || result.cents !== cents) throw new Error(`${cents} did not round-trip`);
    }
  });
});

describe('moneyTextSchema', () => {
  it('turns the text into cents', () => {
    expect(moneyTextSchema().parse('R$ 1.234,56')).toBe(123456);
  });

  it('puts the parser message on the field, and its own for an empty one', () => {
    const schema = moneyTextSchema('Informe o preço');
    expect(schema.safeParse('').error?.issues[0]?.message).toBe('Informe o preço');
    expect(schema.safeParse('-1').error?.issues[0]?.message).toBe(MONEY_NEGATIVE_MESSAGE);
  });
});
