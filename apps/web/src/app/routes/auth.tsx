import { CenteredLayout } from '@/components/layouts/centered-layout';
import { PageHeader } from '@/components/layouts/page-header';

/** Login, sign-up and password reset arrive with the auth issue. */
export function AuthRoute() {
  return (
    <CenteredLayout>
      <div className="w-full max-w-md">
        <PageHeader title="Entrar" />
      </div>
    </CenteredLayout>
  );
}
