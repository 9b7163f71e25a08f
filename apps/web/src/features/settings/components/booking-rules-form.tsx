import { bookingRulesSchema, type BookingRules } from '@agendaki/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { SubmitButton } from '@/components/ui/submit-button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { getErrorMessage } from '@/lib/api-client';
import { toastFirstValidationError } from '@/lib/validation-toast';
import { useBookingRules, useSaveBookingRules } from '../api/booking-rules';

const NOTICE_OPTIONS: readonly { minutes: number; label: string }[] = [
  { minutes: 0, label: 'Sem antecedência' },
  { minutes: 30, label: '30 minutos' },
  { minutes: 60, label: '1 hora' },
  { minutes: 120, label: '2 horas' },
  { minutes: 240, label: '4 horas' },
  { minutes: 720, label: '12 horas' },
  { minutes: 1440, label: '1 dia' },
  { minutes: 2880, label: '2 dias' },
  { minutes: 4320, label: '3 dias' },
  { minutes: 10080, label: '7 dias' },
];

const STEP_OPTIONS: readonly { value: string; label: string }[] = [
  { value: '15', label: 'A cada 15 minutos' },
  { value: '30', label: 'A cada 30 minutos' },
  { value: '60', label: 'A cada 60 minutos' },
  { value: 'duration', label: 'Pela duração escolhida' },
];

const selectClass =
  'h-10 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:max-w-xs';

const reportInvalid = toastFirstValidationError<BookingRules>([
  'minNoticeMinutes',
  'horizonDays',
  'slotStep',
  'maxBookingsPerDay',
  'paused',
]);

/** An empty number field means "no cap"; anything else is read as a number. */
const toOptionalNumber = (value: unknown) =>
  value === '' || value === null || value === undefined ? null : Number(value);

function RulesForm({ rules }: { rules: BookingRules }) {
  const save = useSaveBookingRules();
  const form = useForm<BookingRules>({
    resolver: zodResolver(bookingRulesSchema),
    defaultValues: rules,
  });
  const { errors, isDirty } = form.formState;
  const noticeOptions = NOTICE_OPTIONS.some((o) => o.minutes === rules.minNoticeMinutes)
    ? NOTICE_OPTIONS
    : [
        ...NOTICE_OPTIONS,
        { minutes: rules.minNoticeMinutes, label: `${rules.minNoticeMinutes} minutos` },
      ];

  async function submit(input: BookingRules) {
    try {
      form.reset(await save.mutateAsync(input));
      toast.success('Regras de agendamento salvas');
    } catch (error) {
      toast.error('Erro ao salvar regras', { description: getErrorMessage(error) });
    }
  }

  return (
    <form
      noValidate
      aria-label="Regras de agendamento online"
      className="grid max-w-2xl gap-5"
      onSubmit={form.handleSubmit(submit, reportInvalid)}
    >
      <FormField
        label="Antecedência mínima"
        error={errors.minNoticeMinutes?.message}
        description="Quanto tempo antes do horário um cliente ainda pode agendar."
      >
        {(control) => (
          <select
            {...control}
            className={selectClass}
            {...form.register('minNoticeMinutes', { valueAsNumber: true })}
          >
            {noticeOptions.map((option) => (
              <option key={option.minutes} value={option.minutes}>
                {option.label}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField
        label="Agendar com até quantos dias de antecedência"
        error={errors.horizonDays?.message}
        description="De 1 a 365 dias a partir de hoje."
      >
        {(control) => (
          <Input
            {...control}
            type="number"
            inputMode="numeric"
            min={1}
            max={365}
            className="sm:max-w-32"
            {...form.register('horizonDays', { valueAsNumber: true })}
          />
        )}
      </FormField>
      <FormField
        label="Horários de início"
        error={errors.slotStep?.message}
        description="De quanto em quanto tempo os horários são oferecidos."
      >
        {(control) => (
          <Controller
            control={form.control}
            name="slotStep"
            render={({ field }) => (
              <select
                {...control}
                className={selectClass}
                value={String(field.value)}
                onBlur={field.onBlur}
                onChange={(event) =>
                  field.onChange(
                    event.target.value === 'duration' ? 'duration' : Number(event.target.value),
                  )
                }
              >
                {STEP_OPTIONS.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            )}
          />
        )}
      </FormField>
      <FormField
        label="Limite de agendamentos por dia"
        error={errors.maxBookingsPerDay?.message}
        description="Opcional. Em branco, sem limite."
      >
        {(control) => (
          <Input
            {...control}
            type="number"
            inputMode="numeric"
            min={1}
            className="sm:max-w-32"
            {...form.register('maxBookingsPerDay', { setValueAs: toOptionalNumber })}
          />
        )}
      </FormField>
      <Controller
        control={form.control}
        name="paused"
        render={({ field }) => (
          <div className="flex items-start gap-3 rounded-lg border p-4">
            <Switch
              id="booking-paused"
              checked={field.value}
              onCheckedChange={field.onChange}
              aria-describedby="booking-paused-hint"
            />
            <div className="grid gap-1">
              <Label htmlFor="booking-paused">Pausar agenda online</Label>
              <p id="booking-paused-hint" className="text-sm text-muted-foreground">
                Sua página mostra &quot;Agenda online pausada no momento&quot; com o seu WhatsApp.
              </p>
            </div>
          </div>
        )}
      />
      <SubmitButton
        isPending={save.isPending}
        pendingLabel="Salvando..."
        disabled={!isDirty}
        className="mt-1 w-full sm:w-fit"
      >
        Salvar regras
      </SubmitButton>
    </form>
  );
}

/** Configurações > Agendamento online: rules for the public page only, never the dashboard. */
export function BookingRulesSettings() {
  const rules = useBookingRules();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Agendamento online</CardTitle>
        <CardDescription>
          Regras da sua página pública. Pelo painel você pode agendar fora delas.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {rules.data ? (
          <RulesForm rules={rules.data} />
        ) : rules.isError ? (
          <p className="text-muted-foreground">Não foi possível carregar as regras.</p>
        ) : (
          <Skeleton className="h-64 w-full max-w-2xl" />
        )}
      </CardContent>
    </Card>
  );
}
