// What the appointments' functions take (deps, the professional) and the appointment as the API answers it.
import {
  addDaysToDate,
  type Appointment,
  CROSSES_MIDNIGHT_MESSAGE,
  type appointmentInputSchema,
  type appointmentListQuerySchema,
  type AppointmentPeriod,
  type appointmentUpdateSchema,
  formatTime,
  minutesToTime,
  timeToMinutes,
  toAppointmentStatus,
  toCents,
  WEEK_PERIOD_DAYS,
  zonedToday,
} from '@agendaki/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type * as repo from './repo';

/**
 * What the service needs (decision 010): the database (a transaction when the caller has one:
 * `{ ...deps, db: tx }`) and the clock. A function that needs less asks for a `Pick`.
 */
export interface AppointmentsDeps {
  db: Db;
  clock: Clock;
}
export type DbDeps = Pick<AppointmentsDeps, 'db'>;

export type CreateInput = z.output<typeof appointmentInputSchema>;
export type UpdateInput = z.output<typeof appointmentUpdateSchema>;
export type ListQuery = z.output<typeof appointmentListQuerySchema>;

/** Who asks, and where their wall clock stands (docs/product.md, Time). */
export interface ProfessionalContext {
  profileId: string;
  timezone: string;
}

export const NOT_FOUND = 'Agendamento não encontrado';
export const CLIENT_NOT_FOUND = 'Cliente não encontrado';
export const SERVICE_NOT_FOUND = 'Serviço não encontrado';

export function toAppointmentDto(row: repo.JoinedAppointment): Appointment {
  return {
    id: row.id,
    clientId: row.clientId,
    serviceId: row.serviceId,
    appointmentDate: row.appointmentDate,
    startTime: formatTime(row.startTime),
    endTime: formatTime(row.endTime),
    totalPrice: row.totalPrice,
    totalPriceCents: toCents(row.totalPrice),
    status: toAppointmentStatus(row.status),
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
    bookingId: row.bookingId ?? row.id,
    seriesId: row.seriesId ?? null,
    client: row.client,
    service: row.service,
  };
}

/** "Today" and "next 7 days" are calendar dates in the professional's zone, from the clock. */
export function getPeriodRange(
  period: AppointmentPeriod,
  now: Date,
  timezone: string,
): { from?: string; to?: string } {
  if (period === 'all') return {};
  const today = zonedToday(now, timezone);
  return { from: today, to: period === 'today' ? today : addDaysToDate(today, WEEK_PERIOD_DAYS) };
}

/** End = start + the service's duration (docs/product.md section 9); it may end at 24:00, not later. */
export function computeEndTime(startTime: string, durationMinutes: number): string {
  const end = timeToMinutes(startTime) + durationMinutes;
  if (end > 24 * 60) throw new AppError('BAD_REQUEST', CROSSES_MIDNIGHT_MESSAGE);
  return minutesToTime(end);
}

/** Where a booking started before a change: its first live appointment (or first, if none). */
export interface BookingBefore {
  date: string;
  startTime: string;
  status: 'scheduled' | 'cancelled';
}

/**
 * The professional moved a booking or changed its status in the Agenda, in the change's
 * transaction: app.ts hands in features/manage's notice, which tells the client (WhatsApp).
 */
export type ProfessionalChangeHook = (
  db: Db,
  change: { professionalId: string; bookingId: string; before: BookingBefore },
) => Promise<void>;
