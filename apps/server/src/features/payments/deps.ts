// What the payments' functions take.
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';

export interface PaymentsDeps {
  db: Db;
  clock: Clock;
}

/** The signed-in professional: her id and zone (the day of a payment is hers). */
export interface Pro {
  profileId: string;
  timezone: string;
}
