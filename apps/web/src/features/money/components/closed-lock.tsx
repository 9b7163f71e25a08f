import type { Appointment } from '@agendaki/shared';
import type { ReactNode } from 'react';
import { useClosingSummary } from '../api/closing';

/**
 * A closed appointment ("Concluir e receber" done) is history until reopened: the server refuses
 * its change (decision 038), so the Agenda offers none. Shares the closing line's request.
 */
export function ClosedLock({
  appointment,
  children,
}: {
  appointment: Appointment;
  children: (locked: boolean) => ReactNode;
}) {
  const summary = useClosingSummary(appointment.id);
  return children(Boolean(summary.data));
}
