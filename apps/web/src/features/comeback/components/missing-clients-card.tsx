import { formatIsoDate, MISSING_DAYS, type MissingDays } from '@agendaki/shared';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { getErrorMessage } from '@/lib/api-client';
import { useMessageMissingClient, useMissingClients } from '../api/missing-clients';

/** "Clientes sumidas": not seen for 60, 90 or 180 days, each with a one-tap message. */
export function MissingClientsCard() {
  const [days, setDays] = useState<MissingDays>(60);
  const missing = useMissingClients(days);
  const send = useMessageMissingClient();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Clientes sumidas</CardTitle>
        <CardDescription>
          Clientes sem visita há mais tempo e sem horário marcado. A mensagem sai pelo WhatsApp (se
          ligado) ou por e-mail, no seu horário comercial.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div role="group" aria-label="Sem visita há" className="flex flex-wrap gap-2">
          {MISSING_DAYS.map((option) => (
            <Button
              key={option}
              type="button"
              size="sm"
              variant={option === days ? 'default' : 'outline'}
              aria-pressed={option === days}
              onClick={() => setDays(option)}
            >
              {option} dias
            </Button>
          ))}
        </div>
        {!missing.data ? (
          <Skeleton className="h-24 w-full" />
        ) : missing.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nenhuma cliente sumida há {days} dias.</p>
        ) : (
          <ul className="divide-y" aria-label="Clientes sumidas">
            {missing.data.map((client) => (
              <li
                key={client.id}
                className="flex flex-wrap items-center justify-between gap-3 py-3"
              >
                <div className="min-w-0">
                  <Link
                    to={paths.dashboard.client.getHref(client.id)}
                    className="font-medium break-words hover:underline"
                  >
                    {client.name}
                  </Link>
                  <p className="text-sm text-muted-foreground">
                    Última visita em {formatIsoDate(client.lastVisit)}
                  </p>
                </div>
                {client.isOptedOut ? (
                  <span className="text-sm text-muted-foreground">Não recebe mensagens</span>
                ) : !client.canMessage ? (
                  <span className="text-sm text-muted-foreground">Sem e-mail nem WhatsApp</span>
                ) : client.messagedToday ? (
                  <span className="text-sm text-muted-foreground">Mensagem enviada hoje</span>
                ) : (
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    disabled={send.isPending}
                    aria-label={`Enviar mensagem para ${client.name}`}
                    onClick={() =>
                      send.mutate(client.id, {
                        onSuccess: () => toast.success('Mensagem na fila de envio'),
                        onError: (error) =>
                          toast.error('Erro ao enviar', { description: getErrorMessage(error) }),
                      })
                    }
                  >
                    <Send aria-hidden="true" />
                    Enviar mensagem
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
