import { Outlet, ScrollRestoration } from 'react-router';
import { Spinner } from '@/components/ui/spinner';

/** Every page: a new page starts at the top, Back returns to where the reader was. */
export function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

/** Shown while the code of a lazy page (dashboard, booking, auth) downloads on first load. */
export function PageLoading() {
  return (
    <div className="grid min-h-dvh place-items-center">
      <Spinner className="size-8" />
    </div>
  );
}
