import { formatCurrencyFromCents, formatIsoDate } from '@agendaki/shared';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useDepositOverview } from '../api/deposits';
import { ConfirmDepositButton } from './deposit-line';

function clockTime(iso: string): string {
  return new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit' }).format(
    new Date(iso),
  );
}

/**
 * The dashboard's Pix sinais (docs/decisions/017-pix-sinal.md): the pending ones with "Sinal
 * recebido", and the last 30 days' received and expired. Nothing when there never was one.
 */
export function DepositsPanel() {
  const overview = useDepositOverview();
  const data = overview.data;
  if (!data) return null;
  if (data.pending.length === 0 && data.receivedCount === 0 && data.expiredCount === 0) {
    return null;
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>Sinais por Pix</CardTitle>
        <CardDescription>
          Últimos 30 dias: {data.receivedCount} recebido{data.receivedCount === 1 ? '' : 's'} (
          {formatCurrencyFromCents(data.receivedCents)}), {data.expiredCount} expirado
          {data.expiredCount === 1 ? '' : 's'}.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <h3 className="text-sm font-semibold">Aguardando sinal ({data.pending.length})</h3>
        {data.pending.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nenhum sinal pendente.</p>
        ) : (
          <ul className="divide-y rounded-lg border" aria-label="Sinais pendentes">
            {data.pending.map((deposit) => (
              <li
                key={deposit.bookingId}
                className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm"
              >
                <span>
                  <span className="font-medium">{deposit.clientName}</span>{' '}
                  <span className="text-muted-foreground">
                    {deposit.date ? formatIsoDate(deposit.date) : ''} às {deposit.startTime} ·{' '}
                    {formatCurrencyFromCents(deposit.amountCents)} · pagar até{' '}
                    {clockTime(deposit.deadline)}
                  </span>
                </span>
                <ConfirmDepositButton
                  bookingId={deposit.bookingId}
                  clientName={deposit.clientName}
                />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
