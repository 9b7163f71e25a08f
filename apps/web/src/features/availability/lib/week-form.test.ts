import {
  END_BEFORE_START_MESSAGE,
  getDefaultAvailability,
  OVERLAPPING_WINDOWS_MESSAGE,
} from '@agendaki/shared';
import { describe, expect, it } from 'vitest';
import {
  suggestNextWindow,
  toWeekForm,
  toWeekInput,
  validateWeek,
  type WeekForm,
} from './week-form';

describe('toWeekForm', () => {
  it('turns the server defaults into Monday to Friday on, 09:00-18:00', () => {
    const week = toWeekForm(getDefaultAvailability());
    expect(week.map((day) => day.isActive)).toEqual([false, true, true, true, true, true, false]);
    expect(week[0]!.windows).toEqual([{ startTime: '09:00', endTime: '18:00' }]);
  });

  it('groups several windows of a day by start, and shows a day without rows off', () => {
    const week = toWeekForm([
      { dayOfWeek: 1, startTime: '13:00', endTime: '18:00', isActive: true },
      { dayOfWeek: 1, startTime: '08:00', endTime: '12:00', isActive: true },
    ]);
    expect(week[1]).toEqual({
      isActive: true,
      windows: [
        { startTime: '08:00', endTime: '12:00' },
        { startTime: '13:00', endTime: '18:00' },
      ],
    });
    expect(week[2]).toEqual({
      isActive: false,
      windows: [{ startTime: '09:00', endTime: '18:00' }],
    });
  });
});

describe('toWeekInput', () => {
  it('sends every window with its day and the day flag', () => {
    const week = toWeekForm(getDefaultAvailability());
    week[1]!.windows = [
      { startTime: '09:00', endTime: '12:00' },
      { startTime: '13:00', endTime: '18:00' },
    ];
    const { input } = toWeekInput(week);
    expect(input.windows).toHaveLength(8);
    expect(input.windows.filter((w) => w.dayOfWeek === 1)).toEqual([
      { dayOfWeek: 1, startTime: '09:00', endTime: '12:00', isActive: true },
      { dayOfWeek: 1, startTime: '13:00', endTime: '18:00', isActive: true },
    ]);
    expect(input.windows[0]).toMatchObject({ dayOfWeek: 0, isActive: false });
  });
});

describe('validateWeek', () => {
  function weekWithMonday(windows: WeekForm[number]['windows']): WeekForm {
    const week = toWeekForm(getDefaultAvailability());
    week[1] = { isActive: true, windows };
    return week;
  }

  it('accepts a lunch break (windows that touch or are apart)', async () => {
    expect(
      (
        await validateWeek(
          weekWithMonday([
            { startTime: '09:00', endTime: '12:00' },
            { startTime: '12:00', endTime: '18:00' },
          ]),
        )
      ).size,
    ).toBe(0);
  });

  it('puts "end before start" on its window', async () => {
    const errors = await validateWeek(weekWithMonday([{ startTime: '18:00', endTime: '09:00' }]));
    expect([...errors]).toEqual([['1-0', END_BEFORE_START_MESSAGE]]);
  });

  it('puts an overlap on the later window of the day', async () => {
    const errors = await validateWeek(
      weekWithMonday([
        { startTime: '09:00', endTime: '13:00' },
        { startTime: '12:00', endTime: '18:00' },
      ]),
    );
    expect([...errors]).toEqual([['1-1', OVERLAPPING_WINDOWS_MESSAGE]]);
  });

  it('reports an empty time as "Hora inválida"', async () => {
    const errors = await validateWeek(weekWithMonday([{ startTime: '', endTime: '18:00' }]));
    expect(errors.get('1-0')).toBe('Hora inválida');
  });
});

describe('suggestNextWindow', () => {
  it.each([
    [[], { startTime: '09:00', endTime: '18:00' }],
    [[{ startTime: '09:00', endTime: '12:00' }], { startTime: '13:00', endTime: '15:00' }],
    [[{ startTime: '09:00', endTime: '18:00' }], { startTime: '19:00', endTime: '21:00' }],
    [[{ startTime: '09:00', endTime: '22:30' }], { startTime: '22:30', endTime: '23:30' }],
    [[{ startTime: '20:00', endTime: '23:30' }], { startTime: '23:30', endTime: '23:59' }],
    [[{ startTime: '09:00', endTime: '23:59' }], null],
  ])('after %j proposes %j', (windows, expected) => {
    expect(suggestNextWindow(windows)).toEqual(expected);
  });
});
