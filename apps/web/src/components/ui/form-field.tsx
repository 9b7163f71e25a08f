import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Label } from './label';

/** What the control inside a FormField must spread to be labelled and described. */
export interface FormFieldControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

export interface FormFieldProps {
  label: ReactNode;
  /** The field's validation message, shown under it in red. */
  error?: string;
  /** A hint under the field, shown while there is no error. */
  description?: ReactNode;
  /** Beside the label, on the right (e.g. "Esqueci minha senha"). */
  labelAside?: ReactNode;
  className?: string;
  children: (control: FormFieldControlProps) => ReactNode;
}

/** A label, a control and its message, wired for screen readers. */
export function FormField({
  label,
  error,
  description,
  labelAside,
  className,
  children,
}: FormFieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  const message = error ?? description;
  return (
    <div data-slot="form-field" className={cn('grid gap-2', className)}>
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {labelAside}
      </div>
      {children({
        id,
        'aria-invalid': Boolean(error),
        'aria-describedby': message ? messageId : undefined,
      })}
      {message ? (
        <p
          id={messageId}
          className={cn('text-sm', error ? 'text-destructive' : 'text-muted-foreground')}
        >
          {message}
        </p>
      ) : null}
    </div>
  );
}
