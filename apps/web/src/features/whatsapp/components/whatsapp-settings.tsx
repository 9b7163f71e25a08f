import {
  whatsappSettingsInputSchema,
  type WhatsappSettings,
  type WhatsappSettingsInput,
} from '@agendaki/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { SubmitButton } from '@/components/ui/submit-button';
import { Switch } from '@/components/ui/switch';
import { paths } from '@/config/paths';
import { getErrorMessage } from '@/lib/api-client';
import { toastFirstSchemaError } from '@/lib/validation-toast';
import { useSaveWhatsappSettings, useWhatsappSettings } from '../api/settings';

const KINDS: readonly { name: keyof WhatsappSettingsInput; label: string; hint: string }[] = [
  {
    name: 'sendConfirmations',
    label: 'Confirmação do agendamento',
    hint: 'Logo após o agendamento, com os botões Confirmar, Remarcar e Cancelar.',
  },
  {
    name: 'sendReminders',
    label: 'Lembrete',
    hint: 'No lugar do lembrete por e-mail, com os mesmos botões. Se falhar, vai o e-mail.',
  },
  {
    name: 'sendChanges',
    label: 'Remarcação e cancelamento',
    hint: 'Quando o cliente remarca ou cancela pelo link.',
  },
  { name: 'sendDeposits', label: 'Sinal Pix a pagar', hint: 'Com o valor e o prazo do sinal.' },
  {
    name: 'sendWaitlist',
    label: 'Vaga da lista de espera',
    hint: 'Quando abre um horário para quem está na lista.',
  },
];

function reminderText(hours: number): string {
  if (hours === 0) return 'O lembrete está desligado.';
  return `O lembrete vai ${hours} horas antes do horário.`;
}

function toInput(settings: WhatsappSettings): WhatsappSettingsInput {
  const { enabled, sendConfirmations, sendReminders, sendChanges, sendDeposits, sendWaitlist } =
    settings;
  return { enabled, sendConfirmations, sendReminders, sendChanges, sendDeposits, sendWaitlist };
}

function SettingsForm({ settings }: { settings: WhatsappSettings }) {
  const save = useSaveWhatsappSettings();
  const form = useForm<WhatsappSettingsInput>({
    resolver: zodResolver(whatsappSettingsInputSchema),
    defaultValues: toInput(settings),
  });
  const enabled = useWatch({ control: form.control, name: 'enabled' });

  async function submit(input: WhatsappSettingsInput) {
    try {
      form.reset(toInput(await save.mutateAsync(input)));
      toast.success('Configurações do WhatsApp salvas');
    } catch (error) {
      toast.error('Erro ao salvar', { description: getErrorMessage(error) });
    }
  }

  return (
    <form
      noValidate
      aria-label="WhatsApp automático"
      className="grid max-w-2xl gap-5"
      onSubmit={(event) =>
        void form.handleSubmit(submit, toastFirstSchemaError('Erro ao salvar'))(event)
      }
    >
      <div className="flex items-start gap-3 rounded-lg border p-4">
        <Controller
          control={form.control}
          name="enabled"
          render={({ field }) => (
            <Switch
              id="whatsapp-enabled"
              checked={field.value}
              onCheckedChange={field.onChange}
              aria-describedby="whatsapp-enabled-hint"
            />
          )}
        />
        <div className="grid gap-1">
          <Label htmlFor="whatsapp-enabled">Enviar mensagens pelo WhatsApp</Label>
          <p id="whatsapp-enabled-hint" className="text-sm text-muted-foreground">
            Do número do Agendaki, sozinhas. Quem responder PARAR deixa de receber.
          </p>
        </div>
      </div>
      <fieldset disabled={!enabled} className="grid gap-3 disabled:opacity-60">
        <legend className="mb-2 text-sm font-medium">Quais mensagens vão</legend>
        {KINDS.map((kind) => (
          <div key={kind.name} className="flex items-start gap-3">
            <Controller
              control={form.control}
              name={kind.name}
              render={({ field }) => (
                <Switch
                  id={`whatsapp-${kind.name}`}
                  checked={field.value}
                  onCheckedChange={field.onChange}
                  aria-describedby={`whatsapp-${kind.name}-hint`}
                />
              )}
            />
            <div className="grid gap-0.5">
              <Label htmlFor={`whatsapp-${kind.name}`}>{kind.label}</Label>
              <p id={`whatsapp-${kind.name}-hint`} className="text-sm text-muted-foreground">
                {kind.hint}
              </p>
            </div>
          </div>
        ))}
      </fieldset>
      <p className="text-sm text-muted-foreground">
        {reminderText(settings.reminderHours)}{' '}
        <Link
          to={paths.dashboard.settings.getHref('booking')}
          className="underline underline-offset-4"
        >
          Mudar em Agendamento online
        </Link>
      </p>
      <div>
        <SubmitButton isPending={save.isPending}>Salvar</SubmitButton>
      </div>
    </form>
  );
}

/**
 * Configurações > WhatsApp (docs/decisions/037-whatsapp-cloud-api.md): on or off, which
 * messages go, the month's count against the operator's cap. Without the Cloud API set up on
 * the server, only the one-tap link of the Agenda.
 */
export function WhatsappSettingsCard() {
  const settings = useWhatsappSettings();
  const data = settings.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>WhatsApp automático</CardTitle>
        <CardDescription>
          Confirmações e lembretes chegam no WhatsApp do cliente, que confirma, remarca ou cancela
          com um toque, e a agenda acompanha.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {data ? (
          data.available ? (
            <>
              <p className="text-sm" role="status">
                Mensagens este mês: <strong>{data.monthCount}</strong> de {data.monthlyCap}
              </p>
              <SettingsForm settings={data} />
            </>
          ) : (
            <p className="text-sm" role="status">
              O envio automático não está configurado neste servidor. O botão &quot;Lembrar pelo
              WhatsApp&quot; da Agenda continua abrindo a conversa com a mensagem pronta.
            </p>
          )
        ) : settings.isError ? (
          <p className="text-sm text-destructive">{getErrorMessage(settings.error)}</p>
        ) : (
          <Skeleton className="h-40 w-full" />
        )}
      </CardContent>
    </Card>
  );
}
