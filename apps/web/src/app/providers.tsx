import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import {
  lazy,
  Suspense,
  useState,
  useSyncExternalStore,
  type ComponentType,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import type { ToasterProps } from 'sonner';
import {
  getLoadedSonner,
  isSonnerRequested,
  loadSonner,
  subscribeSonnerRequests,
} from '@/lib/lazy-toast';
import { createQueryClient } from '@/lib/query-client';
import { TOASTER_PROPS } from '@/lib/toaster-options';

export interface AppProvidersProps {
  children: ReactNode;
  /** Tests pass their own client (no retries, fresh cache per test). */
  queryClient?: QueryClient;
}

/** sonner arrives with the first toast (lib/toast.ts); without it (no connection) there are none. */
const LazyToaster = lazy((): Promise<{ default: ComponentType<ToasterProps> }> =>
  loadSonner().then(
    ({ Toaster }) => ({ default: Toaster }),
    () => ({ default: () => null }),
  ),
);

/** The loaded Toaster at once when sonner is already here, else once it arrives. */
function AppToaster() {
  const [sonner] = useState(getLoadedSonner);
  if (sonner) return <sonner.Toaster {...TOASTER_PROPS} />;
  return (
    <Suspense fallback={null}>
      <LazyToaster {...TOASTER_PROPS} />
    </Suspense>
  );
}

export function AppProviders({ children, queryClient }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const hasToasts = useSyncExternalStore(subscribeSonnerRequests, isSonnerRequested, () => false);
  return (
    <QueryClientProvider client={client}>
      {children}
      {/* In <body>, beside the app: mounted after a modal dialog opened, it stays outside the
          app's aria-hidden and is announced and found as the "Notificações" region. */}
      {hasToasts ? createPortal(<AppToaster />, document.body) : null}
    </QueryClientProvider>
  );
}
