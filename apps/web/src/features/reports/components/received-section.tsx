import {
  formatCurrencyFromCents,
  formatIsoDate,
  PAYMENT_METHOD_LABELS,
  type Report,
} from '@agendaki/shared';
import { useMemo } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatShortDate } from '../lib/format-report';
import { ReportChartCard } from '@/components/charts/chart-card';

const formatMoneyAxis = (value: number) =>
  Number.isInteger(value) ? `R$ ${Math.round(value).toLocaleString('pt-BR')}` : '';

/**
 * What came in next to what was booked (docs/decisions/038-money-received.md): per week, by
 * method, and the sessions sold but not yet done.
 */
export function ReceivedSection({ report }: { report: Report }) {
  const { received, unusedSessions } = report;
  const chart = useMemo(
    () => ({
      labels: received.weeks.map((week) => formatShortDate(week.weekStart)),
      values: received.weeks.map((week) => week.receivedCents / 100),
    }),
    [received.weeks],
  );
  const booked = new Map(report.weeks.map((week) => [week.weekStart, week.revenueCents]));
  return (
    <section aria-label="Recebido" className="grid gap-4 lg:grid-cols-2">
      <ReportChartCard
        title="Recebido por semana"
        description="Pix, dinheiro e cartões que entraram, ao lado do agendado"
        labels={chart.labels}
        values={chart.values}
        formatValue={formatMoneyAxis}
        empty="Nenhum pagamento registrado no período."
        table={{
          columns: ['Semana de', 'Agendado', 'Recebido'],
          rows: received.weeks.map((week) => [
            formatIsoDate(week.weekStart),
            formatCurrencyFromCents(booked.get(week.weekStart) ?? 0),
            formatCurrencyFromCents(week.receivedCents),
          ]),
        }}
      />
      <div className="grid gap-4">
        <Card className="gap-2" role="group" aria-label="Recebido no período">
          <CardHeader>
            <CardTitle className="text-sm font-medium text-muted-foreground">
              Recebido no período
            </CardTitle>
          </CardHeader>
          <CardContent className="space-y-2">
            <p className="text-2xl font-bold tracking-tight tabular-nums">
              {formatCurrencyFromCents(received.totalCents)}
            </p>
            <p className="text-xs text-muted-foreground">
              Agendado: {formatCurrencyFromCents(report.totals.revenueCents)}
            </p>
            {received.methods.length > 0 ? (
              <dl className="grid gap-1 text-sm" aria-label="Recebido por forma de pagamento">
                {received.methods.map((row) => (
                  <div key={row.method} className="flex justify-between gap-4">
                    <dt>{PAYMENT_METHOD_LABELS[row.method]}</dt>
                    <dd className="tabular-nums">{formatCurrencyFromCents(row.cents)}</dd>
                  </div>
                ))}
              </dl>
            ) : null}
          </CardContent>
        </Card>
        <Card className="gap-1" role="group" aria-label="Sessões vendidas a realizar">
          <CardHeader>
            <CardTitle className="text-sm font-medium text-muted-foreground">
              Sessões vendidas a realizar
            </CardTitle>
          </CardHeader>
          <CardContent>
            <p className="text-2xl font-bold tracking-tight tabular-nums">
              {unusedSessions.sessions}
            </p>
            <p className="mt-1 text-xs text-muted-foreground">
              Em {unusedSessions.packages}{' '}
              {unusedSessions.packages === 1 ? 'pacote válido' : 'pacotes válidos'}, o equivalente a{' '}
              {formatCurrencyFromCents(unusedSessions.valueCents)} de trabalho já pago
            </p>
          </CardContent>
        </Card>
      </div>
    </section>
  );
}
