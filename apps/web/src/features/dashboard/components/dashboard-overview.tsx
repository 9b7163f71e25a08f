import { RefreshCw } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/api-client';
import { useDashboardSummary } from '../api/get-dashboard-summary';
import { QuickActions } from './quick-actions';
import { StatCards, StatCardsSkeleton } from './stat-cards';
import {
  UpcomingAppointments,
  UpcomingAppointmentsSkeleton,
  type RenderUpcomingAction,
} from './upcoming-appointments';

/** The figures, the quick actions and the next appointments of the dashboard home. */
export function DashboardOverview({
  renderUpcomingAction,
}: {
  /** Composed by the route: "Lembrar pelo WhatsApp" (features/manage). */
  renderUpcomingAction?: RenderUpcomingAction;
} = {}) {
  const summary = useDashboardSummary();

  if (summary.isError && !summary.data) {
    return (
      <div className="space-y-6">
        <Alert variant="destructive">
          <AlertTitle>Não foi possível carregar os números do painel</AlertTitle>
          <AlertDescription>
            <p>{getErrorMessage(summary.error)}</p>
            <Button
              variant="outline"
              size="sm"
              className="mt-2 text-foreground"
              disabled={summary.isFetching}
              onClick={() => void summary.refetch()}
            >
              <RefreshCw
                className={summary.isFetching ? 'animate-spin' : undefined}
                aria-hidden="true"
              />
              Tentar novamente
            </Button>
          </AlertDescription>
        </Alert>
        <QuickActions />
      </div>
    );
  }

  return (
    <div className="space-y-6">
      {summary.data ? <StatCards summary={summary.data} /> : <StatCardsSkeleton />}
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          {summary.data ? (
            <UpcomingAppointments
              appointments={summary.data.upcoming}
              renderAction={renderUpcomingAction}
            />
          ) : (
            <UpcomingAppointmentsSkeleton />
          )}
        </div>
        <QuickActions />
      </div>
    </div>
  );
}
