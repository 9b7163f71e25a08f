import { RefreshCw } from 'lucide-react';
import { Navigate, Outlet } from 'react-router';
import { Button } from '@/components/ui/button';
import { SidebarProvider } from '@/components/ui/sidebar';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useMe } from '@/features/auth/api/get-me';
import { AppStatus } from '@/features/pwa/components/app-status';
import { getErrorMessage } from '@/lib/api-client';
import { AppSidebar } from './app-sidebar';
import { TopBar } from './top-bar';
import { useSessionExpiry } from './use-session-expiry';

function SessionLoading() {
  return (
    <div className="grid min-h-dvh place-items-center">
      <Spinner className="size-8" label="Carregando sua conta..." />
    </div>
  );
}

function SessionError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="grid min-h-dvh place-items-center p-6">
      <div role="alert" className="flex max-w-sm flex-col items-center gap-4 text-center">
        <h1 className="text-xl font-semibold">Não foi possível carregar sua conta</h1>
        <p className="text-muted-foreground">{message}</p>
        <Button onClick={onRetry}>
          <RefreshCw aria-hidden="true" />
          Tentar novamente
        </Button>
      </div>
    </div>
  );
}

/**
 * The professional area's frame (docs/product.md section 2, "Dashboard shell"): a spinner while the session loads,
 * /auth without a user, else the collapsible sidebar, the top bar and the page.
 */
export function DashboardLayout() {
  const me = useMe();
  useSessionExpiry();
  if (me.isPending) return <SessionLoading />;
  if (!me.data) {
    if (me.isError) {
      return <SessionError message={getErrorMessage(me.error)} onRetry={() => void me.refetch()} />;
    }
    return <Navigate to={paths.auth.getHref()} replace />;
  }

  return (
    <SidebarProvider>
      <div className="flex min-h-dvh bg-muted/40">
        <AppSidebar />
        <div className="flex min-w-0 flex-1 flex-col">
          <TopBar email={me.data.user.email} />
          <AppStatus timeZone={me.data.profile.timezone} />
          <main className="flex-1 px-4 py-6 sm:px-6 lg:px-8">
            <div className="mx-auto w-full max-w-6xl space-y-6">
              <Outlet />
            </div>
          </main>
        </div>
      </div>
    </SidebarProvider>
  );
}
