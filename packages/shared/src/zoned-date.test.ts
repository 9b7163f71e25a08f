import { describe, expect, it } from 'vitest';
import {
  addDaysToDate,
  getDashboardPeriods,
  isValidTimeZone,
  monthRange,
  previousMonthToDateRange,
  zonedNow,
  zonedStartOfDay,
  zonedToday,
} from './zoned-date';

const SP = 'America/Sao_Paulo';

describe('zonedToday / zonedNow (docs/product.md, Time)', () => {
  it.each([
    [
      'São Paulo: 02:59Z on Dec 1 is still Nov 30',
      '2026-12-01T02:59:00Z',
      SP,
      '2026-11-30',
      '23:59',
    ],
    [
      'São Paulo: 03:00Z on Dec 1 is Dec 1 at midnight',
      '2026-12-01T03:00:00Z',
      SP,
      '2026-12-01',
      '00:00',
    ],
    [
      'São Paulo: 02:59Z on Jan 1 is still Dec 31',
      '2027-01-01T02:59:00Z',
      SP,
      '2026-12-31',
      '23:59',
    ],
    ['São Paulo: midday', '2026-11-21T12:00:00Z', SP, '2026-11-21', '09:00'],
    ['UTC zone', '2026-12-01T02:59:00Z', 'UTC', '2026-12-01', '02:59'],
    ['Tokyo is ahead', '2026-11-30T15:00:00Z', 'Asia/Tokyo', '2026-12-01', '00:00'],
    [
      'New York in daylight time (UTC-4)',
      '2026-07-01T03:30:00Z',
      'America/New_York',
      '2026-06-30',
      '23:30',
    ],
    [
      'New York in standard time (UTC-5)',
      '2026-12-01T04:30:00Z',
      'America/New_York',
      '2026-11-30',
      '23:30',
    ],
    [
      'an unknown zone falls back to São Paulo',
      '2026-12-01T02:59:00Z',
      'Nope/Zone',
      '2026-11-30',
      '23:59',
    ],
  ])('%s', (_name, instant, zone, date, time) => {
    expect(zonedNow(new Date(instant), zone)).toEqual({ date, time });
    expect(zonedToday(new Date(instant), zone)).toBe(date);
  });

  it('answers each minute and zone alike when asked in turns (kept per zone and minute)', () => {
    const now = new Date('2026-12-01T02:59:30Z');
    const inAnHour = new Date('2026-12-01T03:59:30Z');
    for (let round = 0; round < 3; round += 1) {
      expect(zonedNow(now, 'America/Sao_Paulo')).toEqual({ date: '2026-11-30', time: '23:59' });
      expect(zonedNow(inAnHour, 'America/Sao_Paulo')).toEqual({
        date: '2026-12-01',
        time: '00:59',
      });
      expect(zonedNow(now, 'America/Manaus')).toEqual({ date: '2026-11-30', time: '22:59' });
      expect(zonedNow(now, 'UTC')).toEqual({ date: '2026-12-01', time: '02:59' });
    }
    // A caller changing its copy changes nothing kept.
    zonedNow(now, 'UTC').time = '99:99';
    expect(zonedNow(now, 'UTC').time).toBe('02:59');
  });
});

describe('calendar arithmetic', () => {
  it.each([
    ['2026-12-01', -1, '2026-11-30'],
    ['2026-01-01', -1, '2025-12-31'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2027-02-28', 1, '2027-03-01'],
    ['2026-11-21', 7, '2026-11-28'],
  ])('%s %+d day(s) = %s', (date, days, expected) => {
    expect(addDaysToDate(date, days)).toBe(expected);
  });

  it.each([
    ['2026-11-21', '2026-11-01', '2026-11-30'],
    ['2026-12-31', '2026-12-01', '2026-12-31'],
    ['2028-02-10', '2028-02-01', '2028-02-29'],
    ['2027-02-10', '2027-02-01', '2027-02-28'],
  ])('monthRange(%s) = %s..%s', (date, start, end) => {
    expect(monthRange(date)).toEqual({ start, end });
  });

  it.each([
    ['same day of the previous month', '2026-11-21', '2026-10-01', '2026-10-21'],
    ['January compares with December of the year before', '2027-01-15', '2026-12-01', '2026-12-15'],
    ['clamped to a short February', '2027-03-31', '2027-02-01', '2027-02-28'],
    ['clamped to a leap February', '2028-03-30', '2028-02-01', '2028-02-29'],
    ['clamped to a 30-day month', '2026-12-31', '2026-11-01', '2026-11-30'],
    ['the first of the month', '2026-12-01', '2026-11-01', '2026-11-01'],
  ])('previous month-to-date: %s', (_name, date, start, end) => {
    expect(previousMonthToDateRange(date)).toEqual({ start, end });
  });

  it('rejects a malformed date', () => {
    expect(() => addDaysToDate('21/11/2026', 1)).toThrow(RangeError);
  });
});

describe('zonedStartOfDay', () => {
  it.each([
    ['2026-12-01', SP, '2026-12-01T03:00:00.000Z'],
    ['2026-12-01', 'UTC', '2026-12-01T00:00:00.000Z'],
    ['2026-07-01', 'America/New_York', '2026-07-01T04:00:00.000Z'],
  ])('%s in %s begins at %s', (date, zone, instant) => {
    expect(zonedStartOfDay(date, zone).toISOString()).toBe(instant);
  });
});

describe('getDashboardPeriods', () => {
  it('on the last minute of November in São Paulo (already December in UTC)', () => {
    expect(getDashboardPeriods(new Date('2026-12-01T02:59:00Z'), SP)).toEqual({
      today: '2026-11-30',
      yesterday: '2026-11-29',
      nowTime: '23:59',
      month: { start: '2026-11-01', end: '2026-11-30' },
      previousMonth: { start: '2026-10-01', end: '2026-10-30' },
      monthStartsAt: new Date('2026-11-01T03:00:00.000Z'),
    });
  });

  it('on the first minute of December in São Paulo', () => {
    const periods = getDashboardPeriods(new Date('2026-12-01T03:00:00Z'), SP);
    expect(periods).toMatchObject({
      today: '2026-12-01',
      yesterday: '2026-11-30',
      nowTime: '00:00',
      month: { start: '2026-12-01', end: '2026-12-01' },
      previousMonth: { start: '2026-11-01', end: '2026-11-01' },
    });
    expect(periods.monthStartsAt.toISOString()).toBe('2026-12-01T03:00:00.000Z');
  });
});

describe('isValidTimeZone', () => {
  it('knows IANA names', () => {
    expect(isValidTimeZone(SP)).toBe(true);
    expect(isValidTimeZone('Nope/Zone')).toBe(false);
  });
});
