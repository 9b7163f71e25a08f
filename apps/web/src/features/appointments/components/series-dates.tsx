import { formatCurrencyFromCents, formatIsoDate, type Series } from '@agendaki/shared';
import { Badge } from '@/components/ui/badge';
import { getStatusBadge } from '../lib/status-badge';

/** The series' dates with their own status, and the dates left out with why. */
export function SeriesDates({ series }: { series: Series }) {
  return (
    <div className="grid gap-3 border-t pt-4 text-sm">
      <h3 className="font-medium">Datas marcadas</h3>
      <ul className="grid gap-1.5" aria-label="Datas marcadas">
        {series.occurrences.map((o) => {
          const badge = getStatusBadge(o.status);
          return (
            <li key={o.bookingId} className="flex flex-wrap items-center justify-between gap-2">
              <span>
                {formatIsoDate(o.appointmentDate)} · {o.startTime}–{o.endTime} ·{' '}
                {formatCurrencyFromCents(o.totalPriceCents)}
              </span>
              <Badge variant={badge.variant}>{badge.label}</Badge>
            </li>
          );
        })}
      </ul>
      {series.generatedUntil < series.untilDate ? (
        <p className="text-muted-foreground">
          As datas depois de {formatIsoDate(series.generatedUntil)} são marcadas aos poucos, até{' '}
          {formatIsoDate(series.untilDate)}.
        </p>
      ) : null}
      {series.notes.length > 0 ? (
        <>
          <h3 className="font-medium">Datas fora da série</h3>
          <ul className="grid gap-1.5" aria-label="Datas fora da série">
            {series.notes.map((note) => (
              <li key={note.date}>
                {formatIsoDate(note.date)}:{' '}
                {note.kind === 'skip'
                  ? `deixada de fora ao criar${note.reason ? ` (${note.reason})` : ''}`
                  : `pulada: ${note.reason ?? 'não pôde ser marcada'}`}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
