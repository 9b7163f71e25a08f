import { WEEKDAY_LABELS, type AvailabilityWeekInput } from '@agendaki/shared';
import { Controller, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { SubmitButton } from '@/components/ui/submit-button';
import { Card } from '@/components/ui/card';
import { getErrorMessage } from '@/lib/api-client';
import { firstNestedMessage, VALIDATION_TOAST_TITLE } from '@/lib/validation-toast';
import { useSaveAvailability } from '../api/save-availability';
import { toWeekInput, validateWeek, type WeekErrors, type WeekForm } from '../lib/week-form';
import { DayRow } from './day-row';

export interface AvailabilityFormProps {
  initialWeek: WeekForm;
}

interface WeekValues {
  week: WeekForm;
}

/** The shared schema's verdict, row by row (validateWeek); the flat week is what is sent. */
const resolver: Resolver<WeekValues, unknown, AvailabilityWeekInput> = async (values) => {
  const found = await validateWeek(values.week);
  if (found.size === 0) return { values: toWeekInput(values.week).input, errors: {} };
  const errors = Object.fromEntries(
    [...found].map(([key, message]) => [key, { type: 'schema', message }]),
  );
  return { values: {}, errors: errors as unknown as FieldErrors<WeekValues> };
};

export function AvailabilityForm({ initialWeek }: AvailabilityFormProps) {
  const save = useSaveAvailability();
  const form = useForm<WeekValues, unknown, AvailabilityWeekInput>({
    resolver,
    defaultValues: { week: initialWeek },
    // Row messages change only on "Salvar Horários", as before.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const errors: WeekErrors = new Map(
    Object.entries(form.formState.errors).flatMap(([key, error]) =>
      typeof error?.message === 'string' ? [[key, error.message] as const] : [],
    ),
  );

  function submit(input: AvailabilityWeekInput) {
    save.mutate(input, {
      onSuccess: () => toast.success('Horários salvos com sucesso!'),
      onError: (error) =>
        toast.error('Erro ao salvar horários', { description: getErrorMessage(error) }),
    });
  }

  function reportInvalid(found: FieldErrors<WeekValues>) {
    toast.error(VALIDATION_TOAST_TITLE, { description: firstNestedMessage(found) });
  }

  return (
    <form
      noValidate
      aria-label="Horários da semana"
      onSubmit={(event) => void form.handleSubmit(submit, reportInvalid)(event)}
      className="space-y-4"
    >
      <Card className="gap-0 py-0">
        <Controller
          control={form.control}
          name="week"
          render={({ field }) => (
            <ul className="divide-y">
              {WEEKDAY_LABELS.map((label, dayOfWeek) => (
                <DayRow
                  key={label}
                  dayOfWeek={dayOfWeek}
                  label={label}
                  day={field.value[dayOfWeek]!}
                  errors={errors}
                  disabled={save.isPending}
                  onChange={(day) =>
                    field.onChange(field.value.map((d, i) => (i === dayOfWeek ? day : d)))
                  }
                />
              ))}
            </ul>
          )}
        />
      </Card>
      <div className="flex justify-end">
        <SubmitButton
          className="w-full sm:w-auto"
          isPending={save.isPending}
          pendingLabel="Salvando..."
        >
          Salvar Horários
        </SubmitButton>
      </div>
    </form>
  );
}
