import { APPOINTMENT_STATUS_LABELS, formatPhone, type Appointment } from '@agendaki/shared';
import { CSV_BOM, csvDate, csvLine, csvMoney, csvTime } from '../../lib/csv';

/** The CSV export of a period (Relatórios), in the pt-BR Excel form of lib/csv.ts. */
export const APPOINTMENTS_CSV_HEADER = [
  'Data',
  'Início',
  'Fim',
  'Cliente',
  'Telefone',
  'Email',
  'Serviço',
  'Valor (R$)',
  'Status',
  'Observações',
] as const;

export function toAppointmentsCsv(appointments: readonly Appointment[]): string {
  const lines = appointments.map((appointment) =>
    csvLine([
      csvDate(appointment.appointmentDate),
      csvTime(appointment.startTime),
      csvTime(appointment.endTime),
      appointment.client.name,
      appointment.client.phone ? formatPhone(appointment.client.phone) : '',
      appointment.client.email ?? '',
      appointment.service.name,
      csvMoney(appointment.totalPrice),
      APPOINTMENT_STATUS_LABELS[appointment.status],
      appointment.notes ?? '',
    ]),
  );
  return CSV_BOM + csvLine(APPOINTMENTS_CSV_HEADER) + lines.join('');
}
