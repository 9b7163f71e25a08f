import type { billingOfUser, subscriptionsOf } from './repo';

/** Types other features' repos use to join this feature's subqueries. */
export type BillingOfUser = ReturnType<typeof billingOfUser>;
export type SubscriptionsOf = ReturnType<typeof subscriptionsOf>;
