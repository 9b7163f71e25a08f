import { clientAddressKey } from '../../lib/client-address';
import { rateLimitKey, type RateLimiter } from '../../plugins/rate-limit';
import type { ManageLinkCheck } from '../../plugins/shared-link-pages';
import { MANAGE_LIMIT, MANAGE_LIMIT_SCOPE } from './routes';
import { isManageLinkOpen, type ManageDeps } from './service';

/**
 * The manage page's status (`/agendamento/<token>`: 200, or 404 for "Link inválido ou
 * expirado"), counted against the same per-address limit as the link's API, since the status
 * alone tells a guesser whether a token exists.
 */
export function createManageLinkCheck(deps: ManageDeps, limiter: RateLimiter) {
  return async (token: string, address: string): Promise<ManageLinkCheck> => {
    const key = rateLimitKey(MANAGE_LIMIT_SCOPE, clientAddressKey(address));
    if (!(await limiter.hit(key, MANAGE_LIMIT))) return 'limited';
    return (await isManageLinkOpen(deps, token)) ? 'open' : 'unknown';
  };
}
