import { describe, expect, it } from 'vitest';
import {
  checkOccurrence,
  describeSeries,
  nthWeekdayOf,
  type OccurrenceCheckInput,
} from './series-rules';

const WEEK = [1, 2, 3, 4, 5].map((dayOfWeek) => ({
  dayOfWeek,
  startTime: '09:00',
  endTime: '18:00',
  isActive: true,
}));
const occurrence = (overrides: Partial<OccurrenceCheckInput> = {}): OccurrenceCheckInput => ({
  date: '2026-11-23',
  startTime: '10:00',
  durationMinutes: 60,
  bufferMinutes: 0,
  week: WEEK,
  overrides: [],
  timeOff: [],
  holidays: new Map(),
  occupied: [],
  isPast: false,
  ...overrides,
});

describe('nthWeekdayOf', () => {
  it.each([
    ['2026-11-02', 1],
    ['2026-11-07', 1],
    ['2026-11-08', 2],
    ['2026-11-23', 4],
    ['2026-11-28', 4],
    ['2026-11-29', 5],
    ['2026-11-30', 5],
  ])('%s is weekday number %i of its month (5: the last)', (date, nth) => {
    expect(nthWeekdayOf(date)).toBe(nth);
  });
});

describe('describeSeries', () => {
  it.each([
    [{ frequency: 'weekly', interval: 1 }, 'Toda semana, segunda-feira às 10:00'],
    [{ frequency: 'weekly', interval: 3 }, 'A cada 3 semanas, segunda-feira às 10:00'],
    [{ frequency: 'monthly', interval: 1 }, 'Todo mês, na quarta segunda-feira às 10:00'],
    [
      { frequency: 'monthly', interval: 1, startDate: '2026-11-30' },
      'Todo mês, na última segunda-feira às 10:00',
    ],
    [
      { frequency: 'monthly', interval: 1, startDate: '2026-11-28' },
      'Todo mês, no quarto sábado às 10:00',
    ],
  ] as const)('%o', (rule, text) => {
    expect(describeSeries({ startDate: '2026-11-23', startTime: '10:00', ...rule })).toBe(text);
  });

  it('names the until date', () => {
    expect(
      describeSeries({
        frequency: 'weekly',
        interval: 2,
        startDate: '2026-11-23',
        startTime: '09:30',
        untilDate: '2027-01-04',
      }),
    ).toBe('A cada 2 semanas, segunda-feira às 09:30, até 04/01/2027');
  });
});

describe('checkOccurrence', () => {
  it('says why a date cannot happen, first reason first', () => {
    expect(checkOccurrence(occurrence())).toBeNull();
    expect(checkOccurrence(occurrence({ isPast: true }))?.problem).toBe('past');
    expect(checkOccurrence(occurrence({ startTime: '23:30' }))?.problem).toBe('crosses_midnight');
    expect(
      checkOccurrence(
        occurrence({
          overrides: [{ date: '2026-11-23', windows: [] }],
          holidays: new Map([['2026-11-23', 'Feriado Teste']]),
        }),
      ),
    ).toEqual({ problem: 'holiday', reason: 'Feriado: Feriado Teste' });
    expect(
      checkOccurrence(
        occurrence({ timeOff: [{ startDate: '2026-11-20', endDate: '2026-11-30', note: null }] }),
      ),
    ).toEqual({ problem: 'time_off', reason: 'Folga/Férias' });
    const block = { start: 10 * 60 + 30, end: 11 * 60, note: 'Dentista', startTime: '10:30' };
    expect(checkOccurrence(occurrence({ occupied: [{ ...block, kind: 'block' }] }))).toEqual({
      problem: 'block',
      reason: 'Horário bloqueado: Dentista',
    });
    expect(checkOccurrence(occurrence({ occupied: [{ ...block, kind: 'appointment' }] }))).toEqual({
      problem: 'appointment',
      reason: 'Outro agendamento às 10:30',
    });
  });

  it('counts the buffer against the next appointment', () => {
    const next = {
      start: 11 * 60,
      end: 12 * 60,
      kind: 'appointment',
      note: null,
      startTime: '11:00',
    } as const;
    expect(checkOccurrence(occurrence({ occupied: [next] }))).toBeNull();
    expect(checkOccurrence(occurrence({ occupied: [next], bufferMinutes: 15 }))?.problem).toBe(
      'appointment',
    );
  });
});
