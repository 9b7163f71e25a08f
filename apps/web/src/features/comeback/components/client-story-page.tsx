import {
  APPOINTMENT_STATUS_LABELS,
  AUTOMATION_LABELS,
  CONSENT_VIA_LABELS,
  formatCurrencyFromCents,
  formatIsoDate,
  formatPhone,
  MESSAGE_STATE_LABELS,
  PAYMENT_METHOD_LABELS,
  toAppointmentStatus,
  type StoryItem,
} from '@agendaki/shared';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import {
  ArrowLeft,
  CalendarDays,
  ClipboardList,
  Mail,
  Phone,
  Send,
  ShieldCheck,
  UserX,
} from 'lucide-react';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { PageHeader } from '@/components/layouts/page-header';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { paths } from '@/config/paths';
import { getErrorMessage } from '@/lib/api-client';
import { useClient, useClientStory, useSetMarketingChoice } from '../api/client-story';
import { BirthdayForm } from './birthday-form';

const when = (iso: string, timeZone: string) =>
  format(new TZDate(new Date(iso).getTime(), timeZone), "dd/MM/yyyy 'às' HH:mm");

type Paid = NonNullable<Extract<StoryItem, { kind: 'appointment' }>['closing']>;

/** What was paid for the appointment, from its closing: total, received, open, methods. */
function PaidLine({ closing }: { closing: Paid }) {
  return (
    <p className="mt-1 text-sm break-words" data-testid="story-paid">
      Pago: <Amount cents={closing.paidCents} /> de <Amount cents={closing.totalCents} />
      {closing.payments.length > 0 ? ' (' : null}
      {closing.payments.map((p, index) => (
        <span key={index}>
          {index > 0 ? ' + ' : null}
          {paymentMethodLabel(p.method)} <Amount cents={p.amountCents} />
        </span>
      ))}
      {closing.payments.length > 0 ? ')' : null}
      {closing.owedCents > 0 ? (
        <span className="font-medium text-warning">
          {' '}
          · Em aberto: <Amount cents={closing.owedCents} />
        </span>
      ) : null}
    </p>
  );
}

/** "R$ 40,00" never broken between the sign and the number on a phone. */
const Amount = ({ cents }: { cents: number }) => (
  <span className="whitespace-nowrap">{formatCurrencyFromCents(cents)}</span>
);

const paymentMethodLabel = (method: string) =>
  (PAYMENT_METHOD_LABELS as Record<string, string>)[method] ?? method;

function StoryEntry({ item, timeZone }: { item: StoryItem; timeZone: string }) {
  if (item.kind === 'appointment') {
    const status = toAppointmentStatus(item.status);
    return (
      <li className="flex gap-3" data-testid="story-appointment">
        <CalendarDays className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <p className="font-medium break-words">
            {item.serviceName} · {formatIsoDate(item.date)} {item.startTime}–{item.endTime}
          </p>
          <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <Badge variant={status === 'completed' ? 'success' : 'secondary'}>
              {APPOINTMENT_STATUS_LABELS[status]}
            </Badge>
            {formatCurrencyFromCents(item.totalPriceCents)}
          </p>
          {item.closing ? <PaidLine closing={item.closing} /> : null}
          {item.notes ? (
            <p className="mt-1 text-sm break-words whitespace-pre-wrap">Observação: {item.notes}</p>
          ) : null}
        </div>
      </li>
    );
  }
  if (item.kind === 'form') {
    return (
      <li className="flex gap-3" data-testid="story-form">
        <ClipboardList className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
        <div className="min-w-0 flex-1 space-y-2">
          <p className="font-medium break-words">
            Ficha “{item.formName}” respondida (versão {item.version})
          </p>
          <p className="text-sm text-muted-foreground">{when(item.at, timeZone)}</p>
          <dl className="grid gap-2">
            {item.items.map((answer, index) => (
              <div key={index} className="rounded-md bg-muted/50 px-3 py-2">
                <dt className="text-xs font-medium text-muted-foreground">{answer.label}</dt>
                <dd className="text-sm break-words whitespace-pre-wrap">{answer.answer}</dd>
              </div>
            ))}
          </dl>
        </div>
      </li>
    );
  }
  if (item.kind === 'message') {
    return (
      <li className="flex gap-3" data-testid="story-message">
        <Send className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <p className="font-medium">
            Mensagem “{AUTOMATION_LABELS[item.type]}” por{' '}
            <span className="whitespace-nowrap">
              {item.channel === 'whatsapp' ? 'WhatsApp' : 'e-mail'}
            </span>
          </p>
          <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <Badge variant={item.state === 'failed' ? 'destructive' : 'secondary'}>
              {MESSAGE_STATE_LABELS[item.state]}
            </Badge>
            {when(item.at, timeZone)}
          </p>
        </div>
      </li>
    );
  }
  return (
    <li className="flex gap-3" data-testid="story-consent">
      <ShieldCheck className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="font-medium">
          {item.purpose === 'marketing'
            ? item.granted
              ? 'Aceitou receber mensagens'
              : 'Pediu para não receber mensagens'
            : item.granted
              ? 'Consentiu com a ficha de anamnese'
              : 'Retirou o consentimento da ficha de anamnese'}
        </p>
        <p className="text-sm text-muted-foreground">
          {when(item.at, timeZone)}, {CONSENT_VIA_LABELS[item.via]}
        </p>
      </div>
    </li>
  );
}

