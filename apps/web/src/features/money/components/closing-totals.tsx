import { formatCurrencyFromCents } from '@agendaki/shared';
import { cn } from '@/lib/cn';
import type { PreviewTotals } from '../lib/preview';

/** Subtotal, discount, tip, total, paid and what stays open, as a definition list. */
export function ClosingTotals({ totals }: { totals: PreviewTotals }) {
  const rows: [string, number][] = [
    ['Subtotal', totals.subtotalCents],
    ['Desconto', -totals.discountCents],
    ['Gorjeta', totals.tipCents],
  ];
  const isOverpaid = totals.owedCents < 0;
  return (
    <dl className="grid gap-1 rounded-lg bg-muted/60 p-3 text-sm tabular-nums" aria-label="Totais">
      {rows.map(([label, cents]) => (
        <div key={label} className="flex justify-between gap-4">
          <dt className="text-muted-foreground">{label}</dt>
          <dd>{formatCurrencyFromCents(cents)}</dd>
        </div>
      ))}
      <div className="flex justify-between gap-4 border-t pt-1 font-semibold">
        <dt>Total</dt>
        <dd>{formatCurrencyFromCents(totals.totalCents)}</dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt className="text-muted-foreground">Pago</dt>
        <dd>{formatCurrencyFromCents(totals.paidCents)}</dd>
      </div>
      <div
        className={cn(
          'flex justify-between gap-4 font-medium',
          isOverpaid ? 'text-destructive' : totals.owedCents > 0 && 'text-warning',
        )}
      >
        <dt>{isOverpaid ? 'Pagamentos acima do total' : 'Fica em aberto (fiado)'}</dt>
        <dd>{formatCurrencyFromCents(Math.abs(totals.owedCents))}</dd>
      </div>
    </dl>
  );
}
