import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { PasswordInput } from '@/components/ui/password-input';

export interface NewPasswordFieldsProps {
  /** "sign-up": "Senha" and "Confirmar senha" side by side; "new": "Nova senha", stacked. */
  variant: 'sign-up' | 'new';
  password: UseFormRegisterReturn;
  confirmation: UseFormRegisterReturn;
  passwordError?: string;
  confirmationError?: string;
}

/**
 * The password and its confirmation, each with show/hide, of the three forms that set one:
 * sign-up, reset (NewPasswordForm) and Configurações > Segurança (ChangePasswordForm).
 */
export function NewPasswordFields({
  variant,
  password,
  confirmation,
  passwordError,
  confirmationError,
}: NewPasswordFieldsProps) {
  const isSignUp = variant === 'sign-up';
  const fields = (
    <>
      <FormField
        label={isSignUp ? 'Senha' : 'Nova senha'}
        error={passwordError}
        description={isSignUp ? undefined : 'Pelo menos 8 caracteres.'}
      >
        {(control) => <PasswordInput {...control} autoComplete="new-password" {...password} />}
      </FormField>
      <FormField
        label={isSignUp ? 'Confirmar senha' : 'Confirmar nova senha'}
        error={confirmationError}
      >
        {(control) => <PasswordInput {...control} autoComplete="new-password" {...confirmation} />}
      </FormField>
    </>
  );
  return isSignUp ? <div className="grid gap-4 sm:grid-cols-2">{fields}</div> : fields;
}
