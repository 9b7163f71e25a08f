import { describe, expect, it } from 'vitest';
import {
  formatCurrency,
  formatCurrencyFromCents,
  formatIsoDate,
  formatLongIsoDate,
  formatPhone,
  formatWeekday,
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

  it('writes every amount as Intl does, with a plain space after R$', () => {
    const intl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
    const amounts = [1, 9, 10, 99, 100, 999, 1000, 99999, 100000, 100001, 1234567, 99999999999];
    for (let cents = -2500; cents <= 250000; cents += 7) amounts.push(cents);
    for (const cents of amounts) {
      expect(formatCurrencyFromCents(cents)).toBe(intl.format(cents / 100).replace(/\u00a0/g, ' '));
    }
    expect(formatCurrencyFromCents(1500.4)).toBe('R$ 15,00');
    expect(() => formatCurrencyFromCents(Number.NaN)).toThrow(RangeError);
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

  it('names weekdays and long dates as Intl does in pt-BR', () => {
    const long = new Intl.DateTimeFormat('pt-BR', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const short = new Intl.DateTimeFormat('pt-BR', { weekday: 'short', timeZone: 'UTC' });
    for (let day = 0; day < 800; day += 3) {
      const date = new Date(Date.UTC(2025, 11, 28 + day));
      const iso = date.toISOString().slice(0, 10);
      expect(formatLongIsoDate(iso)).toBe(long.format(date));
      expect(formatWeekday(iso, 'short')).toBe(short.format(date).replace('.', ''));
    }
    expect(formatLongIsoDate('2026-11-24')).toBe('terça-feira, 24 de novembro de 2026');
    expect(formatWeekday('2026-11-28')).toBe('sábado');
    expect(() => formatLongIsoDate('2026-13-01')).toThrow(RangeError);
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
    ['+5511987654321', '(11) 98765-4321'],
    ['+551133334444', '(11) 3333-4444'],
    ['+14155550100', '+14155550100'],
    ['123', '123'],
  ])('%s -> %s', (stored, shown) => {
    expect(formatPhone(stored)).toBe(shown);
  });
});
