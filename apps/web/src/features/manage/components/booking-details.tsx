import { formatCurrencyFromCents, formatIsoDate, type ManageView } from '@agendaki/shared';
import { Download, MapPin } from 'lucide-react';
import { icsUrl } from '../api/manage';
import { weekday } from '../lib/dates';
import { manageStatusColors } from '../lib/status-colors';

const STATUS_LABEL: Record<ManageView['status'], string> = {
  scheduled: 'Agendado',
  confirmed: 'Confirmado',
  cancelled: 'Cancelado',
  awaiting_deposit: 'Aguardando sinal',
};

/** The booking as booked: day, services, total, address and the calendar file. */
export function BookingDetails({ token, data }: { token: string; data: ManageView }) {
  return (
    <section
      aria-label="Detalhes do agendamento"
      className="space-y-4 rounded-2xl border bg-card p-4 shadow-sm sm:p-6"
    >
      <div className="flex items-start justify-between gap-3">
        <div>
          <p className="text-lg font-semibold">
            {weekday(data.date, 'long')}, {formatIsoDate(data.date)}
          </p>
          <p className="text-muted-foreground">
            {data.startTime} às {data.endTime}
          </p>
        </div>
        <span
          data-testid="manage-status"
          className={`rounded-full px-3 py-1 text-sm font-medium ${manageStatusColors(data.status)}`}
        >
          {STATUS_LABEL[data.status]}
        </span>
      </div>
      <ul className="divide-y rounded-lg border">
        {data.services.map((service) => (
          <li
            key={`${service.name}-${service.startTime}`}
            className="flex justify-between gap-3 p-3 text-sm"
          >
            <span>
              <span className="font-medium">{service.name}</span>
              <span className="block text-muted-foreground">
                {service.startTime} às {service.endTime}
              </span>
            </span>
            <span>{formatCurrencyFromCents(service.priceCents)}</span>
          </li>
        ))}
      </ul>
      <p className="flex justify-between font-semibold">
        <span>Total</span>
        <span>{formatCurrencyFromCents(data.totalPriceCents)}</span>
      </p>
      {data.address ? (
        <p className="flex items-start gap-2 text-sm">
          <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            {data.address}{' '}
            {data.mapUrl ? (
              <a
                className="font-medium text-primary underline"
                href={data.mapUrl}
                target="_blank"
                rel="noreferrer"
              >
                Ver no mapa
              </a>
            ) : null}
          </span>
        </p>
      ) : null}
      <a
        className="inline-flex items-center gap-2 text-sm font-medium text-primary underline"
        href={icsUrl(token)}
        download="agendamento.ics"
      >
        <Download className="size-4" aria-hidden="true" />
        Adicionar à agenda (.ics)
      </a>
    </section>
  );
}
