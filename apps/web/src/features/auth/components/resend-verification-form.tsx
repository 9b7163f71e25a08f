import { resendVerificationSchema, type EmailOnlyInput } from '@agendaki/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { SubmitButton } from '@/components/ui/submit-button';
import { getErrorMessage } from '@/lib/api-client';
import { toastFirstValidationError } from '@/lib/validation-toast';
import { useResendVerification } from '../api/resend-verification';
import { EmailField } from './email-field';

export interface ResendVerificationFormProps {
  defaultEmail?: string;
}

/** Asks for a new confirmation link; the server answers the same for any address. */
export function ResendVerificationForm({ defaultEmail = '' }: ResendVerificationFormProps) {
  const resend = useResendVerification();
  const form = useForm({
    resolver: zodResolver(resendVerificationSchema),
    defaultValues: { email: defaultEmail },
  });

  async function submit(values: EmailOnlyInput) {
    try {
      const { message } = await resend.mutateAsync(values);
      toast.success('Pedido recebido', { description: message });
    } catch (error) {
      toast.error('Erro', { description: getErrorMessage(error) });
    }
  }

  return (
    <form
      noValidate
      aria-label="Reenviar link de confirmação"
      className="grid w-full gap-3 pt-2"
      onSubmit={form.handleSubmit(submit, toastFirstValidationError<EmailOnlyInput>(['email']))}
    >
      <EmailField
        registration={form.register('email')}
        error={form.formState.errors.email?.message}
        label="Email da conta"
        className="text-foreground"
      />
      <SubmitButton variant="outline" className="text-foreground" isPending={resend.isPending}>
        Reenviar link de confirmação
      </SubmitButton>
    </form>
  );
}
