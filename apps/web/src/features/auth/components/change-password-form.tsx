import {
  changePasswordSchema,
  type CalendarFeedCreated,
  type ChangePasswordInput,
} from '@agendaki/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { SubmitButton } from '@/components/ui/submit-button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { PasswordInput } from '@/components/ui/password-input';
import { useChangePassword } from '@/features/auth/api/change-password';
import { getErrorMessage } from '@/lib/api-client';
import { toastFirstValidationError } from '@/lib/validation-toast';
import { NewPasswordFields } from './new-password-fields';

const FIELD_ORDER = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Configurações > Segurança. The server ends the other sessions (this one stays signed in) and
 * moves a calendar feed in use to a new address, handed to `onCalendarFeedMoved` to show.
 */
export function ChangePasswordForm({
  onCalendarFeedMoved,
}: {
  onCalendarFeedMoved?: (created: CalendarFeedCreated) => void;
}) {
  const changePassword = useChangePassword();
  const form = useForm({ resolver: zodResolver(changePasswordSchema), defaultValues: EMPTY });
  const { errors } = form.formState;

  async function submit(values: ChangePasswordInput) {
    try {
      const { calendarFeed } = await changePassword.mutateAsync(values);
      toast.success('Senha atualizada', {
        description: calendarFeed
          ? 'As sessões em outros aparelhos foram encerradas e o endereço do calendário foi trocado.'
          : 'As sessões abertas em outros aparelhos foram encerradas.',
      });
      if (calendarFeed) onCalendarFeedMoved?.(calendarFeed);
      form.reset(EMPTY);
    } catch (error) {
      toast.error('Erro ao alterar senha', { description: getErrorMessage(error) });
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Segurança</CardTitle>
        <CardDescription>Altere a senha de acesso à sua conta.</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          aria-label="Alterar senha"
          className="grid max-w-xl gap-4"
          onSubmit={form.handleSubmit(
            submit,
            toastFirstValidationError<ChangePasswordInput>(FIELD_ORDER),
          )}
        >
          <FormField label="Senha atual" error={errors.currentPassword?.message}>
            {(control) => (
              <PasswordInput
                {...control}
                autoComplete="current-password"
                {...form.register('currentPassword')}
              />
            )}
          </FormField>
          <NewPasswordFields
            variant="new"
            password={form.register('newPassword')}
            confirmation={form.register('confirmPassword')}
            passwordError={errors.newPassword?.message}
            confirmationError={errors.confirmPassword?.message}
          />
          <SubmitButton
            className="mt-2 w-full sm:w-fit"
            isPending={changePassword.isPending}
            pendingLabel="Salvando..."
          >
            Alterar senha
          </SubmitButton>
        </form>
      </CardContent>
    </Card>
  );
}
