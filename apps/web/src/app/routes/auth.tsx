import { Navigate } from 'react-router';
import { CenteredLayout } from '@/components/layouts/centered-layout';
import { paths } from '@/config/paths';
import { useMe } from '@/features/auth/api/get-me';
import { AuthPanel } from '@/features/auth/components/auth-panel';
import { PageLoading } from './root';

/** Login, sign-up and "Esqueci minha senha". A signed-in visitor goes to the dashboard. */
export function AuthRoute() {
  const me = useMe();
  if (me.isPending) return <PageLoading />;
  if (me.data) return <Navigate to={paths.dashboard.root.getHref()} replace />;
  // A failed session check (network) leaves the forms usable: signing in tells the truth.
  return (
    <CenteredLayout>
      <AuthPanel />
    </CenteredLayout>
  );
}
