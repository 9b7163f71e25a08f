import { describe, expect, it } from 'vitest';
import { addMinutesToTime, isValidTime, minutesToTime, timeToMinutes } from './time';

describe('time of day', () => {
  it.each([
    ['00:00', 0],
    ['09:30', 570],
    ['09:30:00', 570],
    ['23:59', 1439],
    ['24:00:00', 1440],
  ])('%s is %i minutes', (time, minutes) => {
    expect(timeToMinutes(time)).toBe(minutes);
  });

  it('round-trips minutes to HH:MM', () => {
    expect(minutesToTime(570)).toBe('09:30');
    expect(minutesToTime(0)).toBe('00:00');
    expect(minutesToTime(1440)).toBe('24:00');
  });

  it('adds a duration', () => {
    expect(addMinutesToTime('09:00', 45)).toBe('09:45');
    expect(addMinutesToTime('17:30', 90)).toBe('19:00');
  });

  it('refuses times and durations outside a day', () => {
    expect(() => timeToMinutes('25:00')).toThrow(RangeError);
    expect(() => minutesToTime(1441)).toThrow(RangeError);
    expect(() => addMinutesToTime('23:30', 60)).toThrow(RangeError);
    expect(isValidTime('7:00')).toBe(false);
    expect(isValidTime('07:60')).toBe(false);
    expect(isValidTime('07:05')).toBe(true);
  });
});
