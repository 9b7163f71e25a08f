import {
  APPOINTMENT_STATUS_LABELS,
  APPOINTMENT_STATUSES,
  appointmentInputSchema,
  type Appointment,
  type AppointmentInput,
} from '@agendaki/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from '@/lib/toast';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { SubmitButton } from '@/components/ui/submit-button';
import { DialogFooter } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { useClientMoney, useUsePackageSession } from '@/features/money/api/packages';
import { Textarea } from '@/components/ui/textarea';
import { paths } from '@/config/paths';
import { getErrorMessage } from '@/lib/api-client';
import { toastFirstValidationError } from '@/lib/validation-toast';
import { useServiceChoices } from '../api/get-form-choices';
import { useSaveAppointment } from '../api/save-appointment';
import { describeService, getBookingPreview, toServiceChoices } from '../lib/form-choices';
import { ClientPicker } from './client-picker';
import { ChoiceFormField, DateFormField } from './form-fields';
import { MissingHint } from './missing-hint';

type FormOutput = z.output<typeof appointmentInputSchema>;

/** docs/product.md section 5: only the first validation message is shown, in this order. */
const reportInvalid = toastFirstValidationError<AppointmentInput>([
  'clientId',
  'serviceId',
  'appointmentDate',
  'startTime',
  'status',
  'notes',
]);

const STATUS_OPTIONS = APPOINTMENT_STATUSES.map((status) => ({
  value: status,
  label: APPOINTMENT_STATUS_LABELS[status],
}));

export interface AppointmentFormProps {
  /** The appointment to edit; a new one when absent. */
  appointment?: Appointment;
  /** "Today" in the professional's zone (YYYY-MM-DD): a new appointment starts on it. */
  today: string;
  /** A new appointment's date and start, e.g. a free time tapped in the day or week view. */
  initial?: { date: string; startTime: string };
  /** Saved, or cancelled. */
  onDone: () => void;
  /** Closed (features/money): only its notes may change; the database refuses the rest. */
  closed?: boolean;
}

/** Client, service, date, start time, status and notes (docs/product.md section 5, appointment form). */
export function AppointmentForm({
  appointment,
  today,
  initial,
  onDone,
  closed = false,
}: AppointmentFormProps) {
  const save = useSaveAppointment();
  const services = useServiceChoices();
  const {
    control,
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm<AppointmentInput, unknown, FormOutput>({
    resolver: zodResolver(appointmentInputSchema),
    defaultValues: {
      clientId: appointment?.clientId ?? '',
      serviceId: appointment?.serviceId ?? '',
      appointmentDate: appointment?.appointmentDate ?? initial?.date ?? today,
      startTime: appointment?.startTime ?? initial?.startTime ?? '',
      status: appointment?.status ?? 'scheduled',
      notes: appointment?.notes ?? '',
    },
  });

  // Closed (maybe once the dialog is open): the notes are what is left to write.
  useEffect(() => {
    if (closed) setFocus('notes');
  }, [closed, setFocus]);

  const serviceChoices = toServiceChoices(services.data ?? [], appointment);
  const [serviceId, startTime, clientId] = useWatch({
    control,
    name: ['serviceId', 'startTime', 'clientId'],
  });
  // A new appointment may use a session of the client's package for its service (decision 038).
  const money = useClientMoney(appointment ? undefined : clientId || undefined);
  const packageSession = useUsePackageSession();
  const [packageChoice, setPackageChoice] = useState('');
  const usablePackages = (money.data?.packages ?? []).filter(
    (p) => !p.isExpired && p.sessionsLeft > 0 && p.serviceIds.includes(serviceId),
  );
  const chosenPackage = usablePackages.some((p) => p.id === packageChoice) ? packageChoice : '';
  const preview = getBookingPreview(
    serviceChoices.find((s) => s.id === serviceId),
    startTime,
  );

  function submit(input: FormOutput) {
    save.mutate(
      appointment
        ? { id: appointment.id, input: closed ? { notes: input.notes } : input }
        : { input },
      {
        onSuccess: async (saved) => {
          if (chosenPackage) {
            await packageSession
              .mutateAsync({ appointmentId: saved.id, clientPackageId: chosenPackage })
              .catch((error: unknown) =>
                toast.error('Agendamento criado, mas a sessão do pacote não foi usada', {
                  description: getErrorMessage(error),
                }),
              );
          }
          toast.success(
            appointment ? 'Agendamento atualizado com sucesso!' : 'Agendamento criado com sucesso!',
          );
          // Outside the online booking rules: allowed from here, and said so.
          if (saved.warning) toast.warning(saved.warning);
          onDone();
        },
        onError: (error) =>
          toast.error('Erro ao salvar agendamento', { description: getErrorMessage(error) }),
      },
    );
  }

  let serviceHint: ReactNode;
  if (services.isSuccess && serviceChoices.length === 0) {
    serviceHint = (
      <MissingHint
        text="Nenhum serviço ativo."
        linkLabel="Cadastrar serviço"
        to={paths.dashboard.services.getHref()}
      />
    );
  }

  return (
    <form
      noValidate
      aria-label={appointment ? 'Editar agendamento' : 'Novo agendamento'}
      // One column that may shrink: a service's long label must not widen the dialog on a phone.
      className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4"
      onSubmit={(event) => void handleSubmit(submit, reportInvalid)(event)}
    >
      {/* Everything but the notes; its controls are off while the appointment is closed. */}
      <fieldset disabled={closed} className="contents">
        <Controller
          control={control}
          name="clientId"
          render={({ field: { value, onChange } }) => (
            <ClientPicker
              value={value}
              onChange={onChange}
              initialClient={appointment?.client}
              isInvalid={Boolean(errors.clientId)}
            />
          )}
        />

        <ChoiceFormField
          label="Serviço"
          description={serviceHint}
          name="serviceId"
          control={control}
          placeholder={services.isPending ? 'Carregando...' : 'Selecione o serviço'}
          options={serviceChoices.map((s) => ({ value: s.id, label: describeService(s) }))}
        />

        {usablePackages.length > 0 ? (
          <FormField label="Sessão de pacote">
            {(field) => (
              <NativeSelect
                {...field}
                value={chosenPackage}
                onChange={(event) => setPackageChoice(event.target.value)}
              >
                <option value="">Não usar pacote</option>
                {usablePackages.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name} ({p.sessionsLeft} de {p.sessionsTotal} sessões)
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
        ) : null}

        <div className="grid gap-4 sm:grid-cols-2">
          <DateFormField label="Data" name="appointmentDate" control={control} today={today} />
          <FormField label="Horário de início">
            {(field) => (
              <Input
                {...field}
                type="time"
                aria-invalid={Boolean(errors.startTime) || undefined}
                {...register('startTime')}
              />
            )}
          </FormField>
        </div>

        <ChoiceFormField label="Status" name="status" control={control} options={STATUS_OPTIONS} />
      </fieldset>

      <FormField label="Observações">
        {(field) => (
          <Textarea
            {...field}
            rows={3}
            placeholder="Algo a lembrar sobre este atendimento (opcional)"
            aria-invalid={Boolean(errors.notes) || undefined}
            {...register('notes')}
          />
        )}
      </FormField>

      {preview ? (
        <p
          className="rounded-md bg-accent px-3 py-2 text-sm text-accent-foreground"
          aria-live="polite"
        >
          {preview}
        </p>
      ) : null}

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={save.isPending}>
          Cancelar
        </Button>
        <SubmitButton isPending={save.isPending} pendingLabel="Salvando...">
          {appointment ? 'Salvar Alterações' : 'Criar Agendamento'}
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}
