import type { ReactNode } from 'react';
import { Controller, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { FormField } from './form-field';
import { MoneyInput } from './money-input';

export interface MoneyFormFieldProps<TValues extends FieldValues, TTransformed> {
  label: ReactNode;
  /** A field of the form that holds the amount as typed (a string the schema turns into cents). */
  name: FieldPathByValue<TValues, string>;
  control: Control<TValues, unknown, TTransformed>;
  /** A hint under the field, shown while there is no error. */
  description?: ReactNode;
  /** On the field's wrapper (grid placement). */
  className?: string;
  /** On the input itself (its width). */
  inputClassName?: string;
}

/**
 * A labelled money field of a react-hook-form form: MoneyInput, typed the Brazilian way, with
 * the field's own validation message under it. Its ref lets the form focus it when invalid.
 */
export function MoneyFormField<TValues extends FieldValues, TTransformed = TValues>({
  label,
  name,
  control,
  description,
  className,
  inputClassName,
}: MoneyFormFieldProps<TValues, TTransformed>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormField
          label={label}
          error={fieldState.error?.message}
          description={description}
          className={className}
        >
          {(fieldControl) => (
            <MoneyInput
              {...fieldControl}
              ref={field.ref}
              name={field.name}
              value={field.value}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
              className={inputClassName}
            />
          )}
        </FormField>
      )}
    />
  );
}
