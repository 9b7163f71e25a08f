import { describe, expect, it } from 'vitest';
import { getWeekday, listAvailableSlots, listOpenWeekdays, type AvailabilityWindow } from './slots';

// 2026-11-23 is a Monday.
const MONDAY = '2026-11-23';
const SP = 'America/Sao_Paulo';
const MANAUS = 'America/Manaus';
const monday = (startTime: string, endTime: string, isActive = true): AvailabilityWindow => ({
  dayOfWeek: 1,
  startTime,
  endTime,
  isActive,
});
// A Saturday, well before the Monday being booked.
const EARLIER = new Date('2026-11-21T12:00:00Z');

describe('listAvailableSlots', () => {
  it.each([
    {
      name: 'one window, 30-minute service: every step up to but excluding the end',
      windows: [monday('09:00', '11:00')],
      duration: 30,
      expected: ['09:00', '09:30', '10:00', '10:30'],
    },
    {
      name: 'a duration that does not fit before the end is not offered',
      windows: [monday('09:00', '11:00')],
      duration: 90,
      expected: ['09:00', '09:30'],
    },
    {
      name: 'several windows a day (lunch break)',
      windows: [monday('09:00', '12:00'), monday('13:00', '14:30')],
      duration: 60,
      expected: ['09:00', '09:30', '10:00', '10:30', '11:00', '13:00', '13:30'],
    },
    {
      name: 'inactive windows and other weekdays give nothing',
      windows: [
        monday('09:00', '12:00', false),
        { dayOfWeek: 2, startTime: '09:00', endTime: '12:00', isActive: true },
      ],
      duration: 30,
      expected: [],
    },
    {
      name: 'a window shorter than the duration gives nothing',
      windows: [monday('09:00', '09:45')],
      duration: 60,
      expected: [],
    },
    {
      name: 'a window not aligned to the half hour steps from its own start',
      windows: [monday('09:15', '10:30')],
      duration: 30,
      expected: ['09:15', '09:45'],
    },
  ])('$name', ({ windows, duration, expected }) => {
    expect(
      listAvailableSlots({
        date: MONDAY,
        windows,
        busy: [],
        durationMinutes: duration,
        now: EARLIER,
        timeZone: SP,
      }),
    ).toEqual(expected);
  });

  it('skips starts whose whole duration would overlap an existing appointment', () => {
    const slots = listAvailableSlots({
      date: MONDAY,
      windows: [monday('09:00', '13:00')],
      busy: [{ startTime: '10:00', endTime: '11:00' }],
      durationMinutes: 60,
      now: EARLIER,
      timeZone: SP,
    });
    // 09:30 would run into 10:00; 11:00 starts exactly when the busy one ends.
    expect(slots).toEqual(['09:00', '11:00', '11:30', '12:00']);
  });

  it('offers the time of a cancelled appointment (callers pass only non-cancelled ones)', () => {
    const slots = listAvailableSlots({
      date: MONDAY,
      windows: [monday('09:00', '10:00')],
      busy: [],
      durationMinutes: 60,
      now: EARLIER,
      timeZone: SP,
    });
    expect(slots).toEqual(['09:00']);
  });

  it('today: only starts after the current time in São Paulo', () => {
    // 13:10Z is 10:10 in São Paulo (UTC-3).
    const slots = listAvailableSlots({
      date: MONDAY,
      windows: [monday('09:00', '12:00')],
      busy: [],
      durationMinutes: 30,
      now: new Date('2026-11-23T13:10:00Z'),
      timeZone: SP,
    });
    expect(slots).toEqual(['10:30', '11:00', '11:30']);
  });

  it('today in Manaus (UTC-4) differs from São Paulo at the same instant', () => {
    const now = new Date('2026-11-23T13:10:00Z'); // 09:10 in Manaus
    const input = {
      date: MONDAY,
      windows: [monday('09:00', '12:00')],
      busy: [],
      durationMinutes: 30,
      now,
    };
    expect(listAvailableSlots({ ...input, timeZone: MANAUS })).toEqual([
      '09:30',
      '10:00',
      '10:30',
      '11:00',
      '11:30',
    ]);
    expect(listAvailableSlots({ ...input, timeZone: SP })).toEqual(['10:30', '11:00', '11:30']);
  });

  it('a slot starting exactly now is not offered', () => {
    const slots = listAvailableSlots({
      date: MONDAY,
      windows: [monday('10:00', '11:00')],
      busy: [],
      durationMinutes: 30,
      now: new Date('2026-11-23T13:00:00Z'), // 10:00 in São Paulo
      timeZone: SP,
    });
    expect(slots).toEqual(['10:30']);
  });

  it('late at night the zone decides which day is today', () => {
    // 2026-11-24T02:30Z is still Monday 23:30 in São Paulo: Monday has no more slots,
    // but it is already Tuesday in UTC — the server's zone must not matter.
    const now = new Date('2026-11-24T02:30:00Z');
    expect(
      listAvailableSlots({
        date: MONDAY,
        windows: [monday('09:00', '18:00')],
        busy: [],
        durationMinutes: 30,
        now,
        timeZone: SP,
      }),
    ).toEqual([]);
  });

  it('a past date has no slots', () => {
    expect(
      listAvailableSlots({
        date: '2026-11-20',
        windows: [{ dayOfWeek: 5, startTime: '09:00', endTime: '18:00', isActive: true }],
        busy: [],
        durationMinutes: 30,
        now: EARLIER,
        timeZone: SP,
      }),
    ).toEqual([]);
  });

  it('an invalid duration has no slots', () => {
    expect(
      listAvailableSlots({
        date: MONDAY,
        windows: [monday('09:00', '18:00')],
        busy: [],
        durationMinutes: 0,
        now: EARLIER,
        timeZone: SP,
      }),
    ).toEqual([]);
  });
});

describe('weekdays', () => {
  it('reads the weekday of the calendar date', () => {
    expect(getWeekday('2026-11-22')).toBe(0);
    expect(getWeekday(MONDAY)).toBe(1);
    expect(getWeekday('2026-11-28')).toBe(6);
  });

  it('lists weekdays with at least one active window', () => {
    expect(
      listOpenWeekdays([
        monday('09:00', '12:00'),
        monday('13:00', '18:00'),
        { dayOfWeek: 3, startTime: '09:00', endTime: '10:00', isActive: false },
      ]),
    ).toEqual([1]);
  });
});
