import { formatIsoDate, type BookingBurst } from '@agendaki/shared';
import { ShieldAlert } from 'lucide-react';
import { toast } from '@/lib/toast';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { getErrorMessage } from '@/lib/api-client';
import { useBookingBursts, useCancelBurst } from '../api/booking-protection';

const STATUS_LABELS: Record<string, string> = {
  scheduled: 'Agendado',
  confirmed: 'Confirmado',
  awaiting_deposit: 'Aguardando sinal',
};

function clockTime(iso: string): string {
  return new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit' }).format(
    new Date(iso),
  );
}

function Burst({ burst }: { burst: BookingBurst }) {
  const cancel = useCancelBurst();
  const count = burst.bookings.length;
  const first = clockTime(burst.firstAt);
  const last = clockTime(burst.lastAt);

  // mutateAsync, not mutate's callbacks: the refreshed list no longer has this burst, so this
  // component is gone before they would run, and the toast with them.
  async function cancelAll() {
    try {
      const { cancelled } = await cancel.mutateAsync(burst.id);

      toast.success('Agendamentos cancelados', {
        description: `${cancelled} horário${cancelled === 1 ? '' : 's'} liberado${cancelled === 1 ? '' : 's'}.`,
      });
    } catch (error) {
      toast.error('Erro', { description: getErrorMessage(error) });
    }
  }

  return (
    <Alert variant="warning" className="gap-y-2">
      <ShieldAlert aria-hidden="true" />
      <AlertTitle>
        {count} agendamentos feitos da mesma conexão{' '}
        {first === last ? `às ${first}` : `entre ${first} e ${last}`}
      </AlertTitle>
      <AlertDescription className="grid gap-3">
        <p>
          Pode ser alguém ocupando sua agenda. Confira os nomes; se não reconhecer, cancele todos de
          uma vez. Os clientes não recebem aviso do cancelamento.
        </p>
        <ul
          className="divide-y rounded-md border bg-background"
          aria-label="Agendamentos suspeitos"
        >
          {burst.bookings.map((booking) => (
            <li key={booking.bookingId} className="flex flex-wrap justify-between gap-x-3 p-2">
              <span className="font-medium">{booking.clientName}</span>
              <span className="text-muted-foreground">
                {formatIsoDate(booking.date)} às {booking.startTime} ·{' '}
                {STATUS_LABELS[booking.status] ?? booking.status}
              </span>
            </li>
          ))}
        </ul>
        <ConfirmDialog
          trigger={
            <Button variant="destructive" className="w-full sm:w-fit" disabled={cancel.isPending}>
              {cancel.isPending ? 'Cancelando...' : 'Cancelar todos'}
            </Button>
          }
          title={`Cancelar ${count} agendamentos?`}
          description="Os horários ficam livres de novo na sua página. Os clientes não recebem e-mail de cancelamento."
          confirmLabel="Cancelar todos"
          onConfirm={() => void cancelAll()}
        />
      </AlertDescription>
    </Alert>
  );
}

/**
 * The dashboard's notice of public bookings that arrived in a burst from one address
 * (docs/decisions/027-booking-hold-caps.md), each with "Cancelar todos". Nothing otherwise.
 */
export function SuspiciousBookings() {
  const bursts = useBookingBursts();
  const list = bursts.data?.bursts ?? [];
  if (list.length === 0) return null;
  return (
    <section aria-label="Agendamentos suspeitos" className="grid gap-3">
      {list.map((burst) => (
        <Burst key={burst.id} burst={burst} />
      ))}
    </section>
  );
}
