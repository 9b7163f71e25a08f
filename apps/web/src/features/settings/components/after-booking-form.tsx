import {
  DEFAULT_WHATSAPP_TEMPLATE,
  fillWhatsappTemplate,
  afterBookingSettingsSchema,
  mapUrlFor,
  type AfterBookingSettings,
  type AfterBookingSettingsInput,
} from '@agendaki/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { SubmitButton } from '@/components/ui/submit-button';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { getErrorMessage } from '@/lib/api-client';
import { toastFirstSchemaError } from '@/lib/validation-toast';
import { useAfterBookingSettings, useSaveAfterBookingSettings } from '../api/after-booking';

const selectClass =
  'h-10 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:max-w-xs';

const CUTOFF_OPTIONS = [0, 1, 2, 4, 12, 24, 48];
const REMINDER_OPTIONS: readonly { hours: number; label: string }[] = [
  { hours: 0, label: 'Desligado' },
  { hours: 2, label: '2 horas antes' },
  { hours: 24, label: '24 horas antes' },
  { hours: 48, label: '48 horas antes' },
];

const PREVIEW = {
  cliente: 'Maria',
  data: '25/11/2026',
  hora: '14:30',
  servicos: 'Corte, Escova',
  link: `${window.location.origin}/agendamento/…`,
};

function cutoffLabel(hours: number): string {
  if (hours === 0) return 'Até o horário marcado';
  return `Até ${hours} ${hours === 1 ? 'hora' : 'horas'} antes`;
}

const resolver = zodResolver(afterBookingSettingsSchema);
const reportInvalid = toastFirstSchemaError<AfterBookingSettingsInput>('Erro ao salvar');

