import { z } from 'zod';

/**
 * `:id` of an owned record. Any string: a malformed id is looked up like an unknown one and
 * answers the same 404, so ids of other professionals and garbage are indistinguishable.
 */
export const idParams = z.object({ id: z.string() });
