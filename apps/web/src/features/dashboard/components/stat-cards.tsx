import { formatCurrencyFromCents, type DashboardSummary } from '@agendaki/shared';
import { CalendarCheck, CalendarDays, DollarSign, Users, type LucideIcon } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import {
  describeDayChange,
  describeMonthAppointmentsChange,
  describeMonthNoShows,
  describeNewClients,
  describeRevenueChange,
} from '../lib/stat-comparisons';

interface StatCardProps {
  title: string;
  icon: LucideIcon;
  value: string;
  detail: string;
  /** A second line under the detail. */
  note?: string;
}

function StatCard({ title, icon: Icon, value, detail, note }: StatCardProps) {
  return (
    <Card className="gap-2" role="group" aria-label={title}>
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle className="text-sm font-medium text-muted-foreground">{title}</CardTitle>
        <Icon className="size-4 text-primary" aria-hidden="true" />
      </CardHeader>
      <CardContent>
        <p className="text-2xl font-bold tracking-tight tabular-nums">{value}</p>
        <p className="mt-1 text-xs text-muted-foreground">{detail}</p>
        {note ? <p className="text-xs text-muted-foreground">{note}</p> : null}
      </CardContent>
    </Card>
  );
}

const GRID = 'grid gap-4 sm:grid-cols-2 xl:grid-cols-4';

/** Agendamentos Hoje, Faturamento Mensal, Total de Clientes, Agendamentos do Mês. */
export function StatCards({ summary }: { summary: DashboardSummary }) {
  return (
    <section aria-labelledby="stats-heading" className="space-y-2">
      <h2 id="stats-heading" className="sr-only">
        Números do seu negócio
      </h2>
      <div className={GRID}>
        <StatCard
          title="Agendamentos Hoje"
          icon={CalendarCheck}
          value={String(summary.todayCount)}
          detail={describeDayChange(summary.todayCount, summary.yesterdayCount)}
        />
        <StatCard
          title="Faturamento Mensal"
          icon={DollarSign}
          value={formatCurrencyFromCents(summary.monthRevenueCents)}
          detail={describeRevenueChange(
            summary.monthRevenueCents,
            summary.previousMonthRevenueCents,
          )}
        />
        <StatCard
          title="Total de Clientes"
          icon={Users}
          value={String(summary.clientsTotal)}
          detail={describeNewClients(summary.newClientsThisMonth)}
        />
        <StatCard
          title="Agendamentos do Mês"
          icon={CalendarDays}
          value={String(summary.monthAppointments)}
          detail={describeMonthAppointmentsChange(
            summary.monthAppointments,
            summary.previousMonthAppointments,
          )}
          note={describeMonthNoShows(summary.monthNoShows)}
        />
      </div>
      <p className="text-xs text-muted-foreground">
        Valores do mês: do dia 1 até hoje, comparados com os mesmos dias do mês passado.
        Agendamentos cancelados e os de quem não compareceu não entram na conta.
      </p>
    </section>
  );
}

export function StatCardsSkeleton() {
  return (
    <div className={GRID} data-testid="stat-cards-skeleton">
      {Array.from({ length: 4 }, (_, index) => (
        <Card key={index} className="gap-3">
          <CardHeader>
            <Skeleton className="h-4 w-32" />
          </CardHeader>
          <CardContent className="space-y-2">
            <Skeleton className="h-7 w-20" />
            <Skeleton className="h-3 w-36" />
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
