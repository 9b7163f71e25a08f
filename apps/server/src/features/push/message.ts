import {
  appointmentHref,
  formatIsoDate,
  formatTime,
  formatWeekday,
  PUSH_KIND_LABELS,
  type PushMessage,
} from '@agendaki/shared';
import type { Db } from '../../db/client';
import { listBookingAppointments } from '../appointments/service';
import type { PushJobData } from './types';

const TEST_MESSAGE: PushMessage = {
  title: 'Notificação de teste',
  body: 'As notificações do Agendaki estão funcionando neste aparelho.',
  url: '/dashboard/settings?tab=app',
  tag: 'agendaki-test',
};

const TAILS: Partial<Record<PushJobData['kind'], string>> = {
  booking_rescheduled: ' (novo horário)',
  deposit_expired: ' · horário liberado',
  deposit_received: ' · confirmado',
};

/**
 * What the device shows, read when the job runs (the booking as it is then): "Novo agendamento"
 * over "Ana Souza · Corte · sáb 05/12 às 14:00". None when the booking is gone.
 */
export async function buildPushMessage(
  db: Db,
  data: PushJobData,
): Promise<PushMessage | undefined> {
  if (data.kind === 'test') return TEST_MESSAGE;
  if (!data.bookingId) return undefined;
  const appointments = await listBookingAppointments({ db }, data.professionalId, data.bookingId);
  const live = appointments.filter((a) => a.status !== 'cancelled');
  const shown = live.length > 0 ? live : appointments;
  const first = shown[0];
  if (!first) return undefined;
  const services = shown.map((a) => a.service.name).join(' + ');
  const date = formatIsoDate(first.appointmentDate).slice(0, 5);
  const when = `${formatWeekday(first.appointmentDate, 'short')} ${date} às ${formatTime(first.startTime)}`;
  return {
    title: PUSH_KIND_LABELS[data.kind],
    body: `${first.client.name} · ${services} · ${when}${TAILS[data.kind] ?? ''}`,
    url: appointmentHref(first.id),
    tag: `booking-${data.bookingId}`,
  };
}
