import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

export interface EmailFieldProps {
  /** What `register('email')` returns. */
  registration: UseFormRegisterReturn;
  error?: string;
  label?: string;
  /** On the input (its colour inside a notice). */
  className?: string;
}

/** The account's email, as the sign-in, sign-up, reset and resend forms ask for it. */
export function EmailField({ registration, error, label = 'Email', className }: EmailFieldProps) {
  return (
    <FormField label={label} error={error}>
      {(control) => (
        <Input
          {...control}
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="seu@email.com"
          className={className}
          {...registration}
        />
      )}
    </FormField>
  );
}
