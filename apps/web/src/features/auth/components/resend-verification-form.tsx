import { resendVerificationSchema, type EmailOnlyInput } from '@agendaki/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { SubmitButton } from '@/components/ui/submit-button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { getErrorMessage } from '@/lib/api-client';
import { toastFirstValidationError } from '@/lib/validation-toast';
import { useResendVerification } from '../api/resend-verification';

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
      <FormField label="Email da conta" error={form.formState.errors.email?.message}>
        {(control) => (
          <Input
            {...control}
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="seu@email.com"
            className="text-foreground"
            {...form.register('email')}
          />
        )}
      </FormField>
      <SubmitButton variant="outline" className="text-foreground" isPending={resend.isPending}>
        Reenviar link de confirmação
      </SubmitButton>
    </form>
  );
}
