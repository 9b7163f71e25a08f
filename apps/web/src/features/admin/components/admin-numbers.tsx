import { ADMIN_WEEKS, type AdminNumbers, formatCurrencyFromCents } from '@agendaki/shared';
import { useMemo } from 'react';
import { ReportChartCard } from '@/components/charts/chart-card';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { getErrorMessage } from '@/lib/api-client';
import { useAdminNumbers } from '../api/get-numbers';
import { formatCount, formatMonth, formatShortDate } from '../lib/format-admin';

function Figure({ title, value, detail }: { title: string; value: string; detail: string }) {
  return (
    <Card className="gap-1" role="group" aria-label={title}>
      <CardHeader>
        <CardTitle className="text-sm font-medium text-muted-foreground">{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <p className="text-2xl font-bold tracking-tight tabular-nums">{value}</p>
        <p className="mt-1 text-xs text-muted-foreground">{detail}</p>
      </CardContent>
    </Card>
  );
}

function NumbersView({ numbers }: { numbers: AdminNumbers }) {
  const weeks = useMemo(
    () => numbers.weeks.map((week) => formatShortDate(week.weekStart)),
    [numbers],
  );
  const started = useMemo(() => numbers.weeks.map((week) => week.trialsStarted), [numbers]);
  const converted = useMemo(() => numbers.weeks.map((week) => week.converted), [numbers]);
  const months = useMemo(() => numbers.months.map((entry) => formatMonth(entry.month)), [numbers]);
  const cancellations = useMemo(
    () => numbers.months.map((entry) => entry.cancellations),
    [numbers],
  );
  const totalStarted = started.reduce((sum, value) => sum + value, 0);
  const totalConverted = converted.reduce((sum, value) => sum + value, 0);
  const weekRows = numbers.weeks.map(
    (week) =>
      [formatShortDate(week.weekStart), `${week.trialsStarted} / ${week.converted}`] as const,
  );
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <Figure
          title="Contas pagantes"
          value={String(numbers.payingAccounts)}
          detail="Assinaturas ativas agora"
        />
        <Figure
          title="Receita recorrente mensal"
          value={formatCurrencyFromCents(numbers.mrrCents)}
          detail={`${numbers.payingAccounts} × ${formatCurrencyFromCents(numbers.planPriceCents)}`}
        />
        <Figure
          title="Testes iniciados"
          value={String(totalStarted)}
          detail={`Nas últimas ${ADMIN_WEEKS} semanas`}
        />
        <Figure
          title="Testes convertidos"
          value={String(totalConverted)}
          detail="Dos iniciados no período, os que já pagaram"
        />
      </div>
      <div className="grid gap-4 lg:grid-cols-3">
        <ReportChartCard
          title="Testes iniciados por semana"
          labels={weeks}
          values={started}
          formatValue={formatCount}
          empty="Nenhum teste iniciado no período."
          table={{ columns: ['Semana', 'Iniciados / convertidos'], rows: weekRows }}
        />
        <ReportChartCard
          title="Convertidos por semana de início"
          labels={weeks}
          values={converted}
          formatValue={formatCount}
          empty="Nenhuma conversão no período."
          table={{ columns: ['Semana', 'Iniciados / convertidos'], rows: weekRows }}
        />
        <ReportChartCard
          title="Cancelamentos por mês"
          labels={months}
          values={cancellations}
          formatValue={formatCount}
          empty="Nenhum cancelamento no período."
          table={{
            columns: ['Mês', 'Cancelamentos'],
            rows: numbers.months.map(
              (entry) => [formatMonth(entry.month), String(entry.cancellations)] as const,
            ),
          }}
        />
      </div>
    </div>
  );
}

/** "Números": trials, conversions, paying accounts, MRR and cancellations, as in Relatórios. */
export function AdminNumbersSection() {
  const query = useAdminNumbers();
  return (
    <section aria-labelledby="admin-numbers" className="space-y-3">
      <h2 id="admin-numbers" className="text-lg font-semibold">
        Números
      </h2>
      {query.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : query.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {getErrorMessage(query.error)}
        </p>
      ) : (
        <NumbersView numbers={query.data} />
      )}
    </section>
  );
}
