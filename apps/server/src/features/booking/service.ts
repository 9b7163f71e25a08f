import {
  IDEMPOTENCY_KEY_REUSED_MESSAGE,
  planConsecutiveAppointments,
  SLOT_TAKEN_MESSAGE,
  SLOT_UNAVAILABLE_MESSAGE,
  sumDurations,
  sumPriceCents,
  toCents,
  type bookingInputSchema,
  type BookingResponse,
} from '@agendaki/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError, getSqlState, SQLSTATE } from '../../lib/errors';
import { insertBookedAppointments } from '../appointments/service';
import { findOrCreateClientByEmail } from '../clients/service';
import { isDemoProfessional } from '../demo/data';
import { enqueueMails } from '../mail/service';
import type { PublicReadCache } from '../public-profile/cache';
import {
  computeSlots,
  requireBookableProfessional,
  requireBookableServices,
  requireNotPaused,
  type BookableProfessional,
} from '../public-profile/service';
import { bookingFingerprint } from './fingerprint';
import { loadSchedule, lockProfessional } from '../schedule/service';
import { buildIcs } from './ics';
import { consumeBookedMinutes, visitorKey } from './limits';
import { renderClientConfirmation, renderProfessionalNotice, type BookingMailData } from './mails';
import * as repo from './repo';

export type ParsedBooking = z.output<typeof bookingInputSchema>;

export interface BookingDeps {
  db: Db;
  /** The public reads' cache: the booking reads the catalog through it and drops what it changed. */
  cache: PublicReadCache;
  clock: Clock;
  publicUrl: string;
  /** The visitor's address: the minutes it books with one professional are limited. */
  ip: string;
}

/**
 * A public booking (docs/product.md, Booking several services), in one transaction: the
 * professional and the slot are checked again, the idempotency key is claimed with the
 * request's fingerprint, the visitor's booked minutes are counted (features/booking/limits.ts),
 * the client is matched by e-mail or created, one appointment per service is inserted back to
 * back, and both mails go to the outbox with their delivery jobs. The exclusion constraint has the last word on overlaps: its 23P01 (or
 * a deadlock between two overlapping bookings) rolls everything back and becomes SLOT_TAKEN.
 */
export async function createBooking(
  deps: BookingDeps,
  input: ParsedBooking,
): Promise<BookingResponse> {
  const now = deps.clock.now();
  try {
    const response = await deps.db.transaction((tx) => book(tx, deps, input, now));
    // Committed: this process offers the time no more right now; other instances drop it when
    // PostgreSQL's notice reaches them (migration 0007).
    deps.cache.changed(input.professionalId.toLowerCase(), 'appointments');
    return response;
  } catch (error) {
    const state = getSqlState(error);
    if (state === SQLSTATE.EXCLUSION_VIOLATION || state === SQLSTATE.DEADLOCK_DETECTED) {
      throw new AppError('SLOT_TAKEN', SLOT_TAKEN_MESSAGE);
    }
    // Text PostgreSQL cannot store (a NUL byte): only a forged request sends it.
    if (state === SQLSTATE.CHARACTER_NOT_IN_REPERTOIRE) {
      throw new AppError('VALIDATION', 'Dados inválidos.');
    }
    throw error;
  }
}

