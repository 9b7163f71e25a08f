import { describe, expect, it } from 'vitest';
import { zonedInstant } from '../../lib/ics';
import { lastDateOf, ruleDatesBetween, ruleText, type SeriesRule } from './dates';

// The horário fixo's dates (issue 46): every 1–4 weeks or the nth weekday of each month, as
// wall-clock dates of the professional's zone.
const MONDAY = '2026-11-23';
const rule = (overrides: Partial<SeriesRule> = {}): SeriesRule => ({
  frequency: 'weekly',
  interval: 1,
  startDate: MONDAY,
  startTime: '10:00',
  untilDate: '2027-12-31',
  ...overrides,
});
const firstFour = (r: SeriesRule) => ruleDatesBetween(r, r.startDate, '2027-12-31').slice(0, 4);

describe('ruleDatesBetween', () => {
  it.each([
    [1, ['2026-11-23', '2026-11-30', '2026-12-07', '2026-12-14']],
    [2, ['2026-11-23', '2026-12-07', '2026-12-21', '2027-01-04']],
    [3, ['2026-11-23', '2026-12-14', '2027-01-04', '2027-01-25']],
    [4, ['2026-11-23', '2026-12-21', '2027-01-18', '2027-02-15']],
  ])('every %i week(s) on the start date’s weekday', (interval, dates) => {
    expect(firstFour(rule({ interval }))).toEqual(dates);
  });

  it('monthly: the same nth weekday of each month (23/11 is the 4th Monday)', () => {
    expect(firstFour(rule({ frequency: 'monthly' }))).toEqual([
      '2026-11-23',
      '2026-12-28',
      '2027-01-25',
      '2027-02-22',
    ]);
  });

  it('monthly from a 5th weekday: the last one, so a month without a 5th is not skipped', () => {
    // 30/11/2026 is the 5th Monday; February 2027 has four Mondays, March five.
    const dates = ruleDatesBetween(
      rule({ frequency: 'monthly', startDate: '2026-11-30' }),
      '2026-11-30',
      '2027-03-31',
    );
    expect(dates).toEqual(['2026-11-30', '2026-12-28', '2027-01-25', '2027-02-22', '2027-03-29']);
  });

  it('stops at the until date, inclusive, and answers nothing for an empty window', () => {
    expect(ruleDatesBetween(rule({ untilDate: '2026-12-07' }), MONDAY, '2027-01-31')).toEqual([
      '2026-11-23',
      '2026-11-30',
      '2026-12-07',
    ]);
    expect(ruleDatesBetween(rule(), '2026-12-01', '2026-11-30')).toEqual([]);
  });

  it('keeps the wall-clock date and time in São Paulo (no daylight saving) all year', () => {
    const dates = ruleDatesBetween(rule(), MONDAY, '2027-11-22');
    expect(dates).toHaveLength(53);
    expect(dates.every((d) => new Date(`${d}T00:00:00Z`).getUTCDay() === 1)).toBe(true);
    const hours = new Set(
      dates.map((d) => zonedInstant(d, '10:00', 'America/Sao_Paulo').toISOString().slice(11, 16)),
    );
    expect([...hours]).toEqual(['13:00']);
  });

  it('keeps the date across a daylight-saving change elsewhere (New York, March 2027)', () => {
    const dates = ruleDatesBetween(rule({ startDate: '2027-03-08' }), '2027-03-08', '2027-03-22');
    expect(dates).toEqual(['2027-03-08', '2027-03-15', '2027-03-22']);
    const instants = dates.map((d) => zonedInstant(d, '10:00', 'America/New_York').toISOString());
    expect(instants).toEqual([
      '2027-03-08T15:00:00.000Z',
      '2027-03-15T14:00:00.000Z',
      '2027-03-22T14:00:00.000Z',
    ]);
  });
});

describe('lastDateOf and ruleText', () => {
  it('"for N times" ends on the Nth date', () => {
    expect(lastDateOf(rule(), 6)).toBe('2026-12-28');
    expect(lastDateOf(rule({ interval: 2 }), 3)).toBe('2026-12-21');
    expect(lastDateOf(rule({ frequency: 'monthly' }), 3)).toBe('2027-01-25');
  });

  it('keeps the rule as an RRULE line', () => {
    expect(ruleText(rule({ interval: 3 }))).toMatch(/^RRULE:FREQ=WEEKLY;INTERVAL=3;BYDAY=MO/);
    expect(ruleText(rule({ frequency: 'monthly', startDate: '2026-11-30' }))).toContain(
      'BYDAY=-1MO',
    );
  });
});
