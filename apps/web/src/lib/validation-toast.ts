import type { FieldErrors, FieldValues } from 'react-hook-form';
import { toast } from '@/lib/toast';

export const VALIDATION_TOAST_TITLE = 'Erro de validação';

/**
 * The message of the first invalid field in the order the form shows them (docs/product.md section 8:
 * "Erro de validação" with the first message). Zod reports object refinements, such as
 * "As senhas não coincidem", after every field, so the order comes from the form.
 */
export function getFirstErrorMessage<T extends FieldValues>(
  errors: FieldErrors<T>,
  fieldOrder: readonly (keyof T & string)[],
): string | undefined {
  for (const name of fieldOrder) {
    const message = errors[name]?.message;
    if (typeof message === 'string' && message) return message;
  }
  return undefined;
}

/** `handleSubmit`'s second argument: one toast with the first message; fields show theirs. */
export function toastFirstValidationError<T extends FieldValues>(
  fieldOrder: readonly (keyof T & string)[],
) {
  return (errors: FieldErrors<T>) => {
    const message = getFirstErrorMessage(errors, fieldOrder);
    if (message) toast.error(VALIDATION_TOAST_TITLE, { description: message });
  };
}

/** The first message of a (possibly nested) error tree, in the order the schema reported it. */
export function firstNestedMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { message } = error as { message?: unknown };
  if (typeof message === 'string' && message) return message;
  for (const [key, value] of Object.entries(error)) {
    if (key === 'ref' || key === 'message' || key === 'type') continue;
    const found = firstNestedMessage(value);
    if (found) return found;
  }
  return undefined;
}

/**
 * `handleSubmit`'s second argument for the small forms that show no message under a field:
 * one toast titled `title` with the first message in the order the shared schema reported it.
 */
export function toastFirstSchemaError<T extends FieldValues>(title: string) {
  return (errors: FieldErrors<T>) => {
    toast.error(title, { description: firstNestedMessage(errors) });
  };
}
