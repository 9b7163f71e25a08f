import {
  type Appointment,
  formatCentsForInput,
  formatIsoDate,
  SERIES_SCOPE_LABELS,
  SERIES_SCOPES,
  type Series,
  type SeriesChange,
  seriesChangeFormSchema,
  type SeriesChangeFormInput,
  type SeriesChangeFormOutput,
} from '@agendaki/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { MoneyFormField } from '@/components/ui/money-form-field';
import { Skeleton } from '@/components/ui/skeleton';
import { SubmitButton } from '@/components/ui/submit-button';
import { getErrorMessage } from '@/lib/api-client';
import { toastFirstValidationError } from '@/lib/validation-toast';
import { useChangeSeries, useSeries } from '../api/series';
import { DateFormField } from './form-fields';
import { SeriesDates } from './series-dates';

export interface SeriesDialogProps {
  /** The occurrence the change starts from; closed when null. */
  appointment: Appointment | null;
  today: string;
  onOpenChange: (open: boolean) => void;
}

/**
 * "Horário fixo" of an occurrence (docs/product.md, Horário fixo): change the time or the price,
 * or cancel, for "Só este", "Este e os seguintes" or "Toda a série"; the series' dates below.
 */
export function SeriesDialog({ appointment, today, onOpenChange }: SeriesDialogProps) {
  const series = useSeries(appointment?.seriesId ?? null);
  return (
    <Dialog open={appointment !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Horário fixo</DialogTitle>
          <DialogDescription>
            {series.data
              ? `${series.data.clientName} · ${series.data.label}`
              : 'Carregando o horário fixo...'}
          </DialogDescription>
        </DialogHeader>
        {appointment && series.data ? (
          <SeriesChangeForm
            key={`${appointment.id}-${series.dataUpdatedAt}`}
            appointment={appointment}
            series={series.data}
            today={today}
            onDone={() => onOpenChange(false)}
          />
        ) : (
          <Skeleton className="h-48 w-full" />
        )}
      </DialogContent>
    </Dialog>
  );
}

const reportInvalid = toastFirstValidationError<SeriesChangeFormInput>([
  'scope',
  'appointmentDate',
  'startTime',
  'prices',
]);

function SeriesChangeForm({
  appointment,
  series,
  today,
  onDone,
}: {
  appointment: Appointment;
  series: Series;
  today: string;
  onDone: () => void;
}) {
  const change = useChangeSeries(series.id);
  const bookingId = appointment.bookingId ?? appointment.id;
  const occurrence = series.occurrences.find((o) => o.bookingId === bookingId);
  const prices = series.services.map((s) => formatCentsForInput(s.priceCents));
  const { control, register, handleSubmit, formState } = useForm<
    SeriesChangeFormInput,
    unknown,
    SeriesChangeFormOutput
  >({
    resolver: zodResolver(seriesChangeFormSchema),
    defaultValues: {
      scope: 'one',
      appointmentDate: appointment.appointmentDate,
      startTime: occurrence?.startTime ?? appointment.startTime,
      prices,
    },
  });
  const scope = useWatch({ control, name: 'scope' });

  function send(body: SeriesChange, success: string) {
    change.mutate(body, {
      onSuccess: () => {
        toast.success(success);
        onDone();
      },
      onError: (error) =>
        toast.error('Erro ao alterar o horário fixo', { description: getErrorMessage(error) }),
    });
  }

  function submit(form: SeriesChangeFormOutput) {
    const isNewTime = form.startTime !== (occurrence?.startTime ?? appointment.startTime);
    const isNewDate = form.scope === 'one' && form.appointmentDate !== appointment.appointmentDate;
    const isNewPrice = form.prices.some((cents, i) => cents !== series.services[i]?.priceCents);
    if (!isNewTime && !isNewDate && !isNewPrice) {
      toast.info('Nada mudou', { description: 'Altere a data, o horário ou o valor.' });
      return;
    }
    send(
      {
        bookingId,
        scope: form.scope,
        action: 'update',
        ...(isNewTime || isNewDate ? { startTime: form.startTime } : {}),
        ...(isNewDate ? { appointmentDate: form.appointmentDate } : {}),
        ...(isNewPrice ? { pricesCents: form.prices } : {}),
      },
      'Horário fixo alterado!',
    );
  }

  return (
    <form
      noValidate
      aria-label="Alterar horário fixo"
      className="grid gap-4"
      onSubmit={(event) => void handleSubmit(submit, reportInvalid)(event)}
    >
      <p className="text-sm">
        A partir de: <strong>{formatIsoDate(appointment.appointmentDate)}</strong> às{' '}
        {appointment.startTime}
      </p>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Aplicar a</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {SERIES_SCOPES.map((value) => (
            <label key={value} className="inline-flex items-center gap-2 text-sm">
              <input
                type="radio"
                value={value}
                className="size-4 accent-primary"
                {...register('scope')}
              />
              {SERIES_SCOPE_LABELS[value]}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        {scope === 'one' ? (
          <DateFormField
            label="Data"
            error={formState.errors.appointmentDate?.message}
            name="appointmentDate"
            control={control}
            today={today}
          />
        ) : null}
        <FormField label="Horário" error={formState.errors.startTime?.message}>
          {(field) => <Input {...field} type="time" {...register('startTime')} />}
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {series.services.map((service, index) => (
          <MoneyFormField
            key={service.serviceId}
            label={series.services.length > 1 ? `Valor de ${service.name}` : 'Valor'}
            name={`prices.${index}`}
            control={control}
          />
        ))}
      </div>
      <p className="text-xs text-muted-foreground">
        Um novo valor vale só para as datas que ainda vão acontecer.
      </p>
      <DialogFooter className="gap-2">
        <ConfirmDialog
          title="Cancelar estas datas?"
          description={`${SERIES_SCOPE_LABELS[scope]}: as datas ficam canceladas e os horários livres.`}
          confirmLabel="Sim, cancelar"
          onConfirm={() =>
            send({ bookingId, scope, action: 'cancel' }, 'Datas do horário fixo canceladas.')
          }
          trigger={
            <Button type="button" variant="outline" className="text-destructive">
              Cancelar datas
            </Button>
          }
        />
        <SubmitButton isPending={change.isPending} pendingLabel="Salvando...">
          Salvar alteração
        </SubmitButton>
      </DialogFooter>
      <SeriesDates series={series} />
    </form>
  );
}
