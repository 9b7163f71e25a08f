import { AUTH_MESSAGES } from '@agendaki/shared';
import { ArrowLeft } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { CenteredLayout } from '@/components/layouts/centered-layout';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { paths } from '@/config/paths';
import {
  InvalidResetLinkNotice,
  NewPasswordForm,
} from '@/features/auth/components/new-password-form';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** /auth/nova-senha?token=… — where the password reset e-mail leads. */
export function NewPasswordRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  useDocumentTitle('Nova senha');

  return (
    <CenteredLayout>
      <Card className="w-full max-w-md gap-5">
        <CardHeader>
          <h1 className="text-2xl font-bold tracking-tight">Nova senha</h1>
          <CardDescription>Escolha a nova senha da sua conta.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {token ? (
            <NewPasswordForm token={token} />
          ) : (
            <InvalidResetLinkNotice message={AUTH_MESSAGES.tokenRequired} />
          )}
          <Button asChild variant="ghost" className="w-full">
            <Link to={paths.auth.getHref()}>
              <ArrowLeft aria-hidden="true" />
              Voltar ao login
            </Link>
          </Button>
        </CardContent>
      </Card>
    </CenteredLayout>
  );
}
