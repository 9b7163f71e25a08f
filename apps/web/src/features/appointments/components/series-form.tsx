import {
  formatWeekday,
  SERIES_REPEAT_LABELS,
  SERIES_REPEATS,
  seriesFormSchema,
  type SeriesFormInput,
  type SeriesFormOutput,
  type SeriesPreview,
  toSeriesInput,
} from '@agendaki/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { getErrorMessage } from '@/lib/api-client';
import { toastFirstValidationError } from '@/lib/validation-toast';
import { useServiceChoices } from '../api/get-form-choices';
import { useCreateSeries, usePreviewSeries } from '../api/series';
import { describeService, toServiceChoices } from '../lib/form-choices';
import { ClientPicker } from './client-picker';
import { ChoiceFormField, DateFormField } from './form-fields';
import { type SeriesMove, SeriesPreviewList } from './series-preview-list';

const reportInvalid = toastFirstValidationError<SeriesFormInput>([
  'clientId',
  'serviceIds',
  'startDate',
  'startTime',
  'repeat',
  'count',
  'until',
]);

const REPEAT_OPTIONS = SERIES_REPEATS.map((value) => ({
  value,
  label: SERIES_REPEAT_LABELS[value],
}));
const END_OPTIONS = [
  { value: 'count', label: 'Depois de algumas vezes' },
  { value: 'until', label: 'Em uma data' },
];

export interface SeriesFormProps {
  today: string;
  /** The client's card opens it with the client chosen. */
  initialClient?: { id: string; name: string };
  onDone: () => void;
}

/**
 * "Novo horário fixo" (docs/product.md, Horário fixo): client, services, first date (its weekday
 * is the series'), time, repetition and end; "Ver datas" shows every date and why some cannot
 * happen; the professional keeps the rest or moves a date, and saves them all at once.
 */
export function SeriesForm({ today, initialClient, onDone }: SeriesFormProps) {
  const services = useServiceChoices();
  const preview = usePreviewSeries();
  const create = useCreateSeries();
  const [previewed, setPreviewed] = useState<{
    preview: SeriesPreview;
    input: SeriesFormOutput;
    key: string;
  }>();
  const [moves, setMoves] = useState<SeriesMove[]>([]);
  const [dropped, setDropped] = useState<Set<string>>(new Set());
  const { control, register, handleSubmit, formState } = useForm<
    SeriesFormInput,
    unknown,
    SeriesFormOutput
  >({
    resolver: zodResolver(seriesFormSchema),
    defaultValues: {
      clientId: initialClient?.id ?? '',
      serviceIds: [],
      startDate: today,
      startTime: '',
      repeat: '1',
      endKind: 'count',
      count: '8',
      until: '',
    },
  });
  const { errors } = formState;
  // The dates shown belong to the rule they were asked for: any change hides them ("Ver datas").
  const key = JSON.stringify(useWatch({ control }));
  const shown = previewed?.key === key ? previewed : undefined;
  const [startDate, endKind] = useWatch({ control, name: ['startDate', 'endKind'] });
  const choices = toServiceChoices(services.data ?? []);

  function showDates(input: SeriesFormOutput, nextMoves: SeriesMove[] = []) {
    preview.mutate(
      { ...toSeriesInput(input), moves: nextMoves },
      {
        onSuccess: (result) => {
          if (previewed?.key !== key) setDropped(new Set());
          setPreviewed({ preview: result, input, key });
          setMoves(nextMoves);
        },
        onError: (error) =>
          toast.error('Erro ao ver as datas', { description: getErrorMessage(error) }),
      },
    );
  }

  function save() {
    if (!shown) return;
    const skips = shown.preview.items
      .filter((item) => item.problem || dropped.has(item.date))
      .map((item) => item.date);
    create.mutate(
      { ...toSeriesInput(shown.input), skips, moves: moves.filter((m) => !skips.includes(m.date)) },
      {
        onSuccess: (series) => {
          toast.success('Horário fixo criado!', {
            description: `${series.occurrences.length} agendamentos marcados. ${series.label}.`,
          });
          onDone();
        },
        onError: (error) =>
          toast.error('Erro ao salvar o horário fixo', { description: getErrorMessage(error) }),
      },
    );
  }

  const kept = shown?.preview.items.filter((i) => !i.problem && !dropped.has(i.date)) ?? [];
  return (
    <form
      noValidate
      aria-label="Novo horário fixo"
      className="grid gap-4"
      onSubmit={(event) => void handleSubmit((input) => showDates(input), reportInvalid)(event)}
    >
      <Controller
        control={control}
        name="clientId"
        render={({ field: { value, onChange } }) => (
          <ClientPicker
            value={value}
            onChange={onChange}
            initialClient={initialClient}
            isInvalid={Boolean(errors.clientId)}
          />
        )}
      />
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Serviços</legend>
        {choices.map((service) => (
          <label key={service.id} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              value={service.id}
              className="size-4 accent-primary"
              {...register('serviceIds')}
            />
            {describeService(service)}
          </label>
        ))}
        {errors.serviceIds ? (
          <p className="text-sm text-destructive">{errors.serviceIds.message}</p>
        ) : null}
      </fieldset>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <DateFormField
          label="Primeira data"
          description={startDate ? `Dia da semana: ${formatWeekday(startDate)}` : undefined}
          name="startDate"
          control={control}
          today={today}
        />
        <FormField label="Horário" error={errors.startTime?.message}>
          {(field) => <Input {...field} type="time" {...register('startTime')} />}
        </FormField>
      </div>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <ChoiceFormField label="Repetir" name="repeat" control={control} options={REPEAT_OPTIONS} />
        <ChoiceFormField label="Termina" name="endKind" control={control} options={END_OPTIONS} />
      </div>
      {endKind === 'count' ? (
        <FormField label="Quantas vezes" error={errors.count?.message}>
          {(field) => <Input {...field} inputMode="numeric" {...register('count')} />}
        </FormField>
      ) : (
        <DateFormField
          label="Até"
          error={errors.until?.message}
          name="until"
          control={control}
          today={today}
        />
      )}

      {shown ? (
        <SeriesPreviewList
          items={shown.preview.items}
          warning={shown.preview.warning}
          dropped={dropped}
          today={today}
          onToggle={(date, keep) => {
            const next = new Set(dropped);
            if (keep) next.delete(date);
            else next.add(date);
            setDropped(next);
          }}
          onMove={(move) =>
            showDates(shown.input, [...moves.filter((m) => m.date !== move.date), move])
          }
        />
      ) : null}

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancelar
        </Button>
        {shown ? (
          <SubmitButton
            type="button"
            isPending={create.isPending}
            pendingLabel="Salvando..."
            disabled={kept.length === 0}
            onClick={save}
          >
            Salvar horário fixo
          </SubmitButton>
        ) : (
          <SubmitButton isPending={preview.isPending} pendingLabel="Verificando...">
            Ver datas
          </SubmitButton>
        )}
      </DialogFooter>
    </form>
  );
}
