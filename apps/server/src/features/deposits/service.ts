/**
 * Pix sinal (docs/decisions/017-pix-sinal.md). Every change of a deposit is a conditional
 * UPDATE from 'pending' (repo.settlePending) in the transaction that also changes its booking,
 * so a confirmation and the deadline racing give one outcome: whichever updates the row first;
 * the other waits on the row lock and finds it settled.
 */
import {
  DEPOSIT_CANCELLED_MESSAGE,
  DEPOSIT_EXPIRED_MESSAGE,
  DEPOSIT_NOT_FOUND_MESSAGE,
  depositAmountCents,
  type DepositCharge,
  type DepositStatus,
  type PaymentSettings,
  zonedNow,
} from '@agendaki/shared';
import type { Db } from '../../db/client';
import { cancelJobAt, sendJobAt } from '../../db/queue';
import { planPushEvent } from '../push/service';
import { DEPOSIT_QUEUE } from '../../db/queues';
import { isDemoProfessional } from '../../lib/demo';
import { AppError } from '../../lib/errors';
import {
  listBookingAppointments,
  replanBookingReminder,
  setBookingStatus,
} from '../appointments/service';
import { enqueueMails } from '../mail/service';
import { findPublicProfileById } from '../profile/service';
import { buildDepositCharge, qrSvgOf } from './charge';
import { type DepositJobData, depositJobKey, type DepositsDeps, type DepositSource } from './deps';
import { type DepositMailData, renderDepositExpired, renderDepositReceived } from './mails';
import * as repo from './repo';

export { getPaymentSettings, savePaymentSettings } from './settings';
export { type DepositJobData, depositJobKey, type DepositsDeps, type DepositSource } from './deps';
export {
  deadlineText,
  expiredDepositBookingIds,
  getDepositOverview,
  listDepositsOfBookings,
} from './overview';

// ------------------------------------------------------------ at booking time

export interface DepositPlan {
  settings: PaymentSettings;
  amountCents: number;
}

/**
 * The sinal a booking of `totalCents` asks for under `settings` (the professional's, as the
 * public read cache keeps them: features/public-profile), or null (none configured, or nothing
 * to pay).
 */
export function planDeposit(settings: PaymentSettings, totalCents: number): DepositPlan | null {
  const amountCents = depositAmountCents(settings, totalCents);
  return amountCents > 0 ? { settings, amountCents } : null;
}

/**
 * Opens the booking's sinal in `db`'s transaction (the booking's): the charge is built, the
 * deposit stored pending with its deadline (now + the window), and the deadline's job sent with
 * the booking's key, so it exists once, if and only if the booking commits.
 */
export async function openDeposit(
  db: Db,
  plan: DepositPlan,
  booking: { professionalId: string; bookingId: string; timeZone: string },
  now: Date,
  /**
   * A PSP's dynamic charge made before the transaction (features/pix-provider/charge.ts), used
   * when it is for this very amount; otherwise the static code.
   */
  dynamic?: { txid: string; brCode: string; amountCents: number } | null,
): Promise<DepositCharge> {
  const { settings, amountCents } = plan;
  const charge =
    dynamic && dynamic.amountCents === amountCents
      ? { txid: dynamic.txid, brCode: dynamic.brCode, qrSvg: await qrSvgOf(dynamic.brCode) }
      : await buildDepositCharge({
          pixKeyType: settings.pixKeyType,
          pixKey: settings.pixKey,
          beneficiaryName: settings.beneficiaryName,
          beneficiaryCity: settings.beneficiaryCity,
          amountCents,
          bookingId: booking.bookingId,
        });
  const deadline = new Date(now.getTime() + settings.windowMinutes * 60_000);
  await repo.insertDeposit(
    db,
    {
      professionalId: booking.professionalId,
      bookingId: booking.bookingId,
      amountCents,
      txid: charge.txid,
      brCode: charge.brCode,
      deadline,
    },
    now,
  );
  const data: DepositJobData = {
    professionalId: booking.professionalId.toLowerCase(),
    bookingId: booking.bookingId.toLowerCase(),
  };
  await sendJobAt(
    db,
    DEPOSIT_QUEUE,
    depositJobKey(booking.professionalId, booking.bookingId),
    deadline,
    data,
  );
  return {
    status: 'pending',
    amountCents,
    brCode: charge.brCode,
    qrSvg: charge.qrSvg,
    deadline: deadline.toISOString(),
    deadlineTime: zonedNow(deadline, booking.timeZone).time,
  };
}

/** The booking's charge as the client sees it (manage page, a booking answered again). */
export async function getDepositCharge(
  { db }: Pick<DepositsDeps, 'db'>,
  professionalId: string,
  bookingId: string,
  timeZone: string,
): Promise<DepositCharge | null> {
  const row = await repo.findDeposit(db, professionalId, bookingId);
  if (!row) return null;
  return {
    status: row.status as DepositStatus,
    amountCents: row.amountCents,
    brCode: row.brCode,
    qrSvg: row.status === 'pending' ? await qrSvgOf(row.brCode) : '',
    deadline: row.deadline.toISOString(),
    deadlineTime: zonedNow(row.deadline, timeZone).time,
  };
}

// ------------------------------------------------------------ confirmation, expiry, cancel

