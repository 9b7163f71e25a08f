import {
  dateExceptionInputSchema,
  type AffectedAppointment,
  type DateException,
} from '@agendaki/shared';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Calendar } from '@/components/ui/calendar';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { getErrorMessage } from '@/lib/api-client';
import { calendarDateToIso, isoToCalendarDate } from '@/features/booking/lib/calendar-dates';
import { useExceptions, useRemoveException, useSaveException } from '../api/exceptions';
import { formatDateBr } from '../lib/dates';
import { AffectedAppointments } from './affected-appointments';

interface Draft {
  date: string;
  closed: boolean;
  windows: { startTime: string; endTime: string }[];
  note: string;
}

function toDraft(date: string, exception: DateException | undefined): Draft {
  return {
    date,
    closed: exception ? exception.windows.length === 0 : true,
    windows: exception?.windows.length
      ? exception.windows.map((w) => ({ ...w }))
      : [{ startTime: '09:00', endTime: '12:00' }],
    note: exception?.note ?? '',
  };
}

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
  const save = useSaveException();
  const remove = useRemoveException();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [affected, setAffected] = useState<AffectedAppointment[]>([]);
  const list = exceptions.data ?? [];
  const byDate = new Map(list.map((exception) => [exception.date, exception]));
  const todayDate = isoToCalendarDate(today);

  function pick(date: Date | undefined) {
    setAffected([]);
    if (!date) return setDraft(null);
    const iso = calendarDateToIso(date);
    setDraft(toDraft(iso, byDate.get(iso)));
  }

  function updateWindow(index: number, field: 'startTime' | 'endTime', value: string) {
    if (!draft) return;
    const windows = draft.windows.map((w, i) => (i === index ? { ...w, [field]: value } : w));
    setDraft({ ...draft, windows });
  }

  async function submit() {
    if (!draft) return;
    const input = { windows: draft.closed ? [] : draft.windows, note: draft.note };
    const parsed = dateExceptionInputSchema.safeParse(input);
    if (!parsed.success) {
      toast.error('Erro ao salvar data', { description: parsed.error.issues[0]?.message });
      return;
    }
    try {
      const answer = await save.mutateAsync({ date: draft.date, input });
      setAffected(answer.affected);
      toast.success(`Data ${formatDateBr(draft.date)} salva`);
    } catch (error) {
      toast.error('Erro ao salvar data', { description: getErrorMessage(error) });
    }
  }

  async function removeDate(date: string) {
    try {
      await remove.mutateAsync(date);
      setAffected([]);
      if (draft?.date === date) setDraft(null);
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
            selected={draft ? isoToCalendarDate(draft.date) : undefined}
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
          {draft ? (
            <form
              aria-label={`Data ${formatDateBr(draft.date)}`}
              className="grid gap-4"
              onSubmit={(event) => {
                event.preventDefault();
                void submit();
              }}
            >
              <p className="font-medium">{formatDateBr(draft.date)}</p>
              <fieldset className="grid gap-2">
                <legend className="sr-only">Como fica esta data</legend>
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name="exception-kind"
                    checked={draft.closed}
                    onChange={() => setDraft({ ...draft, closed: true })}
                  />
                  Fechado o dia todo
                </label>
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name="exception-kind"
                    checked={!draft.closed}
                    onChange={() => setDraft({ ...draft, closed: false })}
                  />
                  Horários próprios
                </label>
              </fieldset>
              {draft.closed ? null : (
                <div className="grid gap-2">
                  {draft.windows.map((w, index) => (
                    <div key={index} className="flex items-center gap-2">
                      <Input
                        type="time"
                        aria-label={`Início ${index + 1}`}
                        value={w.startTime}
                        onChange={(event) => updateWindow(index, 'startTime', event.target.value)}
                        className="w-32"
                      />
                      <span aria-hidden="true">–</span>
                      <Input
                        type="time"
                        aria-label={`Fim ${index + 1}`}
                        value={w.endTime}
                        onChange={(event) => updateWindow(index, 'endTime', event.target.value)}
                        className="w-32"
                      />
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon"
                        aria-label={`Remover horário ${index + 1}`}
                        disabled={draft.windows.length === 1}
                        onClick={() =>
                          setDraft({
                            ...draft,
                            windows: draft.windows.filter((_, i) => i !== index),
                          })
                        }
                      >
                        <Trash2 aria-hidden="true" />
                      </Button>
                    </div>
                  ))}
                  <Button
                    type="button"
                    variant="outline"
                    className="w-fit"
                    onClick={() =>
                      setDraft({
                        ...draft,
                        windows: [...draft.windows, { startTime: '14:00', endTime: '18:00' }],
                      })
                    }
                  >
                    <Plus aria-hidden="true" />
                    Adicionar horário
                  </Button>
                </div>
              )}
              <div className="grid gap-2">
                <Label htmlFor="exception-note">Observação (opcional)</Label>
                <Input
                  id="exception-note"
                  value={draft.note}
                  maxLength={200}
                  onChange={(event) => setDraft({ ...draft, note: event.target.value })}
                />
              </div>
              <div className="flex flex-wrap gap-2">
                <Button type="submit" disabled={save.isPending}>
                  {save.isPending ? 'Salvando...' : 'Salvar data'}
                </Button>
                {byDate.has(draft.date) ? (
                  <Button
                    type="button"
                    variant="outline"
                    disabled={remove.isPending}
                    onClick={() => void removeDate(draft.date)}
                  >
                    Voltar ao horário da semana
                  </Button>
                ) : null}
              </div>
            </form>
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
