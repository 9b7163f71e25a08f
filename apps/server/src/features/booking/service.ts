import {
  IDEMPOTENCY_KEY_REUSED_MESSAGE,
  MOBILE_REQUIRED_MESSAGE,
  PROFESSIONAL_NOT_FOUND_MESSAGE,
  SLOT_TAKEN_MESSAGE,
  sumDurations,
  sumPriceCents,
  toCents,
  type bookingInputSchema,
  type BookingResponse,
} from '@agendaki/shared';
import type { z } from 'zod';
import type { BookingDeps } from './types';
import type { Db } from '../../db/client';
import { sendJobs } from '../../db/queue';
import { AppError, getSqlState, SQLSTATE } from '../../lib/errors';
import { addBookedAppointments, newBookingReminderJob } from '../appointments/service';
import { clientOfContact } from '../clients/service';
import { isDemoProfessional } from '../../lib/demo';
import { getDepositCharge, openDeposit, planDeposit } from '../deposits/service';
import { pushEventJob } from '../push/service';
import { brazilianMobile } from '../../lib/phone';
import { ensureManageLink, newBookingLink } from '../manage/service';
import { newBookingWhatsappJob } from '../whatsapp/service';
import {
  planOfferedTime,
  professionalLock,
  requireBookableProfessional,
  requireBookableServices,
} from '../public-profile/service';
import { bookingFingerprint } from './fingerprint';
import { holdCapsCheck, visitorHash } from './holds';
import { bookedMinutesCount, visitorKey } from './limits';
import { queueMails } from './outbox-mails';
import { prechargeDeposit, type PrechargedDeposit } from './precharge';
import * as repo from './repo';

export type ParsedBooking = z.output<typeof bookingInputSchema>;

export type { BookingDeps } from './types';

// What the waiting list's public form shares with the booking's (features/waitlist).
export { requireSolvedPow, type PowDifficulty, type PowSecrets } from './pow';
export { BOOKING_LIMITS, visitorKey } from './limits';
export { visitorHash } from './holds';

/**
 * A public booking (docs/product.md, Booking several services), in one transaction: the
 * professional and the slot are checked again, the idempotency key is claimed with the
 * request's fingerprint, the visitor's booked minutes are counted (features/booking/limits.ts),
 * the client is matched by e-mail or created, one appointment per service is written back to
 * back, and both mails go to the outbox with their delivery jobs. The exclusion constraint has
 * the last word on overlaps: its 23P01 (or a deadlock between two overlapping bookings) rolls
 * everything back and becomes SLOT_TAKEN.
 */
