import { describe, expect, it } from 'vitest';
import { DEFAULT_BOOKING_RULES, type BookingRules } from './booking-rules';
import { listAvailableSlots, resolveDateWindows, type AvailabilityWindow } from './slots';

const SP = 'America/Sao_Paulo'; // UTC-3
const MANAUS = 'America/Manaus'; // UTC-4
// Every weekday 09:00-12:00, so any date below has the same week.
const WEEK: AvailabilityWindow[] = [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
  dayOfWeek,
  startTime: '09:00',
  endTime: '12:00',
  isActive: true,
}));
const ALL_DAY = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30'];
const NO_NOTICE: Omit<BookingRules, 'paused'> = {
  ...DEFAULT_BOOKING_RULES,
  minNoticeMinutes: 0,
  horizonDays: 365,
};
// 2026-11-30 (Monday) 08:00 in São Paulo; 07:00 in Manaus.
const MORNING = new Date('2026-11-30T11:00:00Z');

describe('listAvailableSlots with the week rules, each alone', () => {
  it.each([
    {
      name: 'a closed date offers nothing',
      input: { date: '2026-12-01', overrides: [{ date: '2026-12-01', windows: [] }] },
      expected: [],
    },
    {
      name: "a date's own windows replace the weekday's (several)",
      input: {
        date: '2026-12-01',
        overrides: [
          {
            date: '2026-12-01',
            windows: [
              { startTime: '14:00', endTime: '15:00' },
              { startTime: '16:00', endTime: '17:00' },
            ],
          },
        ],
      },
      expected: ['14:00', '14:30', '16:00', '16:30'],
    },
    {
      name: 'an override on another date changes nothing',
      input: { date: '2026-12-01', overrides: [{ date: '2026-12-02', windows: [] }] },
      expected: ALL_DAY,
    },
    {
      name: 'time off closes its first day',
      input: { date: '2026-12-01', timeOff: [{ startDate: '2026-12-01', endDate: '2026-12-05' }] },
      expected: [],
    },
    {
      name: 'time off closes its last day',
      input: { date: '2026-12-05', timeOff: [{ startDate: '2026-12-01', endDate: '2026-12-05' }] },
      expected: [],
    },
    {
      name: 'the day after time off is open again',
      input: { date: '2026-12-06', timeOff: [{ startDate: '2026-12-01', endDate: '2026-12-05' }] },
      expected: ALL_DAY,
    },
    {
      name: 'time off wins over a date with its own windows',
      input: {
        date: '2026-12-01',
        timeOff: [{ startDate: '2026-11-30', endDate: '2026-12-01' }],
        overrides: [{ date: '2026-12-01', windows: [{ startTime: '09:00', endTime: '10:00' }] }],
      },
      expected: [],
    },
    {
      name: 'a block (busy) removes the slots it overlaps',
      input: { date: '2026-12-01', busy: [{ startTime: '10:00', endTime: '11:00' }] },
      expected: ['09:00', '09:30', '11:00', '11:30'],
    },
    {
      name: "the buffer of the slot's own service must not run into busy time",
      input: {
        date: '2026-12-01',
        busy: [{ startTime: '10:00', endTime: '11:00' }],
        bufferMinutes: 15,
      },
      expected: ['09:00', '11:00', '11:30'],
    },
    {
      name: 'the buffer may run past the end of the window',
      input: { date: '2026-12-01', bufferMinutes: 30 },
      expected: ALL_DAY,
    },
    {
      name: "a booking's buffer (stored in its busy time) takes the next slot",
      input: { date: '2026-12-01', busy: [{ startTime: '09:00', endTime: '09:40' }] },
      expected: ['10:00', '10:30', '11:00', '11:30'],
    },
    {
      name: 'step of 15 minutes',
      input: { date: '2026-12-01', rules: { ...NO_NOTICE, slotStep: 15 as const } },
      expected: [
        '09:00',
        '09:15',
        '09:30',
        '09:45',
        '10:00',
        '10:15',
        '10:30',
        '10:45',
        '11:00',
        '11:15',
        '11:30',
      ],
    },
    {
      name: 'step of 60 minutes',
      input: { date: '2026-12-01', rules: { ...NO_NOTICE, slotStep: 60 as const } },
      expected: ['09:00', '10:00', '11:00'],
    },
    {
      name: 'step of the selected duration (50 minutes)',
      input: {
        date: '2026-12-01',
        duration: 50,
        rules: { ...NO_NOTICE, slotStep: 'duration' as const },
      },
      expected: ['09:00', '09:50', '10:40'],
    },
    {
      name: 'a date at its cap offers nothing',
      input: {
        date: '2026-12-01',
        rules: { ...NO_NOTICE, maxBookingsPerDay: 2 },
        bookingsOnDate: 2,
      },
      expected: [],
    },
    {
      name: 'a date under its cap offers everything',
      input: {
        date: '2026-12-01',
        rules: { ...NO_NOTICE, maxBookingsPerDay: 2 },
        bookingsOnDate: 1,
      },
      expected: ALL_DAY,
    },
    {
      name: 'the last day of the horizon is offered',
      input: { date: '2026-12-30', rules: { ...NO_NOTICE, horizonDays: 30 } },
      expected: ALL_DAY,
    },
    {
      name: 'the day after the horizon is not',
      input: { date: '2026-12-31', rules: { ...NO_NOTICE, horizonDays: 30 } },
      expected: [],
    },
    {
      name: 'minimum notice of 2 hours at 08:00 hides 09:00 and 09:30',
      input: { date: '2026-11-30', rules: { ...NO_NOTICE, minNoticeMinutes: 120 } },
      expected: ['10:00', '10:30', '11:00', '11:30'],
    },
    {
      name: 'minimum notice of 1 day moves into tomorrow',
      input: { date: '2026-11-30', rules: { ...NO_NOTICE, minNoticeMinutes: 24 * 60 } },
      expected: [],
    },
    {
      name: 'minimum notice of 1 day leaves tomorrow from 08:00 on',
      input: { date: '2026-12-01', rules: { ...NO_NOTICE, minNoticeMinutes: 24 * 60 } },
      expected: ALL_DAY,
    },
  ])('$name', ({ input, expected }) => {
    const { duration, ...rest } = input as typeof input & { duration?: number };
    expect(
      listAvailableSlots({
        windows: WEEK,
        busy: [],
        durationMinutes: duration ?? 30,
        now: MORNING,
        timeZone: SP,
        ...rest,
      }),
    ).toEqual(expected);
  });
});