async function book(
  tx: Db,
  deps: BookingDeps,
  input: ParsedBooking,
  now: Date,
): Promise<BookingResponse> {
  const reads = { db: tx, cache: deps.cache };
  const catalog = await requireBookableProfessional(reads, input.professionalId, now, 'id');
  const professional = catalog.profile;
  const requestFingerprint = bookingFingerprint(professional.id, input);
  const bookingId = await repo.claimIdempotencyKey(
    tx,
    professional.id,
    { idempotencyKey: input.idempotencyKey, requestFingerprint },
    now,
  );
  if (!bookingId) {
    // Sent before: the first request committed its answer (or we waited until it did).
    const stored = await repo.findStoredRequest(tx, professional.id, input.idempotencyKey);
    if (!stored?.response) throw new Error('an idempotency key was claimed without its answer');
    // Another request under a used key: its first answer would describe another booking.
    if (stored.requestFingerprint !== requestFingerprint) {
      throw new AppError('IDEMPOTENCY_KEY_REUSED', IDEMPOTENCY_KEY_REUSED_MESSAGE);
    }
    return stored.response;
  }

  const services = requireBookableServices(catalog, input.serviceIds);
  // Every rule is checked again under the professional's lock, read from this transaction: a
  // day closed, time off or rules saved just before are seen (docs/decisions/009-real-week.md).
  // Shared between bookings, unless a daily cap makes them count each other (the cached rules
  // choose; a cap set a moment ago is caught by the fresh read).
  const capped = catalog.schedule.rules.maxBookingsPerDay !== null;
  await lockProfessional(tx, professional.id, capped ? 'exclusive' : 'share');
  let schedule = await loadSchedule(tx, professional.id, input.date);
  if (!capped && schedule.rules.maxBookingsPerDay !== null) {
    await lockProfessional(tx, professional.id, 'exclusive');
    schedule = await loadSchedule(tx, professional.id, input.date);
  }
  requireNotPaused(schedule);
  const offered = await computeSlots(reads, catalog, {
    date: input.date,
    services,
    now,
    busy: false,
    schedule,
  });
  const plan = planConsecutiveAppointments(input.time, services);
  if (!offered.includes(input.time) || !plan) {
    throw new AppError('SLOT_UNAVAILABLE', SLOT_UNAVAILABLE_MESSAGE);
  }
  await consumeBookedMinutes(
    tx,
    deps.clock,
    visitorKey(deps.ip, professional.id),
    sumDurations(services),
  );

  const client = await findOrCreateClientByEmail({ db: tx, clock: deps.clock }, professional.id, {
    name: input.clientName,
    email: input.clientEmail,
    phone: input.clientPhone,
  });
  const inserted = await insertBookedAppointments(
    { db: tx },
    professional.id,
    plan.map((step, index) => ({
      clientId: client.id,
      serviceId: step.service.id,
      appointmentDate: input.date,
      startTime: step.startTime,
      endTime: step.endTime,
      totalPrice: step.service.price,
      // No buffer between the services of one booking; the last one's follows it.
      bufferMinutes: index === plan.length - 1 ? step.service.bufferMinutes : 0,
      notes: input.notes,
    })),
  );
  const appointments = inserted.map((row, index) => ({
    id: row.id,
    serviceName: plan[index]!.service.name,
    startTime: row.startTime,
    endTime: row.endTime,
    priceCents: toCents(plan[index]!.service.price),
  }));
  const response: BookingResponse = {
    bookingId,
    date: input.date,
    time: input.time,
    appointments,
    totalPriceCents: sumPriceCents(appointments),
  };
  await repo.storeResponse(tx, professional.id, bookingId, response);
  await queueMails(tx, deps, { professional, input, response, now });
  return response;
}

async function queueMails(
  tx: Db,
  deps: BookingDeps,
  booking: {
    professional: BookableProfessional;
    input: ParsedBooking;
    response: BookingResponse;
    now: Date;
  },
): Promise<void> {
  const { professional, input, response, now } = booking;
  const ics = buildIcs({
    timeZone: professional.timezone,
    now,
    events: response.appointments.map((appointment) => ({
      uid: `${appointment.id}@agendaki`,
      date: response.date,
      startTime: appointment.startTime,
      endTime: appointment.endTime,
      summary: `${appointment.serviceName} - ${professional.businessName}`,
      description: `Profissional: ${professional.professionalName}`,
    })),
  });
  const data: BookingMailData = {
    businessName: professional.businessName,
    professionalName: professional.professionalName,
    professionalEmail: professional.email,
    professionalPhone: professional.phone,
    clientName: input.clientName,
    clientEmail: input.clientEmail,
    clientPhone: input.clientPhone,
    notes: input.notes,
    date: response.date,
    appointments: response.appointments,
    totalPriceCents: response.totalPriceCents,
    agendaLink: `${deps.publicUrl}/dashboard/appointments`,
    ics,
  };
  // Nobody reads the demo professional's mailbox (features/demo).
  const mails = isDemoProfessional(professional.userId)
    ? [renderClientConfirmation(data)]
    : [renderClientConfirmation(data), renderProfessionalNotice(data)];
  await enqueueMails({ db: tx }, mails, now);
}
