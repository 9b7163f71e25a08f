// What the series' functions are given (decision 010), apart so every file of the feature can
// name them without importing service.ts.
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';

/**
 * An occurrence's manage link, created if needed (features/manage's, handed in by app.ts:
 * features/manage reads the series for the client's page, so it cannot be imported here).
 */
export type ManageLinkOf = (
  db: Db,
  professionalId: string,
  bookingId: string,
  now: Date,
) => Promise<string>;

export interface SeriesDeps {
  db: Db;
  clock: Clock;
  manageLinkOf: ManageLinkOf;
}

/** Who asks, and their zone (docs/product.md, Time). */
export interface Professional {
  profileId: string;
  timezone: string;
}
