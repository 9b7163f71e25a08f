import {
  APPOINTMENT_CLOSED_MESSAGE,
  type Appointment,
  formatCurrencyFromCents,
  formatIsoDate,
  formatPhone,
} from '@agendaki/shared';
import { type ReactNode, useId } from 'react';
import { CalendarDays, Clock3, Pencil, Phone, Repeat, Trash2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { cn } from '@/lib/cn';
import type { AppointmentLock } from '../lib/appointment-lock';
import { getStatusBadge } from '../lib/status-badge';

export interface AppointmentCardProps {
  appointment: Appointment;
  onEdit: (appointment: Appointment) => void;
  onDelete: (appointment: Appointment) => void;
  isDeleting?: boolean;
  /** Composed by the page's route: "Lembrar pelo WhatsApp" (features/manage). */
  action?: ReactNode;
  /** An occurrence of a horário fixo: "Horário fixo" opens its options. */
  onOpenSeries?: (appointment: Appointment) => void;
  /** Closed by another feature (features/money): Excluir is refused, Editar keeps the notes. */
  lock?: AppointmentLock;
}

export function AppointmentCard({
  appointment,
  onEdit,
  onDelete,
  isDeleting,
  action,
  onOpenSeries,
  lock: Lock,
}: AppointmentCardProps) {
  const badge = getStatusBadge(appointment.status);
  const isCancelled = appointment.status === 'cancelled';
  const { client, service } = appointment;
  const lockedId = useId();
  const buttons = (locked: boolean) => (
    <div className="mt-auto flex flex-wrap gap-2 border-t pt-4">
      <Button
        variant="outline"
        size="sm"
        className="flex-1"
        onClick={() => onEdit(appointment)}
        aria-label={`Editar agendamento de ${client.name}`}
      >
        <Pencil aria-hidden="true" />
        Editar
      </Button>
      {appointment.seriesId && onOpenSeries ? (
        <Button
          variant="outline"
          size="sm"
          onClick={() => onOpenSeries(appointment)}
          aria-label={`Horário fixo de ${client.name}, ${formatIsoDate(appointment.appointmentDate)}`}
        >
          <Repeat aria-hidden="true" />
          Horário fixo
        </Button>
      ) : null}
      <ConfirmDialog
        title="Tem certeza que deseja excluir este agendamento?"
        description={`${client.name} · ${service.name} · ${formatIsoDate(appointment.appointmentDate)} às ${appointment.startTime}. Esta ação não pode ser desfeita.`}
        onConfirm={() => onDelete(appointment)}
        trigger={
          <Button
            variant="outline"
            size="sm"
            className="text-destructive hover:bg-destructive/10 hover:text-destructive"
            aria-label={`Excluir agendamento de ${client.name}`}
            disabled={isDeleting || locked}
            aria-describedby={locked ? lockedId : undefined}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        }
      />
      {locked ? (
        <p id={lockedId} className="w-full text-sm text-muted-foreground">
          {APPOINTMENT_CLOSED_MESSAGE}
        </p>
      ) : null}
    </div>
  );

  return (
    <Card className={cn('w-full gap-4 p-5', isCancelled && 'bg-muted/40')}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="leading-snug font-semibold break-words">{client.name}</h2>
          <p className="text-sm text-muted-foreground">{service.name}</p>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1.5">
          <Badge variant={badge.variant}>{badge.label}</Badge>
          {appointment.seriesId ? (
            <Badge variant="outline" className="gap-1">
              <Repeat className="size-3" aria-hidden="true" />
              Horário fixo
            </Badge>
          ) : null}
          <span
            className={cn('font-semibold', isCancelled && 'text-muted-foreground line-through')}
          >
            {formatCurrencyFromCents(appointment.totalPriceCents)}
          </span>
        </div>
      </div>

      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <span className="inline-flex items-center gap-1.5">
          <CalendarDays className="size-4 text-muted-foreground" aria-hidden="true" />
          {formatIsoDate(appointment.appointmentDate)}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <Clock3 className="size-4 text-muted-foreground" aria-hidden="true" />
          {appointment.startTime} - {appointment.endTime}
        </span>
      </div>

      {client.phone ? (
        <a
          href={`tel:${client.phone.replace(/[^\d+]/g, '')}`}
          className="inline-flex w-fit items-center gap-1.5 rounded-sm text-sm text-muted-foreground hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
        >
          <Phone className="size-4" aria-hidden="true" />
          {formatPhone(client.phone)}
        </a>
      ) : null}

      {appointment.notes ? (
        <div className="rounded-md bg-muted/60 px-3 py-2 text-sm text-muted-foreground">
          <p className="line-clamp-3 break-words">{appointment.notes}</p>
        </div>
      ) : null}

      {action && !isCancelled ? <div>{action}</div> : null}

      {Lock ? <Lock appointment={appointment}>{buttons}</Lock> : buttons(false)}
    </Card>
  );
}
