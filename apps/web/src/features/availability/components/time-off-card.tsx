import { timeOffInputSchema, type AffectedAppointment, type TimeOffInput } from '@agendaki/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { getErrorMessage } from '@/lib/api-client';
import { toastFirstSchemaError } from '@/lib/validation-toast';
import { useAddTimeOff, useRemoveTimeOff, useTimeOff } from '../api/time-off';
import { formatDateBr } from '../lib/dates';
import { AffectedAppointments } from './affected-appointments';

const EMPTY: TimeOffInput = { startDate: '', endDate: '', note: '' };
const schemaResolver = zodResolver(timeOffInputSchema);
/** "Até" left empty means a single day off. */
const resolver: Resolver<TimeOffInput> = (values, context, options) =>
  schemaResolver({ ...values, endDate: values.endDate || values.startDate }, context, options);

const reportInvalid = toastFirstSchemaError<TimeOffInput>('Erro ao salvar folga');

/** "Folga/Férias": a range of closed dates with a note (docs/decisions/009-real-week.md). */
export function TimeOffCard({ today }: { today: string }) {
  const timeOff = useTimeOff();
  const add = useAddTimeOff();
  const remove = useRemoveTimeOff();
  const form = useForm<TimeOffInput>({ resolver, defaultValues: EMPTY, shouldFocusError: false });
  const startDate = useWatch({ control: form.control, name: 'startDate' });
  const [affected, setAffected] = useState<AffectedAppointment[]>([]);

  async function submit(input: TimeOffInput) {
    try {
      const answer = await add.mutateAsync(input);
      setAffected(answer.affected);
      form.reset(EMPTY);
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
          onSubmit={(event) => void form.handleSubmit(submit, reportInvalid)(event)}
        >
          <div className="grid gap-2">
            <Label htmlFor="time-off-start">De</Label>
            <Input id="time-off-start" type="date" min={today} {...form.register('startDate')} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="time-off-end">Até</Label>
            <Input
              id="time-off-end"
              type="date"
              min={startDate || today}
              {...form.register('endDate')}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="time-off-note">Observação (opcional)</Label>
            <Input
              id="time-off-note"
              maxLength={200}
              placeholder="Férias"
              {...form.register('note')}
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
