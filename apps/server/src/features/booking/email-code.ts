import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  EMAIL_CODE_ATTEMPTS_MESSAGE,
  EMAIL_CODE_EXPIRED_MESSAGE,
  EMAIL_CODE_INVALID_MESSAGE,
  EMAIL_CODE_LENGTH,
  EMAIL_CODE_REQUIRED_EMAIL_MESSAGE,
  SLOT_UNAVAILABLE_MESSAGE,
  type BookingCodeSent,
  type BookingResponse,
} from '@agendaki/shared';
import { AppError } from '../../lib/errors';
import { enqueueMails } from '../mail/service';
import type { ProfessionalCatalog } from '../public-profile/service';
import { computeSlots, requireBookableServices } from '../public-profile/service';
import { renderBookingCodeMail } from './code-mail';
import * as repo from './repo';
import { createBooking, type BookingDeps, type ParsedBooking } from './service';

/**
 * "Confirmar por código" (docs/decisions/028-booking-gates.md): with the professional's switch
 * on, the booking form sends a 6-digit code to the client's e-mail and holds nothing; the booking
 * is made, under every rule again, only when the code comes back. The code is kept as an HMAC
 * (a copy of the table gives no code), expires, and allows a few attempts.
 */
export const EMAIL_CODE_TTL_MINUTES = 10;
export const EMAIL_CODE_MAX_ATTEMPTS = 5;

/** The codes' HMAC key, derived from the server secret every instance shares (auth's). */
export function deriveCodeKey(serverSecret: string): Buffer {
  return createHmac('sha256', serverSecret).update('agendaki:booking-code-key:v1').digest();
}

function hashCode(key: Buffer, id: string, code: string): string {
  return createHmac('sha256', key).update(`${id}:${code}`).digest('hex');
}

/** "ma***@exemplo.com.br": enough for the client to recognise their address. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, Math.min(2, Math.max(at, 0)))}***${email.slice(at)}`;
}

export type CodeDeps = BookingDeps & { codeKey: Buffer };

/**
 * Sends the code for a booking request and stores the request. The time is checked against
 * the offered ones now, so nobody waits for a code for a time already gone; it is checked
 * again, with every rule, when the code comes back.
 */
export async function sendBookingCode(
  deps: CodeDeps,
  catalog: ProfessionalCatalog,
  input: ParsedBooking,
): Promise<BookingCodeSent> {
  const email = input.clientEmail;
  if (!email) throw new AppError('VALIDATION', EMAIL_CODE_REQUIRED_EMAIL_MESSAGE);
  const now = deps.clock.now();
  const services = requireBookableServices(catalog, input.serviceIds);
  const reads = { db: deps.db, cache: deps.cache };
  const slots = await computeSlots(reads, catalog, { date: input.date, services, now, busy: true });
  if (!slots.includes(input.time)) throw new AppError('SLOT_UNAVAILABLE', SLOT_UNAVAILABLE_MESSAGE);

  const id = randomUUID();
  const code = String(randomInt(0, 10 ** EMAIL_CODE_LENGTH)).padStart(EMAIL_CODE_LENGTH, '0');
  const expiresAt = new Date(now.getTime() + EMAIL_CODE_TTL_MINUTES * 60_000);
  const { pow: _pow, ...request } = input;
  const professional = catalog.profile;
  await deps.db.transaction(async (tx) => {
    await repo.insertBookingCode(tx, {
      id,
      professionalId: professional.id,
      codeHash: hashCode(deps.codeKey, id, code),
      request,
      expiresAt,
    });
    const mail = renderBookingCodeMail({
      to: email,
      clientName: input.clientName,
      businessName: professional.businessName,
      date: input.date,
      time: input.time,
      code,
      minutes: EMAIL_CODE_TTL_MINUTES,
    });
    await enqueueMails({ db: tx }, [mail], now, { professionalId: professional.id });
  });
  return {
    status: 'code_sent',
    verificationId: id,
    email: maskEmail(email),
    expiresAt: expiresAt.toISOString(),
  };
}

/**
 * The code typed by the client: right, unexpired and within its attempts, the stored request
 * is booked (createBooking: every rule, the idempotency key, the 409 of a time taken meanwhile).
 * Confirming again after success answers the same booking (its idempotency key).
 */
export async function confirmBookingCode(
  deps: CodeDeps,
  input: { professionalId: string; verificationId: string; code: string },
): Promise<BookingResponse> {
  const professionalId = input.professionalId.toLowerCase();
  const id = input.verificationId.toLowerCase();
  const row = await repo.findBookingCode(deps.db, professionalId, id);
  if (!row || row.expiresAt.getTime() <= deps.clock.now().getTime()) {
    throw new AppError('EMAIL_CODE_EXPIRED', EMAIL_CODE_EXPIRED_MESSAGE);
  }
  if (!(await repo.spendCodeAttempt(deps.db, professionalId, id, EMAIL_CODE_MAX_ATTEMPTS))) {
    throw new AppError('EMAIL_CODE_ATTEMPTS', EMAIL_CODE_ATTEMPTS_MESSAGE);
  }
  const expected = Buffer.from(row.codeHash, 'hex');
  const presented = Buffer.from(hashCode(deps.codeKey, id, input.code), 'hex');
  if (expected.length !== presented.length || !timingSafeEqual(expected, presented)) {
    throw new AppError('EMAIL_CODE_INVALID', EMAIL_CODE_INVALID_MESSAGE);
  }
  const booking = await createBooking(deps, row.request as ParsedBooking);
  if (!row.confirmedAt) await repo.markCodeConfirmed(deps.db, professionalId, id, deps.clock.now());
  return booking;
}
