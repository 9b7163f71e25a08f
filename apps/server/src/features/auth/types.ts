import type { accountsOf } from './accounts-repo';

/** Types other features' repos use to join this feature's subqueries. */
export type AccountsOf = ReturnType<typeof accountsOf>;
