import type * as repo from './repo';

/** Types other features' repos use to join this feature's subqueries. */
export type ServiceDirectory = ReturnType<typeof repo.serviceDirectory>;
export type ServiceIdsQuery = ReturnType<typeof repo.serviceIdsMatching>;
