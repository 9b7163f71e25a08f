import { WHATSAPP_STATUS_LABELS, type ClientWhatsapp as History } from '@agendaki/shared';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { BellOff, PhoneOff } from 'lucide-react';
import { useClientWhatsapp } from '../api/messages';
import { useWhatsappSettings } from '../api/settings';
import { statusText } from './whatsapp-status';

function when(iso: string, timeZone: string): string {
  return format(new TZDate(new Date(iso).getTime(), timeZone), "dd/MM/yyyy 'às' HH:mm");
}

function Flags({ history, timeZone }: { history: History; timeZone: string }) {
  return (
    <>
      {history.optedOut ? (
        <p className="flex items-center gap-2 text-muted-foreground">
          <BellOff className="size-4 shrink-0 text-warning" aria-hidden="true" />
          <span>
            Pediu para não receber WhatsApp (PARAR)
            {history.optedOutAt ? ` em ${when(history.optedOutAt, timeZone)}` : ''}
          </span>
        </p>
      ) : null}
      {history.unreachable ? (
        <p className="flex items-center gap-2 text-muted-foreground">
          <PhoneOff className="size-4 shrink-0 text-destructive" aria-hidden="true" />
          <span>Este número não recebe WhatsApp</span>
        </p>
      ) : null}
    </>
  );
}

/**
 * The client card's WhatsApp: PARAR and a number that cannot receive, flagged; the messages
 * sent, newest first, with their state. Nothing when the Cloud API is not set up.
 */
export function ClientWhatsapp({ clientId, timeZone }: { clientId: string; timeZone: string }) {
  const settings = useWhatsappSettings();
  const isAvailable = Boolean(settings.data?.available);
  const history = useClientWhatsapp(clientId, isAvailable);
  const data = history.data;
  if (!isAvailable || !data) return null;
  if (data.messages.length === 0 && !data.optedOut && !data.unreachable) return null;
  return (
    <div className="grid gap-1.5 text-sm">
      <Flags history={data} timeZone={timeZone} />
      {data.messages.length > 0 ? (
        <details className="rounded-md border px-3 py-2">
          <summary className="cursor-pointer text-sm font-medium">
            Mensagens do WhatsApp ({data.messages.length})
          </summary>
          <ol className="mt-2 grid gap-2" aria-label="Histórico do WhatsApp">
            {data.messages.map((message) => (
              <li
                key={message.id}
                className="grid gap-0.5 border-t pt-2 first:border-t-0 first:pt-0"
              >
                <span className="text-xs text-muted-foreground">
                  {when(message.createdAt, timeZone)} · {statusText(message.kind, message.status)}
                </span>
                <span className="line-clamp-3 break-words">{message.text}</span>
                {message.status === 'failed' && message.error ? (
                  <span className="text-xs text-destructive">
                    {WHATSAPP_STATUS_LABELS.failed}: {message.error}
                  </span>
                ) : null}
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </div>
  );
}
