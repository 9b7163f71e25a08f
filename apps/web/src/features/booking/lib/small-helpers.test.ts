import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { BOOKING_FAILED_MESSAGE, describeBookingError, isSlotConflict } from './booking-errors';
import { formatLongDate, getClosedWeekdays, nextIsoMonth } from './calendar-dates';
import { getNameInitials } from './name-initials';
import { groupSlotsByPeriod } from './slot-periods';

describe('booking page helpers', () => {
  it('names the next month, across the year', () => {
    expect(nextIsoMonth('2026-11')).toBe('2026-12');
    expect(nextIsoMonth('2026-12')).toBe('2027-01');
    expect(nextIsoMonth('2027-02')).toBe('2027-03');
  });

  it('initials of the professional: first and last names', () => {
    expect(getNameInitials('Ana Paula Souza')).toBe('AS');
    expect(getNameInitials('  bia ')).toBe('B');
    expect(getNameInitials('')).toBe('');
  });

  it('closes the weekdays without an active window', () => {
    expect(getClosedWeekdays([1, 2, 3, 4, 5])).toEqual([0, 6]);
    expect(getClosedWeekdays([])).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('writes dates in pt-BR', () => {
    expect(formatLongDate('2026-11-23')).toBe('segunda-feira, 23 de novembro de 2026');
    expect(formatLongDate('2026-11-23', { capitalized: true })).toBe(
      'Segunda-feira, 23 de novembro de 2026',
    );
  });

  it('groups times into morning, afternoon and evening', () => {
    expect(groupSlotsByPeriod(['09:00', '11:30', '12:00', '17:30', '18:00'])).toEqual([
      { label: 'Manhã', slots: ['09:00', '11:30'] },
      { label: 'Tarde', slots: ['12:00', '17:30'] },
      { label: 'Noite', slots: ['18:00'] },
    ]);
    expect(groupSlotsByPeriod([])).toEqual([]);
  });

  it('tells a slot conflict apart and words each failure', () => {
    const taken = new ApiError(409, 'SLOT_TAKEN', 'Este horário acabou de ser reservado.');
    expect(isSlotConflict(taken)).toBe(true);
    expect(isSlotConflict(new ApiError(409, 'CONFLICT', 'x'))).toBe(false);
    expect(describeBookingError(new ApiError(429, 'RATE_LIMITED', 'Muitas tentativas.'))).toBe(
      'Muitas tentativas.',
    );
    expect(describeBookingError(new ApiError(500, 'INTERNAL', 'Erro interno'))).toBe(
      BOOKING_FAILED_MESSAGE,
    );
    expect(describeBookingError(new ApiError(0, 'NETWORK', 'Sem conexão'))).toBe(
      BOOKING_FAILED_MESSAGE,
    );
  });
});
