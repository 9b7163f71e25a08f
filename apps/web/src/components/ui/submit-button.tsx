import { LoaderCircle } from 'lucide-react';
import { Button, type ButtonProps } from './button';

export interface SubmitButtonProps extends Omit<ButtonProps, 'asChild'> {
  /** The request runs: the button is disabled and shows a spinner. */
  isPending: boolean;
  /** Shown instead of the label while pending ("Salvando..."); the label stays otherwise. */
  pendingLabel?: string;
}

/**
 * A form's submit button with its pending state: disabled while the request runs (no double
 * submit), a spinner and the pending label. `type="button"` serves actions outside a form.
 */
export function SubmitButton({
  isPending,
  pendingLabel,
  disabled,
  children,
  type = 'submit',
  ...props
}: SubmitButtonProps) {
  return (
    <Button
      type={type}
      disabled={disabled || isPending}
      aria-busy={isPending || undefined}
      {...props}
    >
      {isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
      {isPending && pendingLabel ? pendingLabel : children}
    </Button>
  );
}
