import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast } from '@/lib/toast';
import { AppProviders } from '@/app/providers';

/**
 * Renders one page component (not the whole route table) with the app's providers, a router
 * at `path` and a cache fresh for this test.
 */
export function renderPage(page: ReactElement, { path = '/' }: { path?: string } = {}) {
  // sonner keeps its toasts in a module-level store: forget the previous test's.
  toast.dismiss();
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter([{ path: '*', element: page }], { initialEntries: [path] });
  const result = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient };
}
