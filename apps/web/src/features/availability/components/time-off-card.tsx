import { timeOffInputSchema, type AffectedAppointment } from '@agendaki/shared';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { getErrorMessage } from '@/lib/api-client';
import { useAddTimeOff, useRemoveTimeOff, useTimeOff } from '../api/time-off';
import { formatDateBr } from '../lib/dates';
import { AffectedAppointments } from './affected-appointments';

/** "Folga/Férias": a range of closed dates with a note (docs/decisions/009-real-week.md). */
export function TimeOffCard({ today }: { today: string }) {
  const timeOff = useTimeOff();
  const add = useAddTimeOff();
  const remove = useRemoveTimeOff();
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const [note, setNote] = useState('');
  const [affected, setAffected] = useState<AffectedAppointment[]>([]);

  async function submit() {
    const input = { startDate, endDate: endDate || startDate, note };
    const parsed = timeOffInputSchema.safeParse(input);
    if (!parsed.success) {
      toast.error('Erro ao salvar folga', { description: parsed.error.issues[0]?.message });
      return;
    }
    try {
      const answer = await add.mutateAsync(input);
      setAffected(answer.affected);
      setStartDate('');
      setEndDate('');
      setNote('');
      toast.success('Folga/Férias salva');
    } catch (error) {
      toast.error('Erro ao salvar folga', { description: getErrorMessage(error) });
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Folga/Férias</CardTitle>
        <CardDescription>Dias seguidos sem atendimento online.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form
          aria-label="Nova folga"
          className="grid gap-3 sm:grid-cols-[auto_auto_1fr_auto] sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <div className="grid gap-2">
            <Label htmlFor="time-off-start">De</Label>
            <Input
              id="time-off-start"
              type="date"
              min={today}
              value={startDate}
              onChange={(event) => setStartDate(event.target.value)}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="time-off-end">Até</Label>
            <Input
              id="time-off-end"
              type="date"
              min={startDate || today}
              value={endDate}
              onChange={(event) => setEndDate(event.target.value)}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="time-off-note">Observação (opcional)</Label>
            <Input
              id="time-off-note"
              value={note}
              maxLength={200}
              placeholder="Férias"
              onChange={(event) => setNote(event.target.value)}
            />
          </div>
          <Button type="submit" disabled={add.isPending || !startDate}>
            {add.isPending ? 'Salvando...' : 'Adicionar folga'}
          </Button>
        </form>
        <AffectedAppointments affected={affected} />
        {timeOff.data?.length ? (
          <ul aria-label="Folgas e férias" className="grid gap-1 text-sm">
            {timeOff.data.map((off) => (
              <li key={off.id} className="flex items-center justify-between gap-2">
                <span>
                  <span className="font-medium">
                    {off.startDate === off.endDate
                      ? formatDateBr(off.startDate)
                      : `${formatDateBr(off.startDate)} a ${formatDateBr(off.endDate)}`}
                  </span>
                  {off.note ? ` · ${off.note}` : null}
                </span>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remover folga de ${formatDateBr(off.startDate)}`}
                  disabled={remove.isPending}
                  onClick={() =>
                    remove.mutate(off.id, {
                      onError: (error) =>
                        toast.error('Erro ao remover folga', {
                          description: getErrorMessage(error),
                        }),
                    })
                  }
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}
