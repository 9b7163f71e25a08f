import {
  APPOINTMENT_STATUS_LABELS,
  formatIsoDate,
  getWeekday,
  type Appointment,
} from '@agendaki/shared';

const WEEKDAYS = ['domingo', 'segunda', 'terça', 'quarta', 'quinta', 'sexta', 'sábado'] as const;
const WEEKDAYS_SHORT = ['Dom', 'Seg', 'Ter', 'Qua', 'Qui', 'Sex', 'Sáb'] as const;

/** "segunda, 23/11/2026" */
export function formatLongDay(date: string): string {
  return `${WEEKDAYS[getWeekday(date)]}, ${formatIsoDate(date)}`;
}

/** "Seg 23/11" */
export function formatColumnDay(date: string): string {
  return `${WEEKDAYS_SHORT[getWeekday(date)]} ${formatIsoDate(date).slice(0, 5)}`;
}

/** What a screen reader hears for an appointment of the grid (it is a button that edits it). */
export function describeAppointment(appointment: Appointment, isControl = true): string {
  const text =
    `${appointment.startTime} às ${appointment.endTime}, ${appointment.client.name}, ` +
    `${appointment.service.name}, ${APPOINTMENT_STATUS_LABELS[appointment.status]}` +
    (appointment.seriesId ? ', horário fixo' : '');
  return isControl ? `${text}. Editar` : text;
}

/** Status colours of the grid; the status is also written, never only coloured. */
export const STATUS_CLASSES: Record<Appointment['status'], string> = {
  scheduled: 'border-l-primary bg-primary/10',
  confirmed: 'border-l-success bg-success/10',
  completed: 'border-l-muted-foreground bg-muted',
  cancelled: 'border-l-destructive bg-destructive/10',
  no_show: 'border-l-warning bg-warning/15',
  awaiting_deposit: 'border-l-warning bg-warning/5 border-dashed',
};
