import type * as accounts from './repo/accounts';
import type * as repo from './repo';

/** Types other features' repos use to join this feature's subqueries. */
export type BookingRulesOf = ReturnType<typeof repo.bookingRulesOf>;
export type ProfileOfUser = ReturnType<typeof repo.profileOfUser>;
export type AccountProfilesOf = ReturnType<typeof accounts.accountProfilesOf>;
