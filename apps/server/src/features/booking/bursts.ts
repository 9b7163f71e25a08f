import {
  BURST_NOT_FOUND_MESSAGE,
  formatTime,
  zonedToday,
  type BookingBurst,
} from '@agendaki/shared';
import { and, count, eq, gte, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookingRequests } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { liveAppointmentsOfBookings } from '../appointments/service';
import { setBookingStatus } from '../appointments/service';
import { cancelPendingDeposit } from '../deposits/service';
import type { PublicReadCache } from '../public-profile/service';

const HOUR = 3_600_000;

/**
 * "Agendamentos suspeitos" (docs/decisions/027-booking-hold-caps.md): public bookings from one
 * address (its HMAC, features/booking/holds.ts) within BURST_WINDOW, BURST_MIN or more of them
 * still live. A family books two or three; a script, many.
 */
export const BURST_MIN = 3;
export const BURST_WINDOW_MS = 24 * HOUR;

export interface BurstDeps {
  db: Db;
  clock: Clock;
  cache: PublicReadCache;
}

async function burstBookingIds(db: Db, professionalId: string, since: Date, hash?: string) {
  const rows = await db
    .select({ hash: bookingRequests.visitorHash, id: bookingRequests.id })
    .from(bookingRequests)
    .where(
      and(
        eq(bookingRequests.professionalId, professionalId),
        gte(bookingRequests.createdAt, since),
        hash ? eq(bookingRequests.visitorHash, hash) : isNotNull(bookingRequests.visitorHash),
        // Only addresses with BURST_MIN bookings or more in the window.
        sql`${bookingRequests.visitorHash} IN (${db
          .select({ hash: bookingRequests.visitorHash })
          .from(bookingRequests)
          .where(
            and(
              eq(bookingRequests.professionalId, professionalId),
              gte(bookingRequests.createdAt, since),
              isNotNull(bookingRequests.visitorHash),
            ),
          )
          .groupBy(bookingRequests.visitorHash)
          .having(gte(count(), BURST_MIN))})`,
      ),
    );
  return rows;
}

/** The professional's bursts, newest first, each with its bookings still live (today on). */
export async function listBursts(
  deps: Pick<BurstDeps, 'db' | 'clock'>,
  professionalId: string,
  timeZone: string,
): Promise<BookingBurst[]> {
  const now = deps.clock.now();
  const rows = await burstBookingIds(
    deps.db,
    professionalId,
    new Date(now.getTime() - BURST_WINDOW_MS),
  );
  const hashOf = new Map(rows.map((row) => [row.id, row.hash!]));
  const live = await liveAppointmentsOfBookings(
    deps.db,
    professionalId,
    rows.map((row) => row.id),
    zonedToday(now, timeZone),
  );
  const bursts = new Map<string, BookingBurst>();
  const seen = new Set<string>();
  for (const appointment of live) {
    const bookingId = appointment.bookingId!;
    // One line per booking: its first live appointment.
    if (seen.has(bookingId)) continue;
    seen.add(bookingId);
    const id = hashOf.get(bookingId)!;
    const createdAt = appointment.createdAt.toISOString();
    const burst = bursts.get(id) ?? { id, firstAt: createdAt, lastAt: createdAt, bookings: [] };
    burst.bookings.push({
      bookingId,
      clientName: appointment.clientName,
      date: appointment.date,
      startTime: formatTime(appointment.startTime),
      status: appointment.status,
      createdAt,
    });
    if (createdAt < burst.firstAt) burst.firstAt = createdAt;
    if (createdAt > burst.lastAt) burst.lastAt = createdAt;
    bursts.set(id, burst);
  }
  return [...bursts.values()]
    .filter((burst) => burst.bookings.length >= BURST_MIN)
    .sort((a, b) => b.lastAt.localeCompare(a.lastAt));
}

/**
 * "Cancelar todos": every live booking of the burst is cancelled in one transaction, its time
 * freed and a pending sinal cancelled with its job. No e-mail to the clients: the contacts a
 * script typed may be anyone's, and mailing them would make Agendaki its mailer (decision 027).
 * Scoped to the professional: another's burst id finds nothing (404).
 */
export async function cancelBurst(
  deps: BurstDeps,
  professionalId: string,
  timeZone: string,
  burstId: string,
): Promise<{ cancelled: number }> {
  if (!/^[0-9a-f]{32}$/.test(burstId)) throw new AppError('NOT_FOUND', BURST_NOT_FOUND_MESSAGE);
  const burst = (await listBursts(deps, professionalId, timeZone)).find((b) => b.id === burstId);
  if (!burst) throw new AppError('NOT_FOUND', BURST_NOT_FOUND_MESSAGE);
  const now = deps.clock.now();
  const cancelled = await deps.db.transaction(async (tx) => {
    let total = 0;
    for (const { bookingId } of burst.bookings) {
      total += await setBookingStatus(
        { db: tx, clock: deps.clock },
        professionalId,
        bookingId,
        ['scheduled', 'confirmed', 'awaiting_deposit'],
        'cancelled',
      );
      await cancelPendingDeposit(tx, professionalId, bookingId, now);
    }
    return total;
  });
  deps.cache.changed(professionalId, 'appointments');
  return { cancelled };
}
