import type { PushKind } from '@agendaki/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { DynamicChargeDeps } from '../pix-provider/service';
import type { PublicReadCache } from '../public-profile/service';

/** What a booking needs from the app (features/booking/service.ts `createBooking`). */
export interface BookingDeps {
  db: Db;
  /** The public reads' cache: the booking reads the catalog through it and drops what it changed. */
  cache: PublicReadCache;
  clock: Clock;
  publicUrl: string;
  /** The manage links' key (features/manage/token.ts). */
  manageKey: Buffer;
  /** The visitor's address: the minutes it books with one professional are limited. */
  ip: string;
  /** The Pix PSP (features/pix-provider): a dynamic charge for the sinal when configured. */
  pix?: Omit<DynamicChargeDeps, 'db'>;
  /**
   * Runs in the booking's transaction just before its appointments are written: a waiting-list
   * offer (features/waitlist) releases the time it holds for this client there.
   */
  beforeInsert?: (tx: Db) => Promise<void>;
  /** Told once a new booking committed; a replay under its idempotency key writes none. */
  onBooked?: () => void;
  /** The WhatsApp Cloud API is configured: a job plans the confirmation (features/whatsapp). */
  whatsapp?: boolean;
  /**
   * What the professional's phones are told (features/push): an accepted waiting-list offer
   * says so instead of "Novo agendamento", one notification for one booking.
   */
  pushKind?: Extract<PushKind, 'booking_created' | 'waitlist_offer_accepted'>;
}
