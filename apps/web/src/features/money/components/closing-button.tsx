import { type Appointment, formatCurrencyFromCents } from '@agendaki/shared';
import { Receipt } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { lazyDialog } from '@/lib/lazy-dialog';
import { useClosingSummary } from '../api/closing';

// The closing's form comes when it first opens (lib/lazy-dialog.tsx).
const ClosingDialog = lazyDialog(
  async () => (await import('./closing-dialog')).ClosingDialog,
  (props) => props.open,
);

const UNCLOSABLE = new Set(['cancelled', 'no_show', 'awaiting_deposit']);

/**
 * On the Agenda's card and in the calendar's appointment: "Concluir e receber", or once closed
 * what was received and what stays open, opening the closing.
 */
export function ClosingButton({ appointment }: { appointment: Appointment }) {
  const [open, setOpen] = useState(false);
  const summary = useClosingSummary(appointment.id);
  if (summary.isPending) return null;
  const closed = summary.data;
  if (!closed && UNCLOSABLE.has(appointment.status)) return null;
  return (
    <div className="grid gap-1.5">
      {closed ? (
        <p className="text-sm" data-testid="closing-line">
          Recebido {formatCurrencyFromCents(closed.paidCents)} de{' '}
          {formatCurrencyFromCents(closed.totalCents)}
          {closed.owedCents > 0 ? (
            <span className="font-medium text-warning">
              {' '}
              · Em aberto {formatCurrencyFromCents(closed.owedCents)}
            </span>
          ) : null}
        </p>
      ) : null}
      <Button
        type="button"
        variant={closed ? 'outline' : 'default'}
        size="sm"
        onClick={() => setOpen(true)}
        aria-label={`${closed ? 'Ver recebimento' : 'Concluir e receber'} de ${appointment.client.name}`}
      >
        <Receipt aria-hidden="true" />
        {closed ? 'Ver recebimento' : 'Concluir e receber'}
      </Button>
      {open ? <ClosingDialog appointment={appointment} open={open} onOpenChange={setOpen} /> : null}
    </div>
  );
}
