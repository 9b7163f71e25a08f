import { minutesToTime, timeToMinutes } from './time';

/**
 * How a booking of several services is laid out (docs/product.md, Booking several services): one
 * appointment per service, in the order given, back to back from the chosen time. Pure, so the
 * page can show the same times the server books.
 */

export interface PlannedService {
  id: string;
  durationMinutes: number;
}

export interface PlannedAppointment<T extends PlannedService> {
  service: T;
  startTime: string;
  endTime: string;
}

export function sumDurations(services: readonly { durationMinutes: number }[]): number {
  return services.reduce((total, service) => total + service.durationMinutes, 0);
}

export function sumPriceCents(items: readonly { priceCents: number }[]): number {
  return items.reduce((total, item) => total + item.priceCents, 0);
}

/**
 * Consecutive start and end times from `startTime`. Returns undefined when the last one would
 * end after 24:00 (an appointment ends on its own day).
 */
export function planConsecutiveAppointments<T extends PlannedService>(
  startTime: string,
  services: readonly T[],
): PlannedAppointment<T>[] | undefined {
  let start = timeToMinutes(startTime);
  const planned: PlannedAppointment<T>[] = [];
  for (const service of services) {
    const end = start + service.durationMinutes;
    if (end > 24 * 60) return undefined;
    planned.push({ service, startTime: minutesToTime(start), endTime: minutesToTime(end) });
    start = end;
  }
  return planned;
}