function MarketingSwitch({ clientId, isOptedOut }: { clientId: string; isOptedOut: boolean }) {
  const choice = useSetMarketingChoice(clientId);
  return (
    <div className="flex items-start gap-3 rounded-lg border p-4">
      <Switch
        id="client-marketing"
        checked={!isOptedOut}
        disabled={choice.isPending}
        onCheckedChange={(allowed) =>
          choice.mutate(allowed, {
            onSuccess: () =>
              toast.success(allowed ? 'Mensagens ativadas' : 'Mensagens desativadas'),
            onError: (error) =>
              toast.error('Erro ao salvar', { description: getErrorMessage(error) }),
          })
        }
        aria-describedby="client-marketing-hint"
      />
      <div className="grid gap-1">
        <Label htmlFor="client-marketing">Recebe mensagens automáticas</Label>
        <p id="client-marketing-hint" className="text-sm text-muted-foreground">
          Hora de voltar, avaliação e clientes sumidas. Cada mensagem leva um link para a cliente se
          descadastrar; a escolha fica registrada com data e forma.
        </p>
      </div>
    </div>
  );
}

/** A client's page: her contact, her marketing choice and her whole story, newest first. */
export function ClientStoryPage({ clientId, timeZone }: { clientId: string; timeZone: string }) {
  const client = useClient(clientId);
  const story = useClientStory(clientId);
  if (client.isError) {
    return (
      <EmptyState
        icon={UserX}
        title="Cliente não encontrado"
        description={getErrorMessage(client.error)}
      />
    );
  }
  return (
    <div className="space-y-6">
      <Link
        to={paths.dashboard.clients.getHref()}
        className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> Clientes
      </Link>
      <PageHeader title={client.data?.name ?? 'Cliente'} description="Histórico da cliente" />
      {client.data ? (
        <Card className="gap-2 p-5 text-sm">
          {client.data.email ? (
            <p className="flex items-center gap-2 break-all">
              <Mail className="size-4 shrink-0" aria-hidden="true" /> {client.data.email}
            </p>
          ) : null}
          {client.data.phone ? (
            <p className="flex items-center gap-2">
              <Phone className="size-4 shrink-0" aria-hidden="true" />
              {formatPhone(client.data.phone)}
            </p>
          ) : null}
          {client.data.notes ? (
            <p className="rounded-md bg-muted/60 px-3 py-2 break-words whitespace-pre-wrap">
              Notas: {client.data.notes}
            </p>
          ) : null}
        </Card>
      ) : (
        <Skeleton className="h-24 w-full" />
      )}
      {story.data ? (
        <>
          <MarketingSwitch clientId={clientId} isOptedOut={story.data.isOptedOut} />
          <BirthdayForm clientId={clientId} birthday={story.data.birthday} />
          <section aria-labelledby="story-title" className="space-y-3">
            <h2 id="story-title" className="text-lg font-semibold">
              Histórico
            </h2>
            {story.data.items.length === 0 ? (
              <p className="text-sm text-muted-foreground">Nada por aqui ainda.</p>
            ) : (
              <Card className="p-5">
                <ol className="space-y-4">
                  {story.data.items.map((item) => (
                    <StoryEntry key={`${item.kind}-${item.id}`} item={item} timeZone={timeZone} />
                  ))}
                </ol>
              </Card>
            )}
          </section>
        </>
      ) : (
        <Skeleton className="h-64 w-full" />
      )}
    </div>
  );
}
