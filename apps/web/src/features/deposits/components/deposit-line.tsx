import { depositLabel, formatCurrencyFromCents } from '@agendaki/shared';
import { CheckCircle2 } from 'lucide-react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/api-client';
import { useBookingDeposit, useConfirmDeposit } from '../api/deposits';

/** The "Sinal recebido" button; confirms the booking's Pix sinal. */
export function ConfirmDepositButton({
  bookingId,
  clientName,
}: {
  bookingId: string;
  clientName: string;
}) {
  const confirm = useConfirmDeposit();
  return (
    <Button
      size="sm"
      disabled={confirm.isPending}
      aria-label={`Sinal recebido de ${clientName}`}
      onClick={() =>
        confirm.mutate(bookingId, {
          onSuccess: () =>
            toast.success('Sinal recebido', { description: 'Agendamento confirmado.' }),
          onError: (error) => toast.error('Erro', { description: getErrorMessage(error) }),
        })
      }
    >
      <CheckCircle2 aria-hidden="true" />
      Sinal recebido
    </Button>
  );
}

/** On an Agenda card: "Sinal: R$ 30,00 (pendente)" and, while pending, "Sinal recebido". */
export function DepositLine({ bookingId, clientName }: { bookingId?: string; clientName: string }) {
  const deposit = useBookingDeposit(bookingId);
  if (!deposit.data || !bookingId) return null;
  const { status, amountCents } = deposit.data;
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2">
      <span data-testid="deposit-line" className="text-sm font-medium text-amber-950">
        {depositLabel(formatCurrencyFromCents(amountCents), status)}
      </span>
      {status === 'pending' ? (
        <ConfirmDepositButton bookingId={bookingId} clientName={clientName} />
      ) : null}
    </div>
  );
}
