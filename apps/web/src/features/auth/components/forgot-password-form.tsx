import { forgotPasswordSchema, type EmailOnlyInput } from '@agendaki/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { SubmitButton } from '@/components/ui/submit-button';
import { getErrorMessage } from '@/lib/api-client';
import { toastFirstValidationError } from '@/lib/validation-toast';
import { useRequestPasswordReset } from '../api/forgot-password';
import { EmailField } from './email-field';

export interface ForgotPasswordFormProps {
  defaultEmail?: string;
  /** "Voltar ao login", and where a sent request leads. */
  onBackToLogin: (email?: string) => void;
}

export function ForgotPasswordForm({ defaultEmail = '', onBackToLogin }: ForgotPasswordFormProps) {
  const requestReset = useRequestPasswordReset();
  const form = useForm({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: defaultEmail },
  });

  async function submit(values: EmailOnlyInput) {
    try {
      await requestReset.mutateAsync(values);
      toast.success('Email enviado!', {
        description: 'Verifique sua caixa de entrada para redefinir a senha',
      });
      onBackToLogin(values.email);
    } catch (error) {
      toast.error('Erro', { description: getErrorMessage(error) });
    }
  }

  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={form.handleSubmit(submit, toastFirstValidationError<EmailOnlyInput>(['email']))}
    >
      <EmailField
        registration={form.register('email')}
        error={form.formState.errors.email?.message}
      />
      <SubmitButton
        size="lg"
        className="mt-2 w-full"
        isPending={requestReset.isPending}
        pendingLabel="Enviando..."
      >
        Enviar link de redefinição
      </SubmitButton>
      <Button type="button" variant="ghost" className="w-full" onClick={() => onBackToLogin()}>
        <ArrowLeft aria-hidden="true" />
        Voltar ao login
      </Button>
    </form>
  );
}
