import { resetPasswordSchema, type ResetPasswordInput } from '@agendaki/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleX } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SubmitButton } from '@/components/ui/submit-button';
import { paths } from '@/config/paths';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { toastFirstValidationError } from '@/lib/validation-toast';
import { useResetPassword } from '../api/reset-password';
import { NewPasswordFields } from './new-password-fields';

const FIELD_ORDER = ['password', 'confirmPassword'] as const;

/** The link is unusable (missing, unknown, expired or already used): ask for another one. */
export function InvalidResetLinkNotice({ message }: { message: string }) {
  return (
    <Alert variant="destructive">
      <CircleX aria-hidden="true" />
      <AlertTitle>Não foi possível usar este link</AlertTitle>
      <AlertDescription>
        <p>{message}</p>
        <Button asChild variant="outline" size="sm" className="mt-2 text-foreground">
          <Link to={paths.auth.getHref('recuperar-senha')}>Solicitar novo link</Link>
        </Button>
      </AlertDescription>
    </Alert>
  );
}

/** "Nova senha": the form the reset e-mail opens. The server decides whether the link is valid. */
export function NewPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const resetPassword = useResetPassword();
  const [linkError, setLinkError] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { token, password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  async function submit(values: ResetPasswordInput) {
    setLinkError(null);
    try {
      const { message } = await resetPassword.mutateAsync(values);
      toast.success('Senha redefinida!', { description: message });
      await navigate(paths.auth.getHref(), { replace: true });
    } catch (error) {
      const message = getErrorMessage(error);
      // 400 is the link (unknown, expired or used); the fields were checked here already.
      if (isApiError(error) && error.status === 400) setLinkError(message);
      toast.error('Erro ao redefinir senha', { description: message });
    }
  }

  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={form.handleSubmit(
        submit,
        toastFirstValidationError<ResetPasswordInput>(['token', ...FIELD_ORDER]),
      )}
    >
      {linkError ? <InvalidResetLinkNotice message={linkError} /> : null}
      <NewPasswordFields
        variant="new"
        password={form.register('password')}
        confirmation={form.register('confirmPassword')}
        passwordError={errors.password?.message}
        confirmationError={errors.confirmPassword?.message}
      />
      <SubmitButton
        size="lg"
        className="mt-2 w-full"
        isPending={resetPassword.isPending}
        pendingLabel="Salvando..."
      >
        Salvar nova senha
      </SubmitButton>
    </form>
  );
}