describe('listAvailableSlots with the rules together', () => {
  const rules = { ...DEFAULT_BOOKING_RULES, horizonDays: 2, maxBookingsPerDay: 3 };
  const base = {
    windows: WEEK,
    durationMinutes: 30,
    now: MORNING,
    timeZone: SP,
    rules,
    bufferMinutes: 10,
    overrides: [{ date: '2026-12-01', windows: [{ startTime: '09:00', endTime: '11:00' }] }],
    timeOff: [{ startDate: '2026-12-03', endDate: '2026-12-10' }],
  };

  it('today: notice, a block and the buffer together', () => {
    expect(
      listAvailableSlots({
        ...base,
        date: '2026-11-30',
        busy: [{ startTime: '11:00', endTime: '11:30' }],
        bookingsOnDate: 0,
      }),
    ).toEqual(['10:00', '11:30']);
  });

  it("tomorrow: the date's own windows, an appointment with its buffer", () => {
    expect(
      listAvailableSlots({
        ...base,
        date: '2026-12-01',
        busy: [{ startTime: '09:30', endTime: '10:10' }],
        bookingsOnDate: 1,
      }),
    ).toEqual(['10:30']);
  });

  it('the cap reached beats open time', () => {
    expect(
      listAvailableSlots({ ...base, date: '2026-12-01', busy: [], bookingsOnDate: 3 }),
    ).toEqual([]);
  });

  it('beyond the horizon, and in time off', () => {
    expect(listAvailableSlots({ ...base, date: '2026-12-03', busy: [] })).toEqual([]);
    expect(
      listAvailableSlots({
        ...base,
        rules: { ...rules, horizonDays: 30 },
        date: '2026-12-03',
        busy: [],
      }),
    ).toEqual([]);
  });
});