function AfterBookingForm({ settings }: { settings: AfterBookingSettings }) {
  const save = useSaveAfterBookingSettings();
  const form = useForm<AfterBookingSettingsInput, unknown, AfterBookingSettings>({
    resolver,
    defaultValues: {
      ...settings,
      whatsappTemplate: settings.whatsappTemplate ?? DEFAULT_WHATSAPP_TEMPLATE,
    },
  });
  const template = useWatch({ control: form.control, name: 'whatsappTemplate' }) ?? '';
  const cutoff = settings.cancelCutoffHours;
  const cutoffOptions = CUTOFF_OPTIONS.includes(cutoff)
    ? CUTOFF_OPTIONS
    : [...CUTOFF_OPTIONS, cutoff];

  async function submit(input: AfterBookingSettings) {
    try {
      await save.mutateAsync({
        ...input,
        // The default text is stored as "none", so a better default reaches everyone later.
        whatsappTemplate:
          input.whatsappTemplate?.trim() === DEFAULT_WHATSAPP_TEMPLATE
            ? null
            : input.whatsappTemplate,
        address: settings.address,
      });
      toast.success('Configurações salvas');
    } catch (error) {
      toast.error('Erro ao salvar', { description: getErrorMessage(error) });
    }
  }

  return (
    <form
      noValidate
      aria-label="Depois do agendamento"
      className="grid max-w-2xl gap-5"
      onSubmit={(event) => void form.handleSubmit(submit, reportInvalid)(event)}
    >
      <FormField
        label="Cliente pode confirmar, remarcar ou cancelar pelo link"
        description="Depois desse prazo, o link mostra o seu WhatsApp."
      >
        {(control) => (
          <select
            {...control}
            className={selectClass}
            {...form.register('cancelCutoffHours', { valueAsNumber: true })}
          >
            {cutoffOptions.map((hours) => (
              <option key={hours} value={hours}>
                {cutoffLabel(hours)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField
        label="Lembrete por e-mail"
        description="Enviado ao cliente com o link do agendamento."
      >
        {(control) => (
          <select
            {...control}
            className={selectClass}
            {...form.register('reminderHours', { valueAsNumber: true })}
          >
            {REMINDER_OPTIONS.map((option) => (
              <option key={option.hours} value={option.hours}>
                {option.label}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <div className="flex items-start gap-3 rounded-lg border p-4">
        <Controller
          control={form.control}
          name="clientEmailRequired"
          render={({ field }) => (
            <Switch
              id="client-email-required"
              checked={field.value}
              onCheckedChange={field.onChange}
              aria-describedby="client-email-required-hint"
            />
          )}
        />
        <div className="grid gap-1">
          <Label htmlFor="client-email-required">E-mail do cliente obrigatório</Label>
          <p id="client-email-required-hint" className="text-sm text-muted-foreground">
            Desligado: o cliente informa nome e celular com DDD; o e-mail fica opcional.
          </p>
        </div>
      </div>
      <div className="flex items-start gap-3 rounded-lg border p-4">
        <Controller
          control={form.control}
          name="bookingEmailCode"
          render={({ field }) => (
            <Switch
              id="booking-email-code"
              checked={field.value}
              onCheckedChange={field.onChange}
              aria-describedby="booking-email-code-hint"
            />
          )}
        />
        <div className="grid gap-1">
          <Label htmlFor="booking-email-code">Confirmar agendamentos por código no e-mail</Label>
          <p id="booking-email-code-hint" className="text-sm text-muted-foreground">
            Ligado: o cliente recebe um código de 6 números por e-mail e o horário só fica reservado
            depois que ele digita o código. Evita reservas falsas; o e-mail passa a ser obrigatório.
          </p>
        </div>
      </div>
      <FormField
        label="Mensagem do WhatsApp"
        description="Use {cliente}, {data}, {hora}, {servicos} e {link}."
      >
        {(control) => (
          <Textarea {...control} rows={4} maxLength={1000} {...form.register('whatsappTemplate')} />
        )}
      </FormField>
      <div className="rounded-lg border bg-muted/40 p-4">
        <p className="mb-1 text-xs font-medium text-muted-foreground">Pré-visualização</p>
        <p data-testid="whatsapp-preview" className="text-sm whitespace-pre-wrap">
          {fillWhatsappTemplate(template, PREVIEW)}
        </p>
      </div>
      <SubmitButton
        className="w-full sm:w-fit"
        isPending={save.isPending}
        pendingLabel="Salvando..."
      >
        Salvar
      </SubmitButton>
    </form>
  );
}

/** Configurações > Agendamento online: the manage link's cutoff, reminders, e-mail, WhatsApp. */
export function AfterBookingSettingsCard() {
  const settings = useAfterBookingSettings();
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>Depois do agendamento</CardTitle>
        <CardDescription>
          O link do cliente para confirmar, remarcar ou cancelar, os lembretes e a mensagem do
          WhatsApp.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {settings.data ? (
          <AfterBookingForm settings={settings.data} />
        ) : (
          <Skeleton className="h-64 w-full" />
        )}
      </CardContent>
    </Card>
  );
}

function AddressForm({ settings }: { settings: AfterBookingSettings }) {
  const save = useSaveAfterBookingSettings();
  const form = useForm<AfterBookingSettingsInput, unknown, AfterBookingSettings>({
    resolver,
    defaultValues: { ...settings, address: settings.address ?? '' },
  });
  const address = useWatch({ control: form.control, name: 'address' }) ?? '';
  async function submit(input: AfterBookingSettings) {
    try {
      // Only the address changes here; the other settings are sent back as loaded.
      await save.mutateAsync({ ...settings, address: input.address });
      toast.success('Endereço salvo');
    } catch (error) {
      toast.error('Erro ao salvar', { description: getErrorMessage(error) });
    }
  }
  return (
    <form
      noValidate
      aria-label="Endereço"
      className="grid max-w-2xl gap-4"
      onSubmit={(event) => void form.handleSubmit(submit, reportInvalid)(event)}
    >
      <FormField
        label="Endereço (opcional)"
        description="Na sua página, nos e-mails e no arquivo de agenda (.ics)."
      >
        {(control) => (
          <Input
            {...control}
            maxLength={300}
            autoComplete="street-address"
            placeholder="Rua das Flores, 123 - Centro, São Paulo - SP"
            {...form.register('address')}
          />
        )}
      </FormField>
      {address.trim() ? (
        <a
          className="text-sm font-medium text-primary underline"
          href={mapUrlFor(address.trim())}
          target="_blank"
          rel="noreferrer"
        >
          Ver no mapa
        </a>
      ) : null}
      <SubmitButton
        className="w-full sm:w-fit"
        isPending={save.isPending}
        pendingLabel="Salvando..."
      >
        Salvar endereço
      </SubmitButton>
    </form>
  );
}

/** Configurações > Negócio: the business address, with a map link. */
export function BusinessAddressCard() {
  const settings = useAfterBookingSettings();
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>Endereço</CardTitle>
        <CardDescription>Onde o cliente encontra você.</CardDescription>
      </CardHeader>
      <CardContent>
        {settings.data ? (
          <AddressForm settings={settings.data} />
        ) : (
          <Skeleton className="h-24 w-full" />
        )}
      </CardContent>
    </Card>
  );
}
