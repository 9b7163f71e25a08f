import { formatPhone, type Client, type ClientListItem } from '@agendaki/shared';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { ReactNode } from 'react';
import { CalendarX2, Mail, MessageCircle, Pencil, Phone, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { paths } from '@/config/paths';
import { getWhatsAppLink } from '../lib/whatsapp-link';
import { ClientPrivacyMenu } from './client-privacy-menu';

export interface ClientCardProps {
  client: ClientListItem;
  /** The professional's zone: "Cadastrado em" is their calendar date (docs/product.md, Time). */
  timeZone: string;
  onEdit: (client: Client) => void;
  onDelete: (client: Client) => void;
  isDeleting?: boolean;
  /** Composed by the route: "Horário fixo" (features/appointments). */
  action?: ReactNode;
  /** Composed by the route: packages and balance (features/money), WhatsApp (features/whatsapp). */
  extra?: ReactNode;
}

export function ClientCard({
  client,
  timeZone,
  onEdit,
  onDelete,
  isDeleting,
  action,
  extra,
}: ClientCardProps) {
  const whatsAppLink = getWhatsAppLink(client.phone);
  const registeredOn = format(
    new TZDate(new Date(client.createdAt).getTime(), timeZone),
    'dd/MM/yyyy',
  );

  return (
    <Card className="w-full gap-4 p-5">
      <div className="flex items-start gap-3">
        <div
          className="grid size-10 shrink-0 place-items-center rounded-full bg-accent text-sm font-semibold text-accent-foreground uppercase"
          aria-hidden="true"
        >
          {client.name.trim().slice(0, 1)}
        </div>
        <div className="min-w-0 flex-1">
          <h2 className="leading-snug font-semibold break-words">
            {/* Her page: the story of her appointments and messages (issue 50). */}
            <Link
              to={paths.dashboard.client.getHref(client.id)}
              className="rounded-sm hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
            >
              {client.name}
            </Link>
          </h2>
          <p className="text-xs text-muted-foreground">Cadastrado em {registeredOn}</p>
        </div>
      </div>

      <div className="space-y-1.5 text-sm">
        {client.email ? (
          <a
            href={`mailto:${client.email}`}
            className="flex min-w-0 items-center gap-2 rounded-sm text-muted-foreground hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
          >
            <Mail className="size-4 shrink-0" aria-hidden="true" />
            <span className="truncate">{client.email}</span>
          </a>
        ) : null}
        {client.phone ? (
          <a
            href={`tel:${client.phone.replace(/[^\d+]/g, '')}`}
            className="flex items-center gap-2 rounded-sm text-muted-foreground hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
          >
            <Phone className="size-4 shrink-0" aria-hidden="true" />
            <span>{formatPhone(client.phone)}</span>
          </a>
        ) : null}
        {client.noShowCount > 0 ? (
          <p className="flex items-center gap-2 text-muted-foreground">
            <CalendarX2 className="size-4 shrink-0 text-warning" aria-hidden="true" />
            <span>{describeNoShows(client.noShowCount)}</span>
          </p>
        ) : null}
        {!client.email && !client.phone ? (
          <p className="text-muted-foreground italic">Sem contato cadastrado</p>
        ) : null}
      </div>

      {client.notes ? (
        <div className="rounded-md bg-muted/60 px-3 py-2 text-sm text-muted-foreground">
          <p className="line-clamp-2 break-words">{client.notes}</p>
        </div>
      ) : null}

      {extra}

      <div className="mt-auto flex min-w-0 gap-2 border-t pt-4 lg:gap-1.5 2xl:gap-2">
        {whatsAppLink ? (
          <Button
            asChild
            variant="outline"
            size="sm"
            className="min-w-0 flex-1 shrink text-success hover:text-success lg:px-2 2xl:px-3"
          >
            <a
              href={whatsAppLink}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`WhatsApp de ${client.name}`}
            >
              <MessageCircle aria-hidden="true" />
              <span className="truncate">WhatsApp</span>
            </a>
          </Button>
        ) : null}
        <Button
          variant="outline"
          size="sm"
          className={whatsAppLink ? undefined : 'flex-1'}
          onClick={() => onEdit(client)}
          aria-label={`Editar ${client.name}`}
        >
          <Pencil aria-hidden="true" />
          {/* Beside WhatsApp, the word fits two cards a row, not three (lg, with the sidebar). */}
          <span
            className={
              whatsAppLink ? 'sr-only sm:not-sr-only lg:sr-only 2xl:not-sr-only' : undefined
            }
          >
            Editar
          </span>
        </Button>
        <ConfirmDialog
          title="Tem certeza que deseja excluir este cliente?"
          description={
            <>
              <span className="font-medium text-foreground">{client.name}</span>: os agendamentos
              dele também serão excluídos. Esta ação não pode ser desfeita.
            </>
          }
          onConfirm={() => onDelete(client)}
          trigger={
            <Button
              variant="outline"
              size="sm"
              className="text-destructive hover:bg-destructive/10 hover:text-destructive"
              aria-label={`Excluir ${client.name}`}
              disabled={isDeleting}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          }
        />
        <ClientPrivacyMenu client={client} />
      </div>
      {action}
    </Card>
  );
}

/** "Não compareceu 1 vez", "Não compareceu 3 vezes" (the no-show status, counted per client). */
export function describeNoShows(count: number): string {
  return `Não compareceu ${count} ${count === 1 ? 'vez' : 'vezes'}`;
}
