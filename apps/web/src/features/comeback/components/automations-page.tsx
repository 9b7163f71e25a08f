import {
  DECENT_HOURS,
  automationSettingsInputSchema,
  type AutomationSettings,
  type AutomationSettingsInput,
  type Service,
} from '@agendaki/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { PageHeader } from '@/components/layouts/page-header';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { SubmitButton } from '@/components/ui/submit-button';
import { useMe } from '@/features/auth/api/get-me';
import { useServices } from '@/features/services/api/get-services';
import { getErrorMessage } from '@/lib/api-client';
import { toastFirstValidationError } from '@/lib/validation-toast';
import { useAutomationSettings, useSaveAutomationSettings } from '../api/automation-settings';
import { AutomationText } from './automation-text';
import { EnabledSwitch } from './enabled-switch';
import { MissingClientsCard } from './missing-clients-card';
import { ReturnIntervals } from './return-intervals';

const resolver = zodResolver(automationSettingsInputSchema);
const reportInvalid = toastFirstValidationError<AutomationSettingsInput>([
  'returnText',
  'returnIntervals',
  'reviewUrl',
  'reviewText',
  'birthdayText',
  'birthdayHour',
  'missingText',
]);
const HOURS = Array.from(
  { length: DECENT_HOURS.to - DECENT_HOURS.from },
  (_, i) => DECENT_HOURS.from + i,
);
const selectClass =
  'h-10 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:max-w-40';

function AutomationsForm(props: {
  settings: AutomationSettings;
  services: Service[];
  bookingUrl: string;
}) {
  const { settings, services, bookingUrl } = props;
  const save = useSaveAutomationSettings();
  const form = useForm<AutomationSettingsInput, unknown, AutomationSettings>({
    resolver,
    defaultValues: { ...settings, reviewUrl: settings.reviewUrl ?? '' },
  });
  const [returnText, reviewText, missingText, reviewUrl, birthdayText] = useWatch({
    control: form.control,
    name: ['returnText', 'reviewText', 'missingText', 'reviewUrl', 'birthdayText'],
  });
  const errors = form.formState.errors;
  const firstService = services[0];
  const sample = {
    service: firstService?.name ?? 'Corte',
    link: firstService ? `${bookingUrl}?servico=${firstService.id}` : bookingUrl,
  };

  async function submit(input: AutomationSettings) {
    try {
      await save.mutateAsync(input);
      toast.success('Mensagens salvas');
    } catch (error) {
      toast.error('Erro ao salvar', { description: getErrorMessage(error) });
    }
  }

  return (
    <form
      noValidate
      aria-label="Mensagens automáticas"
      className="grid gap-6"
      onSubmit={(event) => void form.handleSubmit(submit, reportInvalid)(event)}
    >
      <Card>
        <CardHeader>
          <CardTitle>Hora de voltar</CardTitle>
          <CardDescription>
            Depois de um atendimento concluído, no intervalo de cada serviço, a cliente recebe um
            convite com o link da sua página e o serviço já escolhido. Não vai se ela já tiver um
            horário marcado.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <EnabledSwitch
            id="return-enabled"
            name="returnEnabled"
            control={form.control}
            label="Enviar “Hora de voltar”"
            hint="Entre 9h e 20h no seu fuso horário, uma vez por atendimento."
          />
          <Controller
            control={form.control}
            name="returnIntervals"
            render={({ field }) => (
              <ReturnIntervals services={services} value={field.value} onChange={field.onChange} />
            )}
          />
          <AutomationText
            label="Texto da mensagem"
            registration={form.register('returnText')}
            value={returnText ?? ''}
            error={errors.returnText?.message}
            preview={sample}
            testId="return-preview"
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Avaliação</CardTitle>
          <CardDescription>
            Duas horas depois de um atendimento concluído, um pedido de avaliação com o seu endereço
            (por exemplo, o do Google).
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <EnabledSwitch
            id="review-enabled"
            name="reviewEnabled"
            control={form.control}
            label="Pedir avaliação"
            hint="Uma vez por agendamento, entre 9h e 20h."
          />
          <FormField
            label="Endereço de avaliação"
            error={errors.reviewUrl?.message}
            description="Comece com https://"
          >
            {(control) => (
              <Input
                {...control}
                inputMode="url"
                placeholder="https://g.page/r/…/review"
                {...form.register('reviewUrl')}
              />
            )}
          </FormField>
          <AutomationText
            label="Texto da mensagem"
            registration={form.register('reviewText')}
            value={reviewText ?? ''}
            error={errors.reviewText?.message}
            preview={{ service: sample.service, link: reviewUrl || 'https://…' }}
            testId="review-preview"
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Aniversário</CardTitle>
          <CardDescription>
            No aniversário da cliente (o campo “Aniversário” da página dela), no horário escolhido.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <EnabledSwitch
            id="birthday-enabled"
            name="birthdayEnabled"
            control={form.control}
            label="Enviar parabéns"
            hint="Uma vez por ano, no seu fuso horário."
          />
          <FormField label="Horário de envio" error={errors.birthdayHour?.message}>
            {(control) => (
              <select
                {...control}
                className={selectClass}
                {...form.register('birthdayHour', { valueAsNumber: true })}
              >
                {HOURS.map((hour) => (
                  <option key={hour} value={hour}>
                    {String(hour).padStart(2, '0')}:00
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <AutomationText
            label="Texto da mensagem"
            registration={form.register('birthdayText')}
            value={birthdayText ?? ''}
            error={errors.birthdayText?.message}
            preview={{ service: '', link: bookingUrl }}
            testId="birthday-preview"
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Mensagem para clientes sumidas</CardTitle>
          <CardDescription>
            O texto que vai quando você toca em “Enviar mensagem” na lista abaixo.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <AutomationText
            label="Texto da mensagem"
            registration={form.register('missingText')}
            value={missingText ?? ''}
            error={errors.missingText?.message}
            preview={{ service: '', link: bookingUrl }}
            testId="missing-preview"
          />
        </CardContent>
      </Card>
      <SubmitButton
        className="w-full sm:w-fit"
        isPending={save.isPending}
        pendingLabel="Salvando..."
      >
        Salvar mensagens
      </SubmitButton>
    </form>
  );
}

/** Mensagens (issue 50): the automations and the list of clients who went missing. */
export function AutomationsPage() {
  const settings = useAutomationSettings();
  const services = useServices();
  const me = useMe();
  const link = me.data?.profile.customLink;
  const bookingUrl = `${window.location.origin}/book/${link ?? ''}`;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Mensagens"
        description="Mensagens pelo WhatsApp (quando ligado em Configurações) ou por e-mail que trazem suas clientes de volta, no seu horário comercial."
      />
      {settings.data && services.data && link ? (
        <AutomationsForm
          settings={settings.data}
          services={services.data.filter((s) => s.isActive)}
          bookingUrl={bookingUrl}
        />
      ) : (
        <Skeleton className="h-96 w-full" />
      )}
      <MissingClientsCard />
    </div>
  );
}
