import type { ReactNode } from 'react';
import { Controller, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { ChoiceSelect, type ChoiceSelectProps } from './choice-select';
import { DateField } from './date-field';

/*
 * The labelled fields the appointment, series and series-change forms share. The field marks
 * itself invalid from the form's state; the message under it is left to the form, since the
 * appointment form reports its first problem in a toast instead (docs/product.md section 5).
 */

interface ControlledFieldProps<TValues extends FieldValues, TTransformed> {
  label: ReactNode;
  name: FieldPathByValue<TValues, string | undefined>;
  control: Control<TValues, unknown, TTransformed>;
  /** A message to show under the field. */
  error?: string;
  /** A hint under the field, shown while there is no error. */
  description?: ReactNode;
}

/** A calendar date ("YYYY-MM-DD") of a react-hook-form form. */
export function DateFormField<TValues extends FieldValues, TTransformed = TValues>({
  label,
  name,
  control,
  error,
  description,
  today,
}: ControlledFieldProps<TValues, TTransformed> & { today: string }) {
  return (
    <FormField label={label} error={error} description={description}>
      {(field) => (
        <Controller
          control={control}
          name={name}
          render={({ field: { value, onChange }, fieldState }) => (
            <DateField
              id={field.id}
              value={value ?? ''}
              onChange={onChange}
              today={today}
              isInvalid={fieldState.invalid}
            />
          )}
        />
      )}
    </FormField>
  );
}

/** One choice among a few, as a select, of a react-hook-form form. */
export function ChoiceFormField<TValues extends FieldValues, TTransformed = TValues>({
  label,
  name,
  control,
  error,
  description,
  options,
  placeholder,
}: ControlledFieldProps<TValues, TTransformed> &
  Pick<ChoiceSelectProps, 'options' | 'placeholder'>) {
  return (
    <FormField label={label} error={error} description={description}>
      {(field) => (
        <Controller
          control={control}
          name={name}
          render={({ field: { value, onChange }, fieldState }) => (
            <ChoiceSelect
              control={field}
              value={value ?? ''}
              onChange={onChange}
              isInvalid={fieldState.invalid}
              placeholder={placeholder}
              options={options}
            />
          )}
        />
      )}
    </FormField>
  );
}
