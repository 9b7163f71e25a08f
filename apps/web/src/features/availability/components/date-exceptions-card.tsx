import { type AffectedAppointment, type DateException } from '@agendaki/shared';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Calendar } from '@/components/ui/calendar';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { getErrorMessage } from '@/lib/api-client';
import { calendarDateToIso, isoToCalendarDate } from '@/features/booking/lib/calendar-dates';
import { useExceptions, useRemoveException } from '../api/exceptions';
import { formatDateBr } from '../lib/dates';
import { AffectedAppointments } from './affected-appointments';
import { DateExceptionForm } from './date-exception-form';

function describe(exception: DateException): string {
  const hours =
    exception.windows.length === 0
      ? 'Fechado'
      : exception.windows.map((w) => `${w.startTime}–${w.endTime}`).join(', ');
  return exception.note ? `${hours} · ${exception.note}` : hours;
}

/**
 * "Datas especiais": a date closed, or with its own windows replacing the weekday's
 * (docs/decisions/009-real-week.md). Saving lists the appointments already outside the new hours.
 */
export function DateExceptionsCard({ today }: { today: string }) {
  const exceptions = useExceptions();
  const remove = useRemoveException();
  const [selected, setSelected] = useState<string | null>(null);
  const [affected, setAffected] = useState<AffectedAppointment[]>([]);
  const list = exceptions.data ?? [];
  const byDate = new Map(list.map((exception) => [exception.date, exception]));
  const todayDate = isoToCalendarDate(today);

  function pick(date: Date | undefined) {
    setAffected([]);
    setSelected(date ? calendarDateToIso(date) : null);
  }

  async function removeDate(date: string) {
    try {
      await remove.mutateAsync(date);
      setAffected([]);
      if (selected === date) setSelected(null);
      toast.success(`Data ${formatDateBr(date)} volta ao horário da semana`);
    } catch (error) {
      toast.error('Erro ao remover data', { description: getErrorMessage(error) });
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Datas especiais</CardTitle>
        <CardDescription>
          Feche uma data ou defina horários próprios para ela. Os agendamentos existentes não são
          cancelados.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 md:grid-cols-[auto_1fr]">
        <div className="flex justify-center rounded-xl border">
          <Calendar
            mode="single"
            selected={selected ? isoToCalendarDate(selected) : undefined}
            onSelect={pick}
            today={todayDate}
            startMonth={todayDate}
            disabled={{ before: todayDate }}
            modifiers={{
              closed: list
                .filter((e) => e.windows.length === 0)
                .map((e) => isoToCalendarDate(e.date)),
              custom: list
                .filter((e) => e.windows.length > 0)
                .map((e) => isoToCalendarDate(e.date)),
            }}
            modifiersClassNames={{
              closed: 'line-through text-destructive',
              custom: 'underline decoration-2 decoration-primary',
            }}
          />
        </div>
        <div className="grid content-start gap-4">
          {selected ? (
            <DateExceptionForm
              key={selected}
              date={selected}
              exception={byDate.get(selected)}
              onSaved={setAffected}
              onRemove={() => void removeDate(selected)}
              isRemoving={remove.isPending}
            />
          ) : (
            <p className="text-sm text-muted-foreground">Escolha uma data no calendário.</p>
          )}
          <AffectedAppointments affected={affected} />
          {list.length > 0 ? (
            <ul aria-label="Datas especiais salvas" className="grid gap-1 text-sm">
              {list.map((exception) => (
                <li key={exception.date} className="flex items-center justify-between gap-2">
                  <span>
                    <span className="font-medium">{formatDateBr(exception.date)}</span>:{' '}
                    {describe(exception)}
                  </span>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Remover ${formatDateBr(exception.date)}`}
                    onClick={() => void removeDate(exception.date)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
