import type * as repo from './repo';

/** Types other features' repos use to join this feature's subqueries. */
export type ClientDirectory = ReturnType<typeof repo.clientDirectory>;
export type ClientIdsQuery = ReturnType<typeof repo.clientIdsMatching>;