describe('listAvailableSlots at the edges of a day and a month, in two zones', () => {
  // 23:59 on 2026-11-30 in each zone: the next date is another month.
  const lateSp = new Date('2026-12-01T02:59:00Z');
  const lateManaus = new Date('2026-12-01T03:59:00Z');
  const rules = { ...NO_NOTICE, minNoticeMinutes: 120, horizonDays: 1 };

  it.each([
    { zone: SP, now: lateSp },
    { zone: MANAUS, now: lateManaus },
  ])('$zone at 23:59: today is over, the 1st of the next month is open', ({ zone, now }) => {
    const input = { windows: WEEK, busy: [], durationMinutes: 30, now, timeZone: zone, rules };
    expect(listAvailableSlots({ ...input, date: '2026-11-30' })).toEqual([]);
    expect(listAvailableSlots({ ...input, date: '2026-12-01' })).toEqual(ALL_DAY);
    // A horizon of 1 day from 30/11 ends on 01/12.
    expect(listAvailableSlots({ ...input, date: '2026-12-02' })).toEqual([]);
  });

  it('the same instant is 23:59 in Manaus and 00:59 of the 1st in São Paulo', () => {
    const input = { windows: WEEK, busy: [], durationMinutes: 30, now: lateManaus, rules };
    const withNotice = { ...rules, minNoticeMinutes: 9 * 60 };
    // São Paulo: 00:59 + 9 h = 09:59 on the 1st; Manaus: 23:59 + 9 h = 08:59 on the 1st.
    expect(
      listAvailableSlots({ ...input, rules: withNotice, timeZone: SP, date: '2026-12-01' }),
    ).toEqual(['10:00', '10:30', '11:00', '11:30']);
    expect(
      listAvailableSlots({ ...input, rules: withNotice, timeZone: MANAUS, date: '2026-12-01' }),
    ).toEqual(ALL_DAY);
    // A horizon of 1 day counts from each zone's own today.
    expect(listAvailableSlots({ ...input, timeZone: SP, date: '2026-12-02' })).toEqual(ALL_DAY);
    expect(listAvailableSlots({ ...input, timeZone: MANAUS, date: '2026-12-02' })).toEqual([]);
  });

  it('time off across the end of a month closes both sides', () => {
    const timeOff = [{ startDate: '2026-12-30', endDate: '2027-01-02' }];
    const input = {
      windows: WEEK,
      busy: [],
      durationMinutes: 30,
      now: MORNING,
      timeZone: SP,
      rules: NO_NOTICE,
      timeOff,
    };
    expect(listAvailableSlots({ ...input, date: '2026-12-31' })).toEqual([]);
    expect(listAvailableSlots({ ...input, date: '2027-01-02' })).toEqual([]);
    expect(listAvailableSlots({ ...input, date: '2027-01-03' })).toEqual(ALL_DAY);
  });
});

describe('resolveDateWindows', () => {
  it('says why a date has no windows', () => {
    const sundayOff = WEEK.map((w) => (w.dayOfWeek === 0 ? { ...w, isActive: false } : w));
    expect(resolveDateWindows('2026-11-29', sundayOff).reason).toBe('weekday');
    expect(
      resolveDateWindows('2026-11-30', WEEK, [{ date: '2026-11-30', windows: [] }]).reason,
    ).toBe('closed_date');
    expect(
      resolveDateWindows(
        '2026-11-30',
        WEEK,
        [],
        [{ startDate: '2026-11-30', endDate: '2026-11-30' }],
      ).reason,
    ).toBe('time_off');
    expect(resolveDateWindows('2026-11-30', WEEK).reason).toBeNull();
  });
});
