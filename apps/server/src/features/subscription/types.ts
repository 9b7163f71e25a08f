import type { billingOfUser } from './repo';

/** Types other features' repos use to join this feature's subqueries. */
export type BillingOfUser = ReturnType<typeof billingOfUser>;
