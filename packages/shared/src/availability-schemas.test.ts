import { describe, expect, it } from 'vitest';
import {
  availabilityWeekInputSchema,
  findOverlappingWindow,
  getDefaultAvailability,
} from './availability-schemas';

const day = (dayOfWeek: number, startTime: string, endTime: string, isActive = true) => ({
  dayOfWeek,
  startTime,
  endTime,
  isActive,
});

function firstMessage(windows: unknown): string | undefined {
  const result = availabilityWeekInputSchema.safeParse({ windows });
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('availability defaults (docs/product.md section 4)', () => {
  it('are seven days 09:00-18:00, active Monday to Friday', () => {
    const defaults = getDefaultAvailability();
    expect(defaults).toHaveLength(7);
    expect(defaults.map((w) => w.isActive)).toEqual([false, true, true, true, true, true, false]);
    expect(new Set(defaults.map((w) => `${w.startTime}-${w.endTime}`))).toEqual(
      new Set(['09:00-18:00']),
    );
  });
});

describe('availability week schema', () => {
  it('accepts a week with a lunch break (two windows on one day) and a day off', () => {
    const windows = [
      day(1, '09:00', '12:00'),
      day(1, '13:00', '18:00'),
      day(0, '09:00', '18:00', false),
    ];
    expect(availabilityWeekInputSchema.parse({ windows }).windows).toEqual(windows);
  });

  it('accepts windows that touch (12:00-13:00 then 13:00-14:00)', () => {
    expect(firstMessage([day(2, '12:00', '13:00'), day(2, '13:00', '14:00')])).toBeUndefined();
  });

  it.each([
    [[day(1, '10:00', '10:00')], 'O horário final deve ser depois do inicial'],
    [[day(1, '18:00', '09:00')], 'O horário final deve ser depois do inicial'],
    [
      [day(1, '09:00', '12:00'), day(1, '11:00', '14:00')],
      'Os horários de um mesmo dia não podem se sobrepor',
    ],
    [
      [day(3, '08:00', '20:00'), day(3, '10:00', '11:00')],
      'Os horários de um mesmo dia não podem se sobrepor',
    ],
    [[day(7, '09:00', '10:00')], 'Dia da semana inválido'],
    [[day(-1, '09:00', '10:00')], 'Dia da semana inválido'],
    [[day(1, '9:00', '10:00')], 'Hora inválida'],
    [[day(1, '09:00', '24:00')], 'Hora inválida'],
    [[], 'Informe pelo menos um horário'],
  ])('refuses %j with "%s"', (windows, message) => {
    expect(firstMessage(windows)).toBe(message);
  });

  it('does not compare windows of different days', () => {
    expect(findOverlappingWindow([day(1, '09:00', '18:00'), day(2, '09:00', '18:00')])).toBe(-1);
    expect(findOverlappingWindow([day(1, '09:00', '18:00'), day(1, '17:00', '19:00')])).toBe(1);
  });
});
