import { Check, MessageCircle } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { useMarkWhatsappSent, useTomorrowReminders } from '../api/whatsapp';

/** "Lembretes de amanhã": tomorrow's bookings to remind on WhatsApp in a row, each marked. */
export function TomorrowReminders() {
  const reminders = useTomorrowReminders();
  const mark = useMarkWhatsappSent();
  const items = reminders.data?.items ?? [];
  if (!reminders.data || items.length === 0) return null;
  return (
    <Card className="gap-4">
      <CardHeader>
        <h2 className="leading-tight font-semibold">Lembretes de amanhã</h2>
        <CardDescription>Toque para abrir o WhatsApp com a mensagem pronta.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y" aria-label="Lembretes de amanhã">
          {items.map((item) => (
            <li
              key={item.bookingId}
              className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0">
                <p className="truncate font-medium">
                  {item.startTime} · {item.clientName}
                </p>
                <p className="truncate text-sm text-muted-foreground">{item.services}</p>
              </div>
              <div className="flex items-center gap-2">
                {item.sent ? (
                  <Badge variant="success">
                    <Check aria-hidden="true" />
                    Enviado
                  </Badge>
                ) : null}
                {item.url ? (
                  <Button asChild variant={item.sent ? 'outline' : 'default'} size="sm">
                    <a
                      href={item.url}
                      target="_blank"
                      rel="noreferrer"
                      aria-label={`Lembrar ${item.clientName} pelo WhatsApp`}
                      onClick={() => mark.mutate({ appointmentId: item.appointmentId, sent: true })}
                    >
                      <MessageCircle aria-hidden="true" />
                      Lembrar pelo WhatsApp
                    </a>
                  </Button>
                ) : (
                  <span className="text-xs text-muted-foreground">{item.reason}</span>
                )}
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
