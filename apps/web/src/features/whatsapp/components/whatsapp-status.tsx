import {
  WHATSAPP_KIND_LABELS,
  WHATSAPP_STATUS_LABELS,
  type WhatsappStatus,
} from '@agendaki/shared';
import { BellOff, MessageCircle } from 'lucide-react';
import { cn } from '@/lib/cn';
import { useBookingWhatsapp } from '../api/messages';
import { useWhatsappSettings } from '../api/settings';

const STATUS_TONE: Record<WhatsappStatus, string> = {
  queued: 'text-muted-foreground',
  sent: 'text-muted-foreground',
  delivered: 'text-success',
  read: 'text-success',
  failed: 'text-destructive',
};

/** "Lembrete — entregue", as the status webhooks left it (a dash: the words differ in gender). */
export function statusText(kind: string, status: WhatsappStatus): string {
  return `${WHATSAPP_KIND_LABELS[kind] ?? 'Mensagem'} — ${WHATSAPP_STATUS_LABELS[status]}`;
}

/**
 * The appointment card's line: the booking's last WhatsApp message and its state, or that the
 * client sent PARAR. Nothing when WhatsApp is off, or no message went for the booking.
 */
export function WhatsappStatusLine({ bookingId }: { bookingId: string }) {
  const settings = useWhatsappSettings();
  const isOn = Boolean(settings.data?.available && settings.data.enabled);
  const message = useBookingWhatsapp(bookingId, isOn);
  const row = message.data;
  if (!isOn || !row) return null;
  if (row.optedOut) {
    return (
      <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
        <BellOff className="size-3.5" aria-hidden="true" />
        Cliente pediu para não receber WhatsApp (PARAR)
      </p>
    );
  }
  return (
    <p className={cn('flex items-center gap-1.5 text-xs', STATUS_TONE[row.status])}>
      <MessageCircle className="size-3.5" aria-hidden="true" />
      WhatsApp: {statusText(row.kind, row.status)}
      {row.status === 'failed' ? ' (enviado por e-mail)' : ''}
    </p>
  );
}
