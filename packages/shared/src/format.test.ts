import { describe, expect, it } from 'vitest';
import {
  formatCurrency,
  formatCurrencyFromCents,
  formatIsoDate,
  formatPhone,
  formatTime,
  toCents,
} from './format';

describe('money in pt-BR', () => {
  it.each([
    [1500, 'R$ 15,00'],
    [1700, 'R$ 17,00'],
    [5, 'R$ 0,05'],
    [123456789, 'R$ 1.234.567,89'],
    [0, 'R$ 0,00'],
  ])('%i cents -> %s', (cents, expected) => {
    expect(formatCurrencyFromCents(cents)).toBe(expected);
  });

  it('reads PostgreSQL numeric strings without float drift', () => {
    expect(toCents('0.10') + toCents('0.20')).toBe(30);
    expect(formatCurrency('49.90')).toBe('R$ 49,90');
    expect(formatCurrency(19.999)).toBe('R$ 20,00');
  });

  it('refuses what is not an amount', () => {
    expect(() => toCents('abc')).toThrow(RangeError);
  });
});

describe('dates and times', () => {
  it('shows ISO dates as dd/MM/yyyy without touching time zones', () => {
    expect(formatIsoDate('2026-01-05')).toBe('05/01/2026');
    expect(() => formatIsoDate('05/01/2026')).toThrow(RangeError);
  });

  it('shows times as HH:MM', () => {
    expect(formatTime('09:30:00')).toBe('09:30');
    expect(formatTime('18:00')).toBe('18:00');
  });
});

describe('formatPhone', () => {
  it.each([
    ['11987654321', '(11) 98765-4321'],
    ['1133334444', '(11) 3333-4444'],
    ['+5511987654321', '+55 (11) 98765-4321'],
    ['+14155550100', '+14155550100'],
    ['123', '123'],
  ])('%s -> %s', (stored, shown) => {
    expect(formatPhone(stored)).toBe(shown);
  });
});
