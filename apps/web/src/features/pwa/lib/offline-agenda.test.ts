import { describe, expect, it } from 'vitest';
import { formatSavedAt } from '../components/app-status';
import { offlineRanges } from './offline-agenda';

describe('the agenda kept for offline use', () => {
  it('is today and the next 7 days, each as the day view asks, and their weeks', () => {
    // Friday 27/11/2026: the days run into the next week.
    const ranges = offlineRanges('2026-11-27');
    const days = ranges.filter((r) => r.from === r.to).map((r) => r.from);
    expect(days).toEqual([
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
    ]);
    const weeks = ranges.filter((r) => r.from !== r.to);
    expect(weeks.length).toBeGreaterThanOrEqual(2);
    for (const day of days) {
      expect(
        weeks.some((w) => w.from <= day && day <= w.to),
        day,
      ).toBe(true);
    }
  });

  it('says when it was read: HH:MM today, with the date another day', () => {
    const now = new Date(2026, 10, 27, 18, 30);
    expect(formatSavedAt(new Date(2026, 10, 27, 9, 5).getTime(), now)).toBe('09:05');
    expect(formatSavedAt(new Date(2026, 10, 26, 21, 40).getTime(), now)).toBe('26/11, 21:40');
  });
});
