const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)(?::[0-5]\d)?$/;

export function isValidTime(value: string): boolean {
  return TIME_PATTERN.test(value);
}

/** "09:30" -> 570. Accepts "HH:MM" and "HH:MM:SS" (as PostgreSQL returns `time`). "24:00" is the end of a day. */
export function timeToMinutes(time: string): number {
  if (time.startsWith('24:00')) return 24 * 60;
  const match = TIME_PATTERN.exec(time);
  if (!match) throw new RangeError(`Not a time: ${time}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/** 570 -> "09:30". Minutes must fall within one day (0 to 1440). */
export function minutesToTime(minutes: number): string {
  if (!Number.isInteger(minutes) || minutes < 0 || minutes > 24 * 60) {
    throw new RangeError(`Minutes out of a day: ${minutes}`);
  }
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

export function addMinutesToTime(time: string, minutes: number): string {
  return minutesToTime(timeToMinutes(time) + minutes);
}
