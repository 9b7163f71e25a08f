export const APPOINTMENT_STATUSES = [
  'scheduled',
  'confirmed',
  'completed',
  'cancelled',
  'no_show',
  /** A public booking holding its time until its Pix sinal is received (decision 017). */
  'awaiting_deposit',
] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

export const APPOINTMENT_STATUS_LABELS: Record<AppointmentStatus, string> = {
  scheduled: 'Agendado',
  confirmed: 'Confirmado',
  completed: 'Concluído',
  cancelled: 'Cancelado',
  no_show: 'Não compareceu',
  awaiting_deposit: 'Aguardando sinal',
};

/**
 * Statuses of appointments that did not happen: they earn nothing (dashboard, reports). A no-show
 * still held its time (docs/decisions/014-calendar-and-numbers.md), a cancelled one did not.
 * A booking awaiting its sinal holds its time but earns nothing until the sinal is received
 * (docs/decisions/017-pix-sinal.md).
 */
export const UNREALIZED_STATUSES = [
  'cancelled',
  'no_show',
  'awaiting_deposit',
] as const satisfies readonly AppointmentStatus[];

/** docs/product.md section 4: an unknown status is shown as scheduled. */
export function toAppointmentStatus(value: string): AppointmentStatus {
  return (APPOINTMENT_STATUSES as readonly string[]).includes(value)
    ? (value as AppointmentStatus)
    : 'scheduled';
}
