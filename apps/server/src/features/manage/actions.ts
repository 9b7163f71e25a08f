// The client's actions by token: confirm, cancel and reschedule (with its idempotency key).
import {
  IDEMPOTENCY_KEY_REUSED_MESSAGE,
  type ManageRescheduleInput,
  type ManageView,
  SLOT_TAKEN_MESSAGE,
} from '@agendaki/shared';
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError, getSqlState, SQLSTATE } from '../../lib/errors';
import { moveBooking, replanBookingReminder, setBookingStatus } from '../appointments/service';
import { cancelPendingDeposit } from '../deposits/service';
import {
  computeSlots,
  planOfferedTime,
  requireBookableProfessional,
  requireBookableServices,
} from '../public-profile/service';
import { findByToken, invalidLink, type ManageDeps, type ManagePublicDeps } from './link';
import * as repo from './repo';
import { getManageView, openBooking, planNotice, requireChangeable } from './view';

/** "Confirmar presença": the booking's scheduled appointments become Confirmado. */
export async function confirmByToken(deps: ManageDeps, token: string): Promise<ManageView> {
  await deps.db.transaction(async (tx) => {
    const scoped = { ...deps, db: tx };
    const booking = await openBooking(scoped, token);
    requireChangeable(booking);
    const { professionalId, bookingId } = booking.link;
    const changed = await setBookingStatus(
      scoped,
      professionalId,
      bookingId,
      ['scheduled'],
      'confirmed',
    );
    if (changed > 0) await planNotice(tx, deps, booking, 'booking_confirmed');
  });
  return getManageView(deps, token);
}

/** "Cancelar": every live appointment of the booking is cancelled, its time freed. */
export async function cancelByToken(deps: ManagePublicDeps, token: string): Promise<ManageView> {
  const professionalId = await deps.db.transaction(async (tx) => {
    const scoped = { ...deps, db: tx };
    const booking = await openBooking(scoped, token);
    requireChangeable(booking);
    const { professionalId, bookingId } = booking.link;
    await setBookingStatus(
      scoped,
      professionalId,
      bookingId,
      ['scheduled', 'confirmed', 'awaiting_deposit'],
      'cancelled',
    );
    // A sinal still pending is cancelled with the booking, and its deadline's job.
    await cancelPendingDeposit(tx, professionalId, bookingId, deps.clock.now());
    await replanBookingReminder(scoped, professionalId, bookingId);
    await planNotice(tx, deps, booking, 'booking_cancelled');
    return professionalId;
  });
  deps.cache.changed(professionalId, 'appointments');
  return getManageView(deps, token);
}

/** The starts offered for the booking's services on `date` (the public slot rule). */
export async function listRescheduleSlots(
  deps: ManagePublicDeps,
  token: string,
  date: string,
): Promise<{ date: string; slots: string[] }> {
  const booking = await openBooking(deps, token);
  requireChangeable(booking);
  const now = deps.clock.now();
  const reads = { db: deps.db, cache: deps.cache };
  const catalog = await requireBookableProfessional(reads, booking.profile.id, now, 'id');
  const services = requireBookableServices(
    catalog,
    booking.live.map((a) => a.serviceId),
  );
  const slots = await computeSlots(reads, catalog, { date, services, now, busy: true });
  return { date, slots };
}

function rescheduleFingerprint(bookingId: string, input: { date: string; time: string }) {
  return createHash('sha256')
    .update(JSON.stringify([bookingId.toLowerCase(), input.date, input.time]))
    .digest('hex');
}

type RescheduleInput = z.output<z.ZodType<ManageRescheduleInput>>;

/**
 * "Remarcar": the same services, back to back, at another offered start, in one transaction
 * with a booking's guarantees: the idempotency key (the same request again changes nothing,
 * another request under the key is 422), every rule re-read under the professional's lock,
 * the exclusion constraint deciding races (23P01 → "Este horário acabou de ser reservado").
 */
export async function rescheduleByToken(
  deps: ManagePublicDeps,
  token: string,
  input: RescheduleInput,
): Promise<ManageView> {
  let professionalId: string | undefined;
  try {
    professionalId = await deps.db.transaction((tx) => reschedule(tx, deps, token, input));
  } catch (error) {
    const state = getSqlState(error);
    if (state === SQLSTATE.EXCLUSION_VIOLATION || state === SQLSTATE.DEADLOCK_DETECTED) {
      throw new AppError('SLOT_TAKEN', SLOT_TAKEN_MESSAGE);
    }
    throw error;
  }
  if (professionalId) deps.cache.changed(professionalId, 'appointments');
  return getManageView(deps, token);
}

async function reschedule(
  tx: Db,
  deps: ManagePublicDeps,
  token: string,
  input: RescheduleInput,
): Promise<string | undefined> {
  const scoped = { ...deps, db: tx };
  const now = deps.clock.now();
  const link = await findByToken(scoped, token);
  if (!link) throw invalidLink();
  const requestFingerprint = rescheduleFingerprint(link.bookingId, input);
  const claimed = await repo.claimRequestKey(
    tx,
    {
      professionalId: link.professionalId,
      bookingId: link.bookingId,
      idempotencyKey: input.idempotencyKey,
      requestFingerprint,
    },
    now,
  );
  if (!claimed) {
    const stored = await repo.findRequest(tx, link.professionalId, input.idempotencyKey);
    if (stored?.requestFingerprint !== requestFingerprint || stored.bookingId !== link.bookingId) {
      throw new AppError('IDEMPOTENCY_KEY_REUSED', IDEMPOTENCY_KEY_REUSED_MESSAGE);
    }
    return undefined; // Done before: the view shows the result.
  }
  const booking = await openBooking(scoped, token);
  requireChangeable(booking);
  const reads = { db: tx, cache: deps.cache };
  const catalog = await requireBookableProfessional(reads, link.professionalId, now, 'id');
  const services = requireBookableServices(
    catalog,
    booking.live.map((a) => a.serviceId),
  );
  const plan = await planOfferedTime(reads, catalog, { ...input, services, now });
  await planNotice(tx, deps, booking, 'booking_rescheduled');
  await moveBooking(
    scoped,
    link.professionalId,
    link.bookingId,
    plan.map((step, index) => ({
      id: booking.live[index]!.id,
      appointmentDate: input.date,
      startTime: step.startTime,
      endTime: step.endTime,
      // A pending sinal keeps holding the new time; its deadline stays (decision 017).
      status:
        booking.live[index]!.status === 'awaiting_deposit'
          ? ('awaiting_deposit' as const)
          : ('scheduled' as const),
    })),
  );
  await replanBookingReminder(scoped, link.professionalId, link.bookingId);
  await repo.storeRequestResponse(tx, link.professionalId, input.idempotencyKey, {
    date: input.date,
    time: input.time,
  });
  return link.professionalId;
}
