import { PauseCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';

/**
 * `BOOKING_PAUSED_MESSAGE` of @agendaki/shared, repeated: a value from that module would bring
 * the shared zod schemas into this page's first download (see booking-page.tsx).
 */
export const BOOKING_PAUSED_TEXT = 'Agenda online pausada no momento';

/** "55" + DDD + number, as wa.me wants it; undefined when there is no usable number. */
export function toWhatsAppNumber(phone: string | null): string | undefined {
  const digits = (phone ?? '').replace(/\D/g, '');
  if (digits.length < 10) return undefined;
  return digits.startsWith('55') && digits.length > 11 ? digits : `55${digits}`;
}

/** The professional paused online booking: the message, and their WhatsApp when they have one. */
export function BookingPaused({ whatsapp }: { whatsapp: string | null }) {
  const number = toWhatsAppNumber(whatsapp);
  return (
    <section
      aria-label="Agendamento"
      className="flex flex-col items-center gap-4 rounded-2xl border bg-card px-6 py-10 text-center shadow-sm"
    >
      <PauseCircle className="size-10 text-muted-foreground" aria-hidden="true" />
      <h2 className="text-xl font-semibold">{BOOKING_PAUSED_TEXT}</h2>
      {number ? (
        <>
          <p className="text-muted-foreground">Para marcar um horário, fale pelo WhatsApp.</p>
          <Button asChild size="lg">
            <a href={`https://wa.me/${number}`} target="_blank" rel="noreferrer">
              WhatsApp {whatsapp}
            </a>
          </Button>
        </>
      ) : (
        <p className="text-muted-foreground">Tente novamente mais tarde.</p>
      )}
    </section>
  );
}