/** The sinal a PSP's charge is about, by the txid it was made with (features/pix-provider). */
export async function findDepositByTxid(
  { db }: Pick<DepositsDeps, 'db'>,
  professionalId: string,
  txid: string,
): Promise<{ bookingId: string; amountCents: number; status: DepositStatus } | undefined> {
  const row = await repo.findDepositByTxid(db, professionalId, txid);
  return row
    ? {
        bookingId: row.bookingId,
        amountCents: row.amountCents,
        status: row.status as DepositStatus,
      }
    : undefined;
}

export interface ConfirmDepositInput {
  professionalId: string;
  bookingId: string;
  source: DepositSource;
}

/**
 * "Sinal recebido" (source 'manual') or a PSP's paid notice ('psp'): the deposit becomes
 * received, the booking's appointments awaiting it become confirmed, the client is e-mailed, the
 * deadline's job is cancelled; all in one transaction. Idempotent: a deposit already received
 * answers the same without changing anything. An expired or cancelled one is refused (409);
 * another professional's booking is not found (404).
 */
export async function confirmDeposit(
  deps: DepositsDeps,
  input: ConfirmDepositInput,
): Promise<{ status: 'received'; changed: boolean }> {
  const { professionalId, bookingId, source } = input;
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const changed = await repo.settlePending(
      tx,
      professionalId,
      bookingId,
      'received',
      source,
      now,
    );
    if (!changed) {
      const row = await repo.findDeposit(tx, professionalId, bookingId);
      if (!row) throw new AppError('NOT_FOUND', DEPOSIT_NOT_FOUND_MESSAGE);
      if (row.status === 'received') return { status: 'received' as const, changed: false };
      if (row.status === 'expired') throw new AppError('CONFLICT', DEPOSIT_EXPIRED_MESSAGE);
      throw new AppError('CONFLICT', DEPOSIT_CANCELLED_MESSAGE);
    }
    const scoped = { db: tx, clock: deps.clock };
    await setBookingStatus(scoped, professionalId, bookingId, ['awaiting_deposit'], 'confirmed');
    await cancelJobAt(tx, DEPOSIT_QUEUE, depositJobKey(professionalId, bookingId));
    const mail = await mailData(tx, professionalId, bookingId);
    if (mail) {
      await enqueueMails({ db: tx }, [renderDepositReceived(mail)], now, {
        professionalId,
        clientId: mail.clientId,
      });
    }
    // A PSP's notice is news to the professional; her own "Sinal recebido" is not.
    if (source === 'psp') {
      await planPushEvent(tx, { professionalId, kind: 'deposit_received', bookingId }, now);
    }
    return { status: 'received' as const, changed: true };
  });
}

/**
 * The deadline's job (jobs.ts): a sinal still pending expires, the booking's appointments
 * awaiting it are cancelled (their time freed by the occupied_times trigger), the reminder is
 * dropped and the client e-mailed. True when this call expired it; a second run (a retry,
 * another instance) finds it settled and does nothing.
 */
export async function expireDeposit(
  deps: DepositsDeps,
  input: { professionalId: string; bookingId: string },
): Promise<boolean> {
  const { professionalId, bookingId } = input;
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const row = await repo.findDeposit(tx, professionalId, bookingId);
    // Run early (a clock moved back, a job from before a reschedule): not yet.
    if (!row || row.status !== 'pending' || row.deadline.getTime() > now.getTime()) return false;
    const changed = await repo.settlePending(tx, professionalId, bookingId, 'expired', null, now);
    if (!changed) return false;
    const scoped = { db: tx, clock: deps.clock };
    const cancelled = await setBookingStatus(
      scoped,
      professionalId,
      bookingId,
      ['awaiting_deposit'],
      'cancelled',
    );
    if (cancelled === 0) return true; // The professional had changed the booking already.
    await replanBookingReminder(scoped, professionalId, bookingId);
    await planPushEvent(tx, { professionalId, kind: 'deposit_expired', bookingId }, now);
    const mail = await mailData(tx, professionalId, bookingId);
    if (mail) {
      await enqueueMails({ db: tx }, [renderDepositExpired(mail)], now, {
        professionalId,
        clientId: mail.clientId,
      });
    }
    return true;
  });
}

/**
 * The client cancelled a booking whose sinal is pending (features/manage), in `db`'s
 * transaction: the deposit is cancelled and its deadline's job with it.
 */
export async function cancelPendingDeposit(
  db: Db,
  professionalId: string,
  bookingId: string,
  now: Date,
): Promise<void> {
  const changed = await repo.settlePending(db, professionalId, bookingId, 'cancelled', null, now);
  if (changed) await cancelJobAt(db, DEPOSIT_QUEUE, depositJobKey(professionalId, bookingId));
}

async function mailData(
  db: Db,
  professionalId: string,
  bookingId: string,
): Promise<(DepositMailData & { clientId: string }) | undefined> {
  // One after the other: `db` is a transaction, one connection.
  const profile = await findPublicProfileById({ db }, professionalId);
  const appointments = await listBookingAppointments({ db }, professionalId, bookingId);
  const row = await repo.findDeposit(db, professionalId, bookingId);
  const first = appointments[0];
  if (!profile || !first || !row || !first.client.email) return undefined;
  if (isDemoProfessional(profile.userId)) return undefined;
  return {
    to: first.client.email,
    clientId: first.clientId,
    clientName: first.client.name,
    businessName: profile.businessName,
    professionalName: profile.professionalName,
    date: first.appointmentDate,
    startTime: first.startTime,
    services: appointments.map((a) => a.service.name),
    amountCents: row.amountCents,
  };
}
