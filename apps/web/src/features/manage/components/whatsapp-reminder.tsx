import { looksLikeBrazilianMobile, NO_MOBILE_MESSAGE } from '@agendaki/shared';
import { MessageCircle } from 'lucide-react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/api-client';
import { useSendWhatsappReminder } from '../api/whatsapp';

/**
 * "Lembrar pelo WhatsApp" for an appointment, or why there is none (no valid mobile). Used by
 * the agenda cards and "Próximos Agendamentos" through the pages that compose them.
 */
export function WhatsappReminderButton({
  appointmentId,
  clientName,
  phone,
}: {
  appointmentId: string;
  clientName: string;
  phone: string | null;
}) {
  const send = useSendWhatsappReminder();
  if (!looksLikeBrazilianMobile(phone)) {
    return <p className="text-xs text-muted-foreground">{NO_MOBILE_MESSAGE}</p>;
  }
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      disabled={send.isPending}
      aria-label={`Lembrar ${clientName} pelo WhatsApp`}
      onClick={() =>
        send.mutate(appointmentId, {
          onSuccess: (reminder) => {
            if (!reminder.url)
              toast.error('Erro', { description: reminder.reason ?? NO_MOBILE_MESSAGE });
          },
          onError: (error) => toast.error('Erro', { description: getErrorMessage(error) }),
        })
      }
    >
      <MessageCircle aria-hidden="true" />
      Lembrar pelo WhatsApp
    </Button>
  );
}
