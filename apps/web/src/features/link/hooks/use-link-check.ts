import { checkCustomLinkRule } from '@agendaki/shared';
import { useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { getLinkAvailabilityQueryOptions } from '../api/check-link-availability';

/** docs/product.md section 9: the availability check runs 500 ms after typing stops. */
export const LINK_CHECK_DELAY_MS = 500;

export const LINK_CHECK_FAILED_MESSAGE = 'Não foi possível verificar o link. Tente novamente.';

/** docs/product.md section 4 (Custom-link editing): unknown / checking / available / unavailable. */
export type LinkCheck =
  | { status: 'unknown' }
  | { status: 'checking' }
  | { status: 'available' }
  | { status: 'unavailable'; message: string };

/**
 * The availability of `value` (already normalized) as the new link of a professional whose
 * link is `currentLink`. Nothing is asked while typing, for the current link, or when `enabled`
 * is false; the shared rule answers locally before the server is asked about uniqueness.
 */
export function useLinkCheck(value: string, currentLink: string, enabled: boolean): LinkCheck {
  const settled = useDebouncedValue(value, LINK_CHECK_DELAY_MS);
  const isSettled = settled === value;
  const rule = checkCustomLinkRule(settled);
  const isCandidate = enabled && isSettled && settled !== currentLink;
  const query = useQuery({
    ...getLinkAvailabilityQueryOptions(settled),
    enabled: isCandidate && rule.available,
  });

  if (!isCandidate) return { status: 'unknown' };
  if (!rule.available) return { status: 'unavailable', message: rule.message ?? 'Link inválido' };
  if (query.isFetching) return { status: 'checking' };
  // docs/product.md section 7: a failed check marks the link unavailable.
  if (query.isError) return { status: 'unavailable', message: LINK_CHECK_FAILED_MESSAGE };
  if (!query.data) return { status: 'checking' };
  if (query.data.available) return { status: 'available' };
  return { status: 'unavailable', message: query.data.message ?? 'Este link não está disponível.' };
}
