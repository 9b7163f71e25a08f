import { API_ERROR_CODES, signInSchema, type SignInInput } from '@agendaki/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { MailWarning } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SubmitButton } from '@/components/ui/submit-button';
import { FormField } from '@/components/ui/form-field';
import { PasswordInput } from '@/components/ui/password-input';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { toastFirstValidationError } from '@/lib/validation-toast';
import { useSignIn } from '../api/sign-in';
import { SignInLinkOffer } from './sign-in-link-offer';
import { EmailField } from './email-field';

const FIELD_ORDER = ['email', 'password'] as const;

export interface LoginFormProps {
  defaultEmail?: string;
  /** Opens the reset view with the address typed so far. */
  onForgotPassword: (email: string) => void;
}

/** On success the session lands in the cache and the /auth page redirects to the dashboard. */
export function LoginForm({ defaultEmail = '', onForgotPassword }: LoginFormProps) {
  const signIn = useSignIn();
  const [unverifiedMessage, setUnverifiedMessage] = useState<string | null>(null);
  // The address a throttled sign-in was for: the link offer mails that one.
  const [throttled, setThrottled] = useState<{ message: string; email: string } | null>(null);
  const form = useForm({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: defaultEmail, password: '' },
  });
  const { errors } = form.formState;

  async function submit(values: SignInInput) {
    setUnverifiedMessage(null);
    setThrottled(null);
    try {
      await signIn.mutateAsync(values);
      toast.success('Login realizado com sucesso!');
    } catch (error) {
      const message = getErrorMessage(error);
      if (isApiError(error) && error.code === API_ERROR_CODES.emailNotVerified) {
        setUnverifiedMessage(message);
      }
      if (isApiError(error) && error.code === API_ERROR_CODES.signInThrottled) {
        setThrottled({ message, email: values.email });
      }
      toast.error('Erro no login', { description: message });
    }
  }

  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={form.handleSubmit(submit, toastFirstValidationError<SignInInput>(FIELD_ORDER))}
    >
      {unverifiedMessage ? (
        <Alert variant="warning">
          <MailWarning aria-hidden="true" />
          <AlertTitle>E-mail ainda não confirmado</AlertTitle>
          <AlertDescription>{unverifiedMessage}</AlertDescription>
        </Alert>
      ) : null}
      {throttled ? <SignInLinkOffer message={throttled.message} email={throttled.email} /> : null}
      <EmailField registration={form.register('email')} error={errors.email?.message} />
      <FormField
        label="Senha"
        error={errors.password?.message}
        labelAside={
          <Button
            type="button"
            variant="link"
            className="h-auto p-0 text-sm font-normal"
            onClick={() => onForgotPassword(form.getValues('email'))}
          >
            Esqueci minha senha
          </Button>
        }
      >
        {(control) => (
          <PasswordInput
            {...control}
            autoComplete="current-password"
            {...form.register('password')}
          />
        )}
      </FormField>
      <SubmitButton
        size="lg"
        className="mt-2 w-full"
        isPending={signIn.isPending}
        pendingLabel="Entrando..."
      >
        Entrar
      </SubmitButton>
    </form>
  );
}
