import { WEEKDAY_LABELS } from '@agendaki/shared';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { SubmitButton } from '@/components/ui/submit-button';
import { Card } from '@/components/ui/card';
import { getErrorMessage } from '@/lib/api-client';
import { VALIDATION_TOAST_TITLE } from '@/lib/validation-toast';
import { useSaveAvailability } from '../api/save-availability';
import { toWeekInput, validateWeek, type WeekErrors, type WeekForm } from '../lib/week-form';
import { DayRow } from './day-row';

export interface AvailabilityFormProps {
  initialWeek: WeekForm;
}

export function AvailabilityForm({ initialWeek }: AvailabilityFormProps) {
  const [week, setWeek] = useState(initialWeek);
  const [errors, setErrors] = useState<WeekErrors>(new Map());
  const save = useSaveAvailability();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateWeek(week);
    setErrors(found);
    const first = found.values().next();
    if (!first.done) {
      toast.error(VALIDATION_TOAST_TITLE, { description: first.value });
      return;
    }
    save.mutate(toWeekInput(week).input, {
      onSuccess: () => toast.success('Horários salvos com sucesso!'),
      onError: (error) =>
        toast.error('Erro ao salvar horários', { description: getErrorMessage(error) }),
    });
  }

  return (
    <form noValidate aria-label="Horários da semana" onSubmit={handleSubmit} className="space-y-4">
      <Card className="gap-0 py-0">
        <ul className="divide-y">
          {WEEKDAY_LABELS.map((label, dayOfWeek) => (
            <DayRow
              key={label}
              dayOfWeek={dayOfWeek}
              label={label}
              day={week[dayOfWeek]!}
              errors={errors}
              disabled={save.isPending}
              onChange={(day) =>
                setWeek((current) => current.map((d, i) => (i === dayOfWeek ? day : d)))
              }
            />
          ))}
        </ul>
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
