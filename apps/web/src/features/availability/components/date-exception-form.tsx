import {
  dateExceptionInputSchema,
  type AffectedAppointment,
  type DateException,
  type DateExceptionInput,
} from '@agendaki/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import { Controller, useFieldArray, useForm, useWatch, type Resolver } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { getErrorMessage } from '@/lib/api-client';
import { toastFirstSchemaError } from '@/lib/validation-toast';
import { useSaveException } from '../api/exceptions';
import { formatDateBr } from '../lib/dates';

interface Draft {
  closed: boolean;
  windows: { startTime: string; endTime: string }[];
  note: string;
}

function toDraft(exception: DateException | undefined): Draft {
  return {
    closed: exception ? exception.windows.length === 0 : true,
    windows: exception?.windows.length
      ? exception.windows.map((w) => ({ ...w }))
      : [{ startTime: '09:00', endTime: '12:00' }],
    note: exception?.note ?? '',
  };
}

const schemaResolver = zodResolver(dateExceptionInputSchema);
/** A closed date is sent with no windows; the ones on screen are kept if it is reopened. */
const resolver: Resolver<Draft, unknown, DateExceptionInput> = (values, context, options) =>
  schemaResolver(
    { windows: values.closed ? [] : values.windows, note: values.note },
    context,
    options as never,
  );
const reportInvalid = toastFirstSchemaError<Draft>('Erro ao salvar data');

export interface DateExceptionFormProps {
  date: string;
  exception: DateException | undefined;
  onSaved: (affected: AffectedAppointment[]) => void;
  onRemove: () => void;
  isRemoving: boolean;
}

/** One date of "Datas especiais": closed all day, or its own windows, with a note. */
export function DateExceptionForm({
  date,
  exception,
  onSaved,
  onRemove,
  isRemoving,
}: DateExceptionFormProps) {
  const save = useSaveException();
  const form = useForm<Draft, unknown, DateExceptionInput>({
    resolver,
    defaultValues: toDraft(exception),
    shouldFocusError: false,
  });
  const windows = useFieldArray({ control: form.control, name: 'windows' });
  const closed = useWatch({ control: form.control, name: 'closed' });

  async function submit(input: DateExceptionInput) {
    try {
      const answer = await save.mutateAsync({ date, input });
      onSaved(answer.affected);
      toast.success(`Data ${formatDateBr(date)} salva`);
    } catch (error) {
      toast.error('Erro ao salvar data', { description: getErrorMessage(error) });
    }
  }

  return (
    <form
      aria-label={`Data ${formatDateBr(date)}`}
      className="grid gap-4"
      onSubmit={(event) => void form.handleSubmit(submit, reportInvalid)(event)}
    >
      <p className="font-medium">{formatDateBr(date)}</p>
      <Controller
        control={form.control}
        name="closed"
        render={({ field }) => (
          <fieldset className="grid gap-2">
            <legend className="sr-only">Como fica esta data</legend>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="exception-kind"
                checked={field.value}
                onChange={() => field.onChange(true)}
              />
              Fechado o dia todo
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="exception-kind"
                checked={!field.value}
                onChange={() => field.onChange(false)}
              />
              Horários próprios
            </label>
          </fieldset>
        )}
      />
      {closed ? null : (
        <div className="grid gap-2">
          {windows.fields.map((w, index) => (
            <div key={w.id} className="flex items-center gap-2">
              <Input
                type="time"
                aria-label={`Início ${index + 1}`}
                {...form.register(`windows.${index}.startTime`)}
                className="w-32"
              />
              <span aria-hidden="true">–</span>
              <Input
                type="time"
                aria-label={`Fim ${index + 1}`}
                {...form.register(`windows.${index}.endTime`)}
                className="w-32"
              />
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Remover horário ${index + 1}`}
                disabled={windows.fields.length === 1}
                onClick={() => windows.remove(index)}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </div>
          ))}
          <Button
            type="button"
            variant="outline"
            className="w-fit"
            onClick={() => windows.append({ startTime: '14:00', endTime: '18:00' })}
          >
            <Plus aria-hidden="true" />
            Adicionar horário
          </Button>
        </div>
      )}
      <div className="grid gap-2">
        <Label htmlFor="exception-note">Observação (opcional)</Label>
        <Input id="exception-note" maxLength={200} {...form.register('note')} />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Salvando...' : 'Salvar data'}
        </Button>
        {exception ? (
          <Button type="button" variant="outline" disabled={isRemoving} onClick={onRemove}>
            Voltar ao horário da semana
          </Button>
        ) : null}
      </div>
    </form>
  );
}
