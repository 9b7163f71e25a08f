import { Plus, X } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { cn } from '@/lib/cn';
import {
  suggestNextWindow,
  windowKey,
  type DayForm,
  type TimeWindow,
  type WeekErrors,
} from '../lib/week-form';

export interface DayRowProps {
  dayOfWeek: number;
  label: string;
  day: DayForm;
  errors: WeekErrors;
  onChange: (day: DayForm) => void;
  disabled?: boolean;
}

/** One weekday: the on/off switch and its windows, each with start and end. */
export function DayRow({ dayOfWeek, label, day, errors, onChange, disabled }: DayRowProps) {
  const labelId = useId();
  const next = suggestNextWindow(day.windows);
  const isOff = !day.isActive;

  function updateWindow(index: number, patch: Partial<TimeWindow>) {
    onChange({
      ...day,
      windows: day.windows.map((w, i) => (i === index ? { ...w, ...patch } : w)),
    });
  }

  return (
    <li
      className={cn(
        'flex flex-col gap-4 p-4 sm:flex-row sm:items-start sm:gap-6 sm:px-6',
        isOff && 'bg-muted/40',
      )}
      aria-labelledby={labelId}
    >
      <div className="flex items-center gap-3 sm:w-52 sm:shrink-0 sm:pt-2">
        <Switch
          checked={day.isActive}
          onCheckedChange={(isActive) => onChange({ ...day, isActive })}
          aria-labelledby={labelId}
          disabled={disabled}
        />
        <span id={labelId} className="font-medium">
          {label}
        </span>
        {isOff ? (
          <span className="ml-auto text-sm text-muted-foreground sm:hidden">Fechado</span>
        ) : null}
      </div>

      <div className="flex-1 space-y-3">
        {day.windows.map((window, index) => {
          const error = errors.get(windowKey(dayOfWeek, index));
          const errorId = `${labelId}-error-${index}`;
          const suffix = index === 0 ? label : `${label} (intervalo ${index + 1})`;
          return (
            <div key={index} className="space-y-1.5">
              <div className="flex items-center gap-2">
                <Input
                  type="time"
                  className="w-full min-w-0 sm:w-36"
                  value={window.startTime}
                  onChange={(event) => updateWindow(index, { startTime: event.target.value })}
                  disabled={isOff || disabled}
                  aria-label={`Início - ${suffix}`}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId : undefined}
                />
                <span className="text-sm text-muted-foreground" aria-hidden="true">
                  até
                </span>
                <Input
                  type="time"
                  className="w-full min-w-0 sm:w-36"
                  value={window.endTime}
                  onChange={(event) => updateWindow(index, { endTime: event.target.value })}
                  disabled={isOff || disabled}
                  aria-label={`Fim - ${suffix}`}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId : undefined}
                />
                {day.windows.length > 1 ? (
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="size-9 shrink-0 text-muted-foreground"
                    onClick={() =>
                      onChange({ ...day, windows: day.windows.filter((_, i) => i !== index) })
                    }
                    disabled={isOff || disabled}
                    aria-label={`Remover intervalo ${index + 1} - ${label}`}
                  >
                    <X aria-hidden="true" />
                  </Button>
                ) : null}
              </div>
              {error ? (
                <p id={errorId} className="text-sm text-destructive">
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
        {isOff ? null : (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="-ml-3 text-primary hover:text-primary"
            onClick={() => next && onChange({ ...day, windows: [...day.windows, next] })}
            disabled={disabled || !next}
            aria-label={`Adicionar intervalo - ${label}`}
          >
            <Plus aria-hidden="true" />
            Adicionar intervalo
          </Button>
        )}
      </div>
    </li>
  );
}
