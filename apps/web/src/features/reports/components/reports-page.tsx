import { formatCurrencyFromCents, formatIsoDate, type Report } from '@agendaki/shared';
import { useMemo } from 'react';
import { PageHeader } from '@/components/layouts/page-header';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { getErrorMessage } from '@/lib/api-client';
import { useReport } from '../api/get-report';
import { formatHour, formatRate, formatShortDate, WEEKDAY_NAMES } from '../lib/format-report';
import { CsvExport } from './csv-export';
import { ReportChartCard } from '@/components/charts/chart-card';
import { ReceivedSection } from './received-section';

const formatCount = (value: number) => (Number.isInteger(value) ? String(value) : '');
const formatMoneyAxis = (value: number) =>
  Number.isInteger(value) ? `R$ ${Math.round(value).toLocaleString('pt-BR')}` : '';

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

function ReportView({ report }: { report: Report }) {
  const { totals } = report;
  const weeks = useMemo(
    () => ({
      labels: report.weeks.map((week) => formatShortDate(week.weekStart)),
      values: report.weeks.map((week) => week.revenueCents / 100),
    }),
    [report.weeks],
  );
  const services = useMemo(
    () => ({
      labels: report.services.map((service) => service.serviceName),
      values: report.services.map((service) => service.appointments),
    }),
    [report.services],
  );
  const weekdays = useMemo(
    () => ({
      labels: report.weekdays.map((day) => WEEKDAY_NAMES[day.weekday]!.slice(0, 3)),
      values: report.weekdays.map((day) => day.appointments),
    }),
    [report.weekdays],
  );
  const hours = useMemo(
    () => ({
      labels: report.hours.map((hour) => formatHour(hour.hour)),
      values: report.hours.map((hour) => hour.appointments),
    }),
    [report.hours],
  );

  return (
    <div className="space-y-4">
      <p className="text-sm text-muted-foreground">
        Últimas 12 semanas: de {formatIsoDate(report.from)} a {formatIsoDate(report.to)}.
        Agendamentos cancelados e os de quem não compareceu não entram no faturamento.
      </p>
      <section aria-label="Resumo do período" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <Figure
          title="Faturamento (agendado)"
          value={formatCurrencyFromCents(totals.revenueCents)}
          detail={`${totals.kept} ${totals.kept === 1 ? 'atendimento' : 'atendimentos'}`}
        />
        <Figure
          title="Agendamentos"
          value={String(totals.appointments)}
          detail="Todos os status, no período"
        />
        <Figure
          title="Taxa de cancelamento"
          value={formatRate(totals.cancellationRate)}
          detail={`${totals.cancelled} de ${totals.appointments} agendamentos`}
        />
        <Figure
          title="Taxa de não comparecimento"
          value={formatRate(totals.noShowRate)}
          detail={`${totals.noShows} de ${totals.appointments} agendamentos`}
        />
      </section>
      <div className="grid gap-4 lg:grid-cols-2">
        <ReportChartCard
          title="Faturamento por semana"
          description="Semanas de domingo a sábado"
          labels={weeks.labels}
          values={weeks.values}
          formatValue={formatMoneyAxis}
          table={{
            columns: ['Semana de', 'Faturamento'],
            rows: report.weeks.map((week) => [
              formatIsoDate(week.weekStart),
              formatCurrencyFromCents(week.revenueCents),
            ]),
          }}
        />
        <ReportChartCard
          title="Agendamentos por serviço"
          description="Atendimentos realizados ou marcados, sem cancelados e faltas"
          labels={services.labels}
          values={services.values}
          formatValue={formatCount}
          table={{
            columns: ['Serviço', 'Agendamentos (faturamento)'],
            rows: report.services.map((service) => [
              service.serviceName,
              `${service.appointments} (${formatCurrencyFromCents(service.revenueCents)})`,
            ]),
          }}
        />
        <ReportChartCard
          title="Dias mais movimentados"
          labels={weekdays.labels}
          values={weekdays.values}
          formatValue={formatCount}
          table={{
            columns: ['Dia da semana', 'Agendamentos'],
            rows: report.weekdays.map((day) => [
              WEEKDAY_NAMES[day.weekday]!,
              String(day.appointments),
            ]),
          }}
        />
        <ReportChartCard
          title="Horários mais movimentados"
          description="Pelo horário de início"
          labels={hours.labels}
          values={hours.values}
          formatValue={formatCount}
          table={{
            columns: ['Horário', 'Agendamentos'],
            rows: report.hours.map((hour) => [formatHour(hour.hour), String(hour.appointments)]),
          }}
        />
      </div>
      <ReceivedSection report={report} />
    </div>
  );
}

/** Relatórios (docs/decisions/014-calendar-and-numbers.md): the numbers as pictures. */
export function ReportsPage({ timeZone }: { timeZone: string }) {
  const report = useReport();
  return (
    <>
      <PageHeader title="Relatórios" description="Como está indo o seu negócio" />
      {report.data ? (
        <ReportView report={report.data} />
      ) : report.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {getErrorMessage(report.error)}
        </p>
      ) : (
        <Skeleton className="h-96 w-full" />
      )}
      <div className="mt-4">
        <CsvExport timeZone={timeZone} />
      </div>
    </>
  );
}
