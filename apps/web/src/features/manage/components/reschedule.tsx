import { formatIsoDate, type ManageView } from '@agendaki/shared';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-client';
import { createIdempotencyKey } from '@/features/booking/lib/idempotency-key';
import { useManageAction, useRescheduleSlots } from '../api/manage';
import { addDays, weekday } from '../lib/dates';

/** Remarcar: the next days up to the professional's horizon, then that day's free times. */
export function Reschedule({
  token,
  data,
  onDone,
  onBack,
}: {
  token: string;
  data: ManageView;
  onDone: (message: string) => void;
  onBack: () => void;
}) {
  const days = Array.from({ length: 21 }, (_, i) => addDays(data.today, i)).filter(
    (day) => day <= data.lastBookableDate,
  );
  const [date, setDate] = useState<string | null>(null);
  const [time, setTime] = useState<string | null>(null);
  const slots = useRescheduleSlots(token, date);
  const action = useManageAction(token);
  const keyRef = useRef<{ key: string; date: string; time: string } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  function submit() {
    if (!date || !time) return;
    // The same choice again (a retry after a timeout) is the same request: it moves once.
    const previous = keyRef.current;
    const key =
      previous && previous.date === date && previous.time === time
        ? previous.key
        : createIdempotencyKey();
    keyRef.current = { key, date, time };
    action.mutate(
      { type: 'reschedule', input: { date, time, idempotencyKey: key } },
      {
        onSuccess: () => onDone(`Agendamento remarcado para ${formatIsoDate(date)} às ${time}.`),
        onError: () => {
          keyRef.current = null;
          setTime(null);
          void slots.refetch();
        },
      },
    );
  }

  return (
    <section
      aria-labelledby="reschedule-heading"
      className="space-y-4 rounded-2xl border bg-card p-4"
    >
      <h2
        id="reschedule-heading"
        ref={headingRef}
        tabIndex={-1}
        className="font-semibold outline-none"
      >
        Escolha o novo dia e horário
      </h2>
      <div role="group" aria-label="Dias" className="flex gap-2 overflow-x-auto pb-2">
        {days.map((day) => (
          <Button
            key={day}
            variant={day === date ? 'default' : 'outline'}
            className="h-auto shrink-0 flex-col px-3 py-2"
            aria-pressed={day === date}
            aria-label={`${weekday(day, 'long')}, ${formatIsoDate(day)}`}
            onClick={() => {
              setDate(day);
              setTime(null);
            }}
          >
            <span className="text-xs">{weekday(day, 'short')}</span>
            <span className="font-semibold">{formatIsoDate(day).slice(0, 5)}</span>
          </Button>
        ))}
      </div>
      {date ? (
        slots.isPending ? (
          <Spinner label="Carregando horários..." />
        ) : slots.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {getErrorMessage(slots.error)}
          </p>
        ) : slots.data.slots.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nenhum horário disponível neste dia.</p>
        ) : (
          <div role="group" aria-label="Horários" className="grid grid-cols-4 gap-2">
            {slots.data.slots.map((slot) => (
              <Button
                key={slot}
                variant={slot === time ? 'default' : 'outline'}
                aria-pressed={slot === time}
                onClick={() => setTime(slot)}
              >
                {slot}
              </Button>
            ))}
          </div>
        )
      ) : null}
      {action.error ? (
        <p role="alert" className="text-sm text-destructive">
          {getErrorMessage(action.error)}
        </p>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button size="lg" disabled={!date || !time || action.isPending} onClick={submit}>
          Confirmar novo horário
        </Button>
        <Button variant="outline" size="lg" onClick={onBack}>
          Voltar
        </Button>
      </div>
    </section>
  );
}
