// What the deposits' functions take, and the deposit job's data and key.
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';

export interface DepositsDeps {
  db: Db;
  clock: Clock;
}

export type DepositSource = 'manual' | 'psp';

export interface DepositJobData {
  professionalId: string;
  bookingId: string;
}

export function depositJobKey(professionalId: string, bookingId: string): string {
  return `${professionalId.toLowerCase()}:${bookingId.toLowerCase()}`;
}
