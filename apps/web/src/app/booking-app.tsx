import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import type { ToasterProps } from 'sonner';
import { BookingPage } from '@/features/booking/components/booking-page';
import { readLinkFromPath } from '@/features/booking/lib/link-from-path';
import { loadSonner } from '@/lib/lazy-toast';
import { createQueryClient } from '@/lib/query-client';
import { TOASTER_PROPS } from '@/lib/toaster-options';

/*
 * The public booking page as its own app (book.html, src/book-main.tsx): the server sends it
 * for /book/:link and /profissional/:identifier, so a client's phone downloads neither the
 * router nor the landing and dashboard code. Its links to the rest of the site are plain
 * anchors, which the server answers with index.html.
 */

/** sonner arrives after the first paint; without it (no connection) there are no toasts. */
const LazyToaster = lazy((): Promise<{ default: ComponentType<ToasterProps> }> =>
  loadSonner().then(
    ({ Toaster }) => ({ default: Toaster }),
    () => ({ default: () => null }),
  ),
);

export interface BookingProvidersProps {
  children: ReactNode;
  /** Tests pass their own client (no retries, fresh cache per test). */
  queryClient?: QueryClient;
  /**
   * False where nothing shows a toast (the manage page says everything inline): the page then
   * neither downloads sonner (9 KB gzip) nor runs it, nor restyles itself with its CSS.
   */
  withToaster?: boolean;
}

/**
 * AppProviders of the router app, with the Toaster loaded on demand once the page is in the
 * browser: the server's render (book-ssr.tsx) and the hydration that follows it have none.
 */
export function BookingProviders({
  children,
  queryClient,
  withToaster = true,
}: BookingProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const [mounted, setMounted] = useState(false);
  // Once, after hydration: the render that follows must match the server's, which has none.
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useEffect(() => setMounted(true), []);
  return (
    <QueryClientProvider client={client}>
      {children}
      {mounted && withToaster ? (
        <Suspense fallback={null}>
          <LazyToaster {...TOASTER_PROPS} />
        </Suspense>
      ) : null}
    </QueryClientProvider>
  );
}

export interface BookingAppProps {
  /** `location.pathname`: "/book/<link>" or "/profissional/<identifier>". */
  pathname: string;
  queryClient?: QueryClient;
}

/** `/agendamento/<token>`: the client's manage page, loaded only there (features/manage). */
const ManagePage = lazy(() =>
  import('@/features/manage/components/manage-page').then((module) => ({
    default: module.ManagePage,
  })),
);

const MANAGE_PREFIX = '/agendamento/';

/** `/lista-de-espera/<token>`: the client's place on a waiting list (features/waitlist). */
const WaitlistEntryPage = lazy(() =>
  import('@/features/waitlist/components/waitlist-entry-page').then((module) => ({
    default: module.WaitlistEntryPage,
  })),
);
const WAITLIST_PREFIX = '/lista-de-espera/';

export function BookingApp({ pathname, queryClient }: BookingAppProps) {
  if (pathname.startsWith(WAITLIST_PREFIX)) {
    const token = pathname.slice(WAITLIST_PREFIX.length).split('/')[0] ?? '';
    return (
      <BookingProviders queryClient={queryClient} withToaster={false}>
        <Suspense fallback={null}>
          <WaitlistEntryPage token={token} />
        </Suspense>
      </BookingProviders>
    );
  }
  if (pathname.startsWith(MANAGE_PREFIX)) {
    const token = pathname.slice(MANAGE_PREFIX.length).split('/')[0] ?? '';
    return (
      <BookingProviders queryClient={queryClient} withToaster={false}>
        <Suspense fallback={null}>
          <ManagePage token={token} />
        </Suspense>
      </BookingProviders>
    );
  }
  return (
    <BookingProviders queryClient={queryClient}>
      <BookingPage link={readLinkFromPath(pathname)} />
    </BookingProviders>
  );
}
