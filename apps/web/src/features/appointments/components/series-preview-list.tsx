import { formatIsoDate, formatWeekday, type SeriesPreviewItem } from '@agendaki/shared';
import { CalendarClock, CircleAlert, CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/cn';
import { DateField } from './date-field';

export interface SeriesMove {
  date: string;
  toDate: string;
  toStartTime: string;
}

export interface SeriesPreviewListProps {
  items: readonly SeriesPreviewItem[];
  /** A rule every date breaks and the dashboard may (outside the weekly hours). */
  warning: string | null;
  /** Possible dates the professional chose to leave out. */
  dropped: ReadonlySet<string>;
  onToggle: (date: string, keep: boolean) => void;
  onMove: (move: SeriesMove) => void;
  today: string;
}

/**
 * The preview's dates: each possible one with "Manter", each impossible one with why and
 * "Mudar data" (docs/product.md, Horário fixo). A moved date is checked again where it goes.
 */
export function SeriesPreviewList({
  items,
  warning,
  dropped,
  onToggle,
  onMove,
  today,
}: SeriesPreviewListProps) {
  const kept = items.filter((i) => !i.problem && !dropped.has(i.date)).length;
  return (
    <section className="grid gap-3" aria-label="Prévia das datas">
      {warning ? (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">{warning}</p>
      ) : null}
      <ul className="grid gap-2" aria-label="Datas do horário fixo">
        {items.map((item) => (
          <PreviewRow
            key={item.date}
            item={item}
            isKept={!item.problem && !dropped.has(item.date)}
            onToggle={onToggle}
            onMove={onMove}
            today={today}
          />
        ))}
      </ul>
      <p className="text-sm font-medium" aria-live="polite">
        {kept === 1 ? '1 data será marcada' : `${kept} datas serão marcadas`}
        {items.length > kept ? `; ${items.length - kept} fora.` : '.'}
      </p>
    </section>
  );
}

function PreviewRow({
  item,
  isKept,
  onToggle,
  onMove,
  today,
}: {
  item: SeriesPreviewItem;
  isKept: boolean;
  onToggle: (date: string, keep: boolean) => void;
  onMove: (move: SeriesMove) => void;
  today: string;
}) {
  const [isMoving, setIsMoving] = useState(false);
  const [toDate, setToDate] = useState(item.appointmentDate);
  const [toStartTime, setToStartTime] = useState(item.startTime);
  const label = `${formatWeekday(item.appointmentDate, 'short')}, ${formatIsoDate(item.appointmentDate)} às ${item.startTime}`;
  const checkboxId = `keep-${item.date}`;
  return (
    <li
      className={cn(
        'grid gap-2 rounded-md border px-3 py-2 text-sm',
        item.problem && 'border-destructive/40 bg-destructive/5',
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 items-center gap-2">
          {item.problem ? (
            <CircleAlert className="size-4 shrink-0 text-destructive" aria-hidden="true" />
          ) : (
            <CircleCheck className="size-4 shrink-0 text-emerald-600" aria-hidden="true" />
          )}
          <span className={cn('font-medium', !isKept && 'text-muted-foreground line-through')}>
            {label}
          </span>
          {item.moved ? (
            <span className="text-xs text-muted-foreground">
              (em vez de {formatIsoDate(item.date)})
            </span>
          ) : null}
        </div>
        {item.problem ? (
          <Button type="button" variant="outline" size="sm" onClick={() => setIsMoving(!isMoving)}>
            <CalendarClock aria-hidden="true" />
            Mudar data
          </Button>
        ) : (
          <label htmlFor={checkboxId} className="inline-flex items-center gap-2">
            <input
              id={checkboxId}
              type="checkbox"
              className="size-4 accent-primary"
              checked={isKept}
              onChange={(event) => onToggle(item.date, event.target.checked)}
              aria-label={`Manter ${formatIsoDate(item.appointmentDate)}`}
            />
            Manter
          </label>
        )}
      </div>
      {item.problem ? (
        <p className="text-destructive">
          {item.reason}. Esta data fica de fora, a não ser que você a mude.
        </p>
      ) : null}
      {isMoving ? (
        <div className="grid gap-2 sm:grid-cols-[1fr_auto_auto] sm:items-end">
          <div className="grid gap-1">
            <Label htmlFor={`move-date-${item.date}`}>Nova data</Label>
            <DateField
              id={`move-date-${item.date}`}
              value={toDate}
              onChange={setToDate}
              today={today}
            />
          </div>
          <div className="grid gap-1">
            <Label htmlFor={`move-time-${item.date}`}>Horário</Label>
            <Input
              id={`move-time-${item.date}`}
              type="time"
              value={toStartTime}
              onChange={(event) => setToStartTime(event.target.value)}
            />
          </div>
          <Button
            type="button"
            size="sm"
            onClick={() => {
              onMove({ date: item.date, toDate, toStartTime });
              setIsMoving(false);
            }}
          >
            Usar esta data
          </Button>
        </div>
      ) : null}
    </li>
  );
}
