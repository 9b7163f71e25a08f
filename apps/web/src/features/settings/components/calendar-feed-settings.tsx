import {
  CALENDAR_FEED_DAYS_AFTER,
  CALENDAR_FEED_DAYS_BEFORE,
  type CalendarFeedCreated,
} from '@agendaki/shared';
import { format } from 'date-fns';
import { CalendarPlus, Copy, RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { getErrorMessage } from '@/lib/api-client';
import { copyText } from '@/lib/copy-text';
import {
  useCalendarFeed,
  useDisableCalendarFeed,
  useRotateCalendarFeed,
} from '../api/calendar-feed';

/** A new feed address, shown once (made here, or moved by a password change). */
export function NewAddress({ created }: { created: CalendarFeedCreated }) {
  const inputId = useId();
  async function copy() {
    if (await copyText(created.webcalUrl)) toast.success('Endereço copiado!');
    else
      toast.error('Não foi possível copiar', {
        description: 'Selecione o endereço e copie manualmente.',
      });
  }
  return (
    <div className="space-y-3 rounded-md border bg-muted/40 p-4">
      <Label htmlFor={inputId}>Endereço do calendário</Label>
      <Input
        id={inputId}
        readOnly
        value={created.webcalUrl}
        onFocus={(event) => event.currentTarget.select()}
        className="font-mono text-xs"
      />
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={copy}>
          <Copy aria-hidden="true" />
          Copiar endereço
        </Button>
        <Button asChild>
          <a href={created.webcalUrl}>
            <CalendarPlus aria-hidden="true" />
            Abrir no calendário
          </a>
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">
        Guarde este endereço agora: por segurança, ele só aparece uma vez. Quem tiver o endereço vê
        seus agendamentos; se ele vazar, gere um novo.
      </p>
    </div>
  );
}

/**
 * Configurações > Calendário (docs/decisions/014-calendar-and-numbers.md): a secret
 * subscription address of the agenda for Google Agenda or the iPhone. The server keeps only a
 * hash, so an address is shown when it is made; a new one stops the old one at once.
 */
export function CalendarFeedSettings() {
  const feed = useCalendarFeed();
  const rotate = useRotateCalendarFeed();
  const disable = useDisableCalendarFeed();
  const [created, setCreated] = useState<CalendarFeedCreated | null>(null);

  function makeAddress() {
    rotate.mutate(undefined, {
      onSuccess: (result) => {
        setCreated(result);
        toast.success('Endereço do calendário criado');
      },
      onError: (error) => toast.error(getErrorMessage(error)),
    });
  }

  function turnOff() {
    disable.mutate(undefined, {
      onSuccess: () => {
        setCreated(null);
        toast.success('Calendário desativado');
      },
      onError: (error) => toast.error(getErrorMessage(error)),
    });
  }

  const isActive = feed.data?.isActive ?? false;
  const since = feed.data?.createdAt ? format(new Date(feed.data.createdAt), 'dd/MM/yyyy') : null;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Calendário</CardTitle>
        <CardDescription>
          Veja seus agendamentos no Google Agenda, no calendário do iPhone ou no Outlook: assine o
          endereço secreto abaixo. O calendário mostra os últimos {CALENDAR_FEED_DAYS_BEFORE} dias e
          os próximos {CALENDAR_FEED_DAYS_AFTER} e atualiza a cada poucas horas.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {feed.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : (
          <>
            {created ? <NewAddress created={created} /> : null}
            {isActive && !created ? (
              <p className="text-sm">
                Seu calendário está ativo{since ? ` desde ${since}` : ''}. O endereço aparece só
                quando é criado: para vê-lo de novo, gere um novo endereço (o anterior para de
                funcionar).
              </p>
            ) : null}
            {!isActive ? (
              <p className="text-sm text-muted-foreground">
                Nenhum endereço ativo. Gere um para assinar sua agenda.
              </p>
            ) : null}
            <div className="flex flex-wrap gap-2">
              {isActive ? (
                <ConfirmDialog
                  title="Gerar um novo endereço?"
                  description="O endereço atual para de funcionar na hora: os calendários que o assinam deixam de atualizar até você assinar o novo."
                  confirmLabel="Gerar novo endereço"
                  onConfirm={makeAddress}
                  trigger={
                    <Button variant="outline" disabled={rotate.isPending}>
                      <RefreshCw aria-hidden="true" />
                      Gerar novo endereço
                    </Button>
                  }
                />
              ) : (
                <Button onClick={makeAddress} disabled={rotate.isPending}>
                  <CalendarPlus aria-hidden="true" />
                  Gerar endereço do calendário
                </Button>
              )}
              {isActive ? (
                <ConfirmDialog
                  title="Desativar o calendário?"
                  description="O endereço para de funcionar na hora e os calendários que o assinam deixam de atualizar."
                  confirmLabel="Desativar"
                  onConfirm={turnOff}
                  trigger={
                    <Button
                      variant="outline"
                      className="text-destructive hover:bg-destructive/10 hover:text-destructive"
                      disabled={disable.isPending}
                    >
                      Desativar
                    </Button>
                  }
                />
              ) : null}
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