export async function createBooking(
  deps: BookingDeps,
  input: ParsedBooking,
): Promise<BookingResponse> {
  const now = deps.clock.now();
  const dynamic = await prechargeDeposit(deps, input, now);
  try {
    const { response, isNew } = await deps.db.transaction((tx) =>
      book(tx, deps, input, now, dynamic),
    );
    if (isNew) deps.onBooked?.();
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
  dynamic: PrechargedDeposit | null,
): Promise<{ response: BookingResponse; isNew: boolean }> {
  const reads = { db: tx, cache: deps.cache };
  const catalog = await requireBookableProfessional(reads, input.professionalId, now, 'id');
  const professional = catalog.profile;
  // E-mail required (the default), or phone-first: then a Brazilian mobile is required.
  const mobile = brazilianMobile(input.clientPhone);
  if (professional.clientEmailRequired && !input.clientEmail) {
    throw new AppError('VALIDATION', 'Email inválido');
  }
  if (!professional.clientEmailRequired && !mobile) {
    throw new AppError('VALIDATION', MOBILE_REQUIRED_MESSAGE);
  }
  const requestFingerprint = bookingFingerprint(professional.id, input);
  const visitor = visitorHash(deps.manageKey, deps.ip, professional.id);
  // The professional's lock is taken by the claim's own statement; the rules are read after it.
  // The client is found or created in that statement too, once the key is claimed (a retry
  // writes none): a client read needs no lock, the e-mail's unique index guards it.
  const lock = professionalLock(reads, catalog);
  const client = clientOfContact(
    { db: tx, clock: deps.clock },
    professional.id,
    { name: input.clientName, email: input.clientEmail, phone: input.clientPhone, mobile },
    repo.WHEN_CLAIMED,
  );
  const { isLocked, bookingId, row } = await repo.claimIdempotencyKey(
    tx,
    professional.id,
    { idempotencyKey: input.idempotencyKey, requestFingerprint, visitorHash: visitor },
    now,
    lock.query,
    client,
  );
  // Deleted since the catalog was cached.
  if (!isLocked) throw new AppError('NOT_FOUND', PROFESSIONAL_NOT_FOUND_MESSAGE);
  if (!bookingId) {
    // Sent before: the first request committed its answer (or we waited until it did).
    const stored = await repo.findStoredRequest(tx, professional.id, input.idempotencyKey);
    if (!stored?.response) throw new Error('an idempotency key was claimed without its answer');
    // Another request under a used key: its first answer would describe another booking.
    if (stored.requestFingerprint !== requestFingerprint) {
      throw new AppError('IDEMPOTENCY_KEY_REUSED', IDEMPOTENCY_KEY_REUSED_MESSAGE);
    }
    // The link is never stored in clear: computed again from the booking's row.
    const manageUrl = await ensureManageLink(
      { db: tx, key: deps.manageKey, publicUrl: deps.publicUrl },
      professional.id,
      stored.response.bookingId,
      now,
    );
    const deposit = await getDepositCharge(
      { db: tx },
      professional.id,
      stored.response.bookingId,
      professional.timezone,
    );
    return {
      response: { ...stored.response, manageUrl, ...(deposit ? { deposit } : {}) },
      isNew: false,
    };
  }

  const services = requireBookableServices(catalog, input.serviceIds);
  const plan = await planOfferedTime(reads, catalog, {
    ...input,
    services,
    now,
    locked: lock.mode,
  });

  const { id: clientId } = await client.resolve(row);
  // A Pix sinal, when the professional asks for one: the time is held as "Aguardando sinal".
  const depositPlan = planDeposit(
    catalog.payment.settings,
    sumPriceCents(plan.map((step) => ({ priceCents: toCents(step.service.price) }))),
  );
  await deps.beforeInsert?.(tx);
  // An overlap fails this insert: 23P01, SLOT_TAKEN.
  const inserted = await addBookedAppointments(
    { db: tx },
    professional.id,
    plan.map((step, index) => ({
      bookingId,
      clientId,
      serviceId: step.service.id,
      appointmentDate: input.date,
      startTime: step.startTime,
      endTime: step.endTime,
      totalPrice: step.service.price,
      // No buffer between the services of one booking; the last one's follows it.
      bufferMinutes: index === plan.length - 1 ? step.service.bufferMinutes : 0,
      notes: input.notes,
    })),
    depositPlan ? 'awaiting_deposit' : 'scheduled',
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
  // The answer is stored with the manage link's row and the visitor's booked minutes, and the
  // day's holds are read in that statement, after the appointments (docs/decisions/027): over
  // the minutes' limit 429, over a cap 409, and all of it is rolled back.
  const link = newBookingLink(
    { db: tx, key: deps.manageKey, publicUrl: deps.publicUrl },
    professional.id,
    bookingId,
    now,
  );
  const minutes = bookedMinutesCount(
    tx,
    deps.clock,
    visitorKey(deps.ip, professional.id),
    sumDurations(services),
  );
  const holds = holdCapsCheck(tx, {
    professionalId: professional.id,
    date: input.date,
    unpaid: depositPlan !== null,
    clientId,
    visitorHash: visitor,
    now,
  });
  const stored = await repo.storeResponse(tx, professional.id, bookingId, response, {
    link: link.insert,
    minutes: minutes.query,
    holds: holds.query,
  });
  minutes.refuse(stored.minutes);
  holds.refuse(stored.holds);
  const manageUrl = link.url;
  const deposit = depositPlan
    ? await openDeposit(
        tx,
        depositPlan,
        { professionalId: professional.id, bookingId, timeZone: professional.timezone },
        now,
        dynamic,
      )
    : null;
  const mailJobs = await queueMails({ db: tx }, deps.publicUrl, {
    professional,
    input,
    response,
    now,
    manageUrl,
    clientId,
    deposit,
  });
  const reminder = newBookingReminderJob({
    professionalId: professional.id,
    bookingId,
    start: { date: input.date, time: input.time },
    timeZone: professional.timezone,
    reminderHours: isDemoProfessional(professional.userId) ? 0 : professional.reminderHours,
    now,
  });
  const whatsapp = newBookingWhatsappJob(
    deps.whatsapp === true && !isDemoProfessional(professional.userId),
    professional.id,
    bookingId,
  );
  // The professional's phones buzz (features/push): a job with the others.
  const push = pushEventJob(
    { professionalId: professional.id, kind: deps.pushKind ?? 'booking_created', bookingId },
    now,
  );
  // The reminder's, the WhatsApp confirmation's, the push's and the mails' jobs in one pg-boss
  // call, in this transaction.
  await sendJobs(tx, [
    ...(reminder ? [reminder] : []),
    ...(whatsapp ? [whatsapp] : []),
    push,
    ...mailJobs,
  ]);
  return { response: { ...response, manageUrl, ...(deposit ? { deposit } : {}) }, isNew: true };
}
