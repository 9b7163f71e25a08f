import { Info } from 'lucide-react';
import { useEffect } from 'react';
import { toast } from '@/lib/toast';
import { PageHeader } from '@/components/layouts/page-header';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useMe } from '@/features/auth/api/get-me';
import { DEFAULT_TIMEZONE, zonedToday } from '@agendaki/shared';
import { useAvailability } from '../api/get-availability';
import { toWeekForm } from '../lib/week-form';
import { AvailabilityForm } from './availability-form';
import { DateExceptionsCard } from './date-exceptions-card';
import { HolidaysCard } from './holidays-card';
import { TimeOffCard } from './time-off-card';

function WeekSkeleton() {
  return (
    <Card className="gap-0 py-0" aria-busy="true">
      {[0, 1, 2, 3, 4, 5, 6].map((key) => (
        <div key={key} className="flex items-center gap-4 border-b p-4 last:border-b-0 sm:px-6">
          <Skeleton className="h-6 w-11 rounded-full" />
          <Skeleton className="h-5 w-28" />
          <Skeleton className="ml-auto h-10 w-64 max-w-[45%]" />
        </div>
      ))}
      <span className="sr-only" role="status">
        Carregando horários...
      </span>
    </Card>
  );
}

export function AvailabilityPage() {
  const availability = useAvailability();
  const me = useMe();
  const today = zonedToday(new Date(), me.data?.profile.timezone ?? DEFAULT_TIMEZONE);

  useEffect(() => {
    if (availability.isError) toast.error('Erro ao carregar horários');
  }, [availability.isError]);

  return (
    <>
      <PageHeader
        title="Horário de Atendimento"
        description="Defina os dias e horários em que você atende"
      />
      {availability.isPending ? (
        <WeekSkeleton />
      ) : availability.isError ? (
        <Card className="items-center px-6 py-10 text-center">
          <p className="text-muted-foreground">Não foi possível carregar os horários</p>
          <Button variant="outline" onClick={() => void availability.refetch()}>
            Tentar novamente
          </Button>
        </Card>
      ) : (
        <>
          {availability.data.isDefault ? (
            <Alert variant="info">
              <Info aria-hidden="true" />
              <AlertDescription>
                Estes são os horários sugeridos. Ajuste como preferir e salve para valer na sua
                página de agendamento.
              </AlertDescription>
            </Alert>
          ) : null}
          <AvailabilityForm
            // A fresh form whenever the saved week changes (after loading or saving).
            key={availability.dataUpdatedAt}
            initialWeek={toWeekForm(availability.data.windows)}
          />
          <DateExceptionsCard today={today} />
          <TimeOffCard today={today} />
          <HolidaysCard />
        </>
      )}
    </>
  );
}
