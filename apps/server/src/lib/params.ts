import { looksLikeUuid } from '@agendaki/shared';
import { z } from 'zod';

/**
 * `:id` of an owned record. Any string: a malformed id is looked up like an unknown one and
 * answers the same 404, so ids of other professionals and garbage are indistinguishable.
 */
export const idParams = z.object({ id: z.string() });

/**
 * Whether a string is shaped like a UUID: a lookup by id skips the query otherwise (a `uuid`
 * column would reject the text with an error, not a miss).
 */
export function isUuid(value: string): boolean {
  return looksLikeUuid(value);
}
