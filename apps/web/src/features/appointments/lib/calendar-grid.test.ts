import type { AgendaCalendar } from '@agendaki/shared';
import { describe, expect, it } from 'vitest';
import {
  getClosedRanges,
  getGridBounds,
  getSlotStarts,
  getVisibleRange,
  moveAnchor,
} from './calendar-grid';

const empty: AgendaCalendar = { days: [], appointments: [], blocks: [] };

describe('calendar grid', () => {
  it('shows the anchor day, or its week from Sunday to Saturday', () => {
    expect(getVisibleRange('day', '2026-11-25')).toEqual({ from: '2026-11-25', to: '2026-11-25' });
    expect(getVisibleRange('week', '2026-11-25')).toEqual({ from: '2026-11-22', to: '2026-11-28' });
    expect(getVisibleRange('week', '2026-11-22')).toEqual({ from: '2026-11-22', to: '2026-11-28' });
    expect(moveAnchor('week', '2026-11-25', -1)).toBe('2026-11-18');
    expect(moveAnchor('day', '2026-11-30', 1)).toBe('2026-12-01');
  });

  it('runs from the earliest window to the latest, in whole hours, widened by what is outside', () => {
    const calendar: AgendaCalendar = {
      ...empty,
      days: [
        { date: '2026-11-23', windows: [{ start: 9 * 60 + 30, end: 12 * 60 }], closedReason: null },
        {
          date: '2026-11-24',
          windows: [{ start: 13 * 60, end: 17 * 60 + 15 }],
          closedReason: null,
        },
      ],
    };
    expect(getGridBounds(calendar)).toEqual({ start: 9 * 60, end: 18 * 60 });
    expect(getGridBounds(empty)).toEqual({ start: 8 * 60, end: 18 * 60 });
    expect(
      getGridBounds({
        ...calendar,
        blocks: [{ id: 'b', date: '2026-11-23', startTime: '07:15', endTime: '08:00', note: null }],
      }).start,
    ).toBe(7 * 60);
  });

  it('shades what lies outside the windows, a lunch break included', () => {
    const windows = [
      { start: 14 * 60, end: 18 * 60 },
      { start: 9 * 60, end: 12 * 60 },
    ];
    expect(getClosedRanges(windows, { start: 8 * 60, end: 19 * 60 })).toEqual([
      { start: 8 * 60, end: 9 * 60 },
      { start: 12 * 60, end: 14 * 60 },
      { start: 18 * 60, end: 19 * 60 },
    ]);
    expect(getClosedRanges([], { start: 480, end: 600 })).toEqual([{ start: 480, end: 600 }]);
    expect(getSlotStarts({ start: 480, end: 600 })).toEqual([480, 510, 540, 570]);
  });
});
