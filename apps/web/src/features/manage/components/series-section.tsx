import { formatIsoDate, formatWeekday, type ManageView } from '@agendaki/shared';
import { Repeat } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import type { useManageAction } from '../api/manage';

const STATUS_TEXT: Record<string, string> = {
  scheduled: 'Agendado',
  confirmed: 'Confirmado',
  cancelled: 'Pulado',
  awaiting_deposit: 'Aguardando sinal',
};

/**
 * A horário fixo's occurrence (docs/product.md, Horário fixo): the rule, the next dates, and
 * "Pular esta semana" for any of them before the cutoff; the other dates stay as they are.
 */
export function SeriesSection({
  data,
  action,
  onMessage,
}: {
  data: ManageView;
  action: ReturnType<typeof useManageAction>;
  onMessage: (text: string | null) => void;
}) {
  const [asking, setAsking] = useState<string | null>(null);
  const series = data.series;
  if (!series) return null;
  const skipLabel = series.isWeekly ? 'Pular esta semana' : 'Pular esta data';

  function skip(bookingId: string, date: string) {
    onMessage(null);
    action.mutate(
      { type: 'skip', bookingId },
      {
        onSuccess: (view) => {
          setAsking(null);
          const next = view.series?.next.find((n) => n.status !== 'cancelled');
          onMessage(
            `Você pulou ${formatIsoDate(date)}.` +
              (next
                ? ` Seu próximo horário: ${formatIsoDate(next.date)} às ${next.startTime}.`
                : ''),
          );
        },
      },
    );
  }

  return (
    <section aria-label="Horário fixo" className="space-y-3 rounded-2xl border bg-card p-4">
      <div className="flex items-center gap-2">
        <Repeat className="size-4 text-muted-foreground" aria-hidden="true" />
        <h2 className="font-semibold">Horário fixo</h2>
      </div>
      <p className="text-sm text-muted-foreground">{series.label}</p>
      <h3 className="text-sm font-medium">Próximas datas</h3>
      <ul className="grid gap-2" aria-label="Próximas datas">
        {series.next.map((item) => {
          const isThis = item.date === data.date && item.startTime === data.startTime;
          const when = `${formatWeekday(item.date, 'short')}, ${formatIsoDate(item.date)} às ${item.startTime}`;
          return (
            <li key={item.bookingId} className="grid gap-2 rounded-lg border px-3 py-2 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className={item.status === 'cancelled' ? 'line-through' : 'font-medium'}>
                  {when}
                </span>
                <span className="text-xs text-muted-foreground" data-testid="series-date-status">
                  {STATUS_TEXT[item.status] ?? 'Agendado'}
                </span>
              </div>
              {asking === item.bookingId ? (
                <div className="flex flex-col gap-2 sm:flex-row">
                  <Button
                    variant="destructive"
                    disabled={action.isPending}
                    onClick={() => skip(item.bookingId, item.date)}
                  >
                    Sim, pular {formatIsoDate(item.date)}
                  </Button>
                  <Button variant="outline" onClick={() => setAsking(null)}>
                    Voltar
                  </Button>
                </div>
              ) : item.canSkip ? (
                <Button
                  variant="outline"
                  size="sm"
                  className="w-fit"
                  aria-label={`${skipLabel}: ${formatIsoDate(item.date)}`}
                  onClick={() => setAsking(item.bookingId)}
                >
                  {isThis ? skipLabel : 'Pular'}
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
      <p className="text-xs text-muted-foreground">
        Pular uma data não muda as outras. O horário pulado fica livre para outra pessoa.
      </p>
    </section>
  );
}
