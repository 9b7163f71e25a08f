import type { BookingProtection } from '@agendaki/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { profiles } from '../../db/schema';
import { AppError } from '../../lib/errors';

const capColumns = {
  maxUnpaidHoldsPerDay: profiles.maxUnpaidHoldsPerDay,
  maxUnconfirmedPerDay: profiles.maxUnconfirmedPerDay,
};

/** The professional's hold caps (docs/decisions/027-booking-hold-caps.md). */
export async function getBookingProtection(
  { db }: { db: Db },
  profileId: string,
): Promise<BookingProtection> {
  const [row] = await db.select(capColumns).from(profiles).where(eq(profiles.id, profileId));
  if (!row) throw new AppError('NOT_FOUND', 'Perfil não encontrado');
  return row;
}

export async function saveBookingProtection(
  { db, now }: { db: Db; now: Date },
  profileId: string,
  values: BookingProtection,
): Promise<BookingProtection> {
  const [row] = await db
    .update(profiles)
    .set({ ...values, updatedAt: now })
    .where(eq(profiles.id, profileId))
    .returning(capColumns);
  if (!row) throw new AppError('NOT_FOUND', 'Perfil não encontrado');
  return row;
}

/** The same caps as a subquery, read fresh inside a booking's transaction. */
export function holdCapsOf(db: Db, profileId: string) {
  return db.select(capColumns).from(profiles).where(eq(profiles.id, profileId)).as('caps');
}
