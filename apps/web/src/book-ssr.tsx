import type { PublicProfessionalResponse } from '@agendaki/shared';
import { renderToString } from 'react-dom/server';
import { BookingApp } from './app/booking-app';
import { getPublicProfessionalQueryOptions } from './features/booking/api/get-public-professional';
import { readLinkFromPath } from './features/booking/lib/link-from-path';
import { recordClassNames } from './lib/cn';
import { createQueryClient } from './lib/query-client';

/**
 * The public booking page's first step as HTML, rendered by the server for /book/:link and
 * /profissional/:identifier (apps/server/src/plugins/web-app.ts) so a phone paints the business,
 * its services and prices before any script has run; book-main.tsx then hydrates it. Built for
 * Node by scripts/build-web.mjs (`--mode book --ssr`, the same Preact as the page's script) into
 * dist/ssr/book-ssr.js. `data` is what the page embeds as JSON, so both renders agree.
 *
 * With the markup come the class names it merged, which the page embeds too: hydrating the same
 * components in the browser then merges nothing (lib/cn.ts).
 */
export function renderBookingMarkup(
  pathname: string,
  data: PublicProfessionalResponse,
): { markup: string; classNames: Record<string, string> } {
  const queryClient = createQueryClient();
  const identifier = readLinkFromPath(pathname);
  queryClient.setQueryData(getPublicProfessionalQueryOptions(identifier).queryKey, data);
  try {
    const { value, classNames } = recordClassNames(() =>
      renderToString(<BookingApp pathname={pathname} queryClient={queryClient} />),
    );
    return { markup: value, classNames };
  } finally {
    queryClient.clear();
  }
}
