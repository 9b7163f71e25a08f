import { affectedAppointmentsMessage, type AffectedAppointment } from '@agendaki/shared';
import { TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { paths } from '@/config/paths';
import { formatDateBr } from '../lib/dates';

/**
 * The appointments already inside a time just closed: nothing was cancelled, the professional
 * decides (docs/decisions/009-real-week.md). Each links to the Agenda, filtered by the client.
 */
export function AffectedAppointments({ affected }: { affected: readonly AffectedAppointment[] }) {
  if (affected.length === 0) return null;
  return (
    <Alert variant="warning" role="status">
      <TriangleAlert aria-hidden="true" />
      <AlertDescription>
        <p className="font-medium">{affectedAppointmentsMessage(affected.length)}</p>
        <p>Nenhum foi cancelado. Avise os clientes ou remarque pela Agenda:</p>
        <ul className="mt-1 list-disc pl-5">
          {affected.map((appointment) => (
            <li key={appointment.id}>
              <Link
                className="underline underline-offset-2"
                to={`${paths.dashboard.appointments.getHref()}?busca=${encodeURIComponent(appointment.clientName)}`}
              >
                {formatDateBr(appointment.appointmentDate)} {appointment.startTime} ·{' '}
                {appointment.clientName} · {appointment.serviceName}
              </Link>
            </li>
          ))}
        </ul>
      </AlertDescription>
    </Alert>
  );
}
