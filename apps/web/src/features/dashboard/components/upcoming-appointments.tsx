import {
  APPOINTMENT_STATUS_LABELS,
  formatCurrencyFromCents,
  formatIsoDate,
  type UpcomingAppointment,
} from '@agendaki/shared';
import { CalendarClock, CalendarX2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';

export type RenderUpcomingAction = (appointment: UpcomingAppointment) => ReactNode;

function UpcomingItem({
  appointment,
  renderAction,
}: {
  appointment: UpcomingAppointment;
  renderAction?: RenderUpcomingAction;
}) {
  return (
    <li className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="truncate font-medium">{appointment.clientName}</p>
        <p className="truncate text-sm text-muted-foreground">{appointment.serviceName}</p>
        {renderAction ? <div className="mt-2">{renderAction(appointment)}</div> : null}
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm sm:justify-end">
        <span className="inline-flex items-center gap-1.5 tabular-nums">
          <CalendarClock className="size-4 text-muted-foreground" aria-hidden="true" />
          {formatIsoDate(appointment.appointmentDate)}, {appointment.startTime}–
          {appointment.endTime}
        </span>
        <span className="font-medium tabular-nums">
          {formatCurrencyFromCents(appointment.totalPriceCents)}
        </span>
        <Badge variant={appointment.status === 'confirmed' ? 'success' : 'secondary'}>
          {APPOINTMENT_STATUS_LABELS[appointment.status]}
        </Badge>
      </div>
    </li>
  );
}

function AgendaLink() {
  return (
    <Button asChild variant="outline" size="sm">
      <Link to={paths.dashboard.appointments.getHref()}>Ver agenda</Link>
    </Button>
  );
}

/** "Próximos Agendamentos": the next real appointments, from now on. */
export function UpcomingAppointments({
  appointments,
  renderAction,
}: {
  appointments: UpcomingAppointment[];
  renderAction?: RenderUpcomingAction;
}) {
  return (
    <Card className="gap-4">
      <CardHeader className="flex-row items-start justify-between gap-4">
        <div className="space-y-1.5">
          <h2 className="leading-tight font-semibold">Próximos Agendamentos</h2>
          <CardDescription>Os próximos horários marcados na sua agenda.</CardDescription>
        </div>
        {appointments.length > 0 ? <AgendaLink /> : null}
      </CardHeader>
      <CardContent>
        {appointments.length > 0 ? (
          <ul className="divide-y" aria-label="Próximos agendamentos">
            {appointments.map((appointment) => (
              <UpcomingItem
                key={appointment.id}
                appointment={appointment}
                renderAction={renderAction}
              />
            ))}
          </ul>
        ) : (
          <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed px-4 py-8 text-center">
            <CalendarX2 className="size-8 text-muted-foreground" aria-hidden="true" />
            <p className="font-medium">Nenhum agendamento futuro</p>
            <p className="max-w-xs text-sm text-muted-foreground">
              Os horários marcados pelo seu link ou pela agenda aparecem aqui.
            </p>
            <AgendaLink />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

export function UpcomingAppointmentsSkeleton() {
  return (
    <Card className="gap-4">
      <CardHeader>
        <h2 className="leading-tight font-semibold">Próximos Agendamentos</h2>
      </CardHeader>
      <CardContent className="space-y-4">
        {Array.from({ length: 3 }, (_, index) => (
          <div key={index} className="flex items-center justify-between gap-4">
            <div className="space-y-2">
              <Skeleton className="h-4 w-40" />
              <Skeleton className="h-3 w-28" />
            </div>
            <Skeleton className="h-4 w-24" />
          </div>
        ))}
      </CardContent>
    </Card>
  );
}
