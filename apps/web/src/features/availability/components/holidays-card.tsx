import type { AffectedAppointment, Holiday } from '@agendaki/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';
import { paths } from '@/config/paths';
import { getErrorMessage } from '@/lib/api-client';
import { useRemoveException, useSaveException } from '../api/exceptions';
import { useCloseNationalHolidays, useHolidays } from '../api/holidays';
import { formatDateBr } from '../lib/dates';
import { AffectedAppointments } from './affected-appointments';

/**
 * Holidays of the next 12 months, national and of the professional's UF: nothing is closed
 * until the professional switches a holiday on (docs/decisions/009-real-week.md).
 */
export function HolidaysCard() {
  const holidays = useHolidays();
  const save = useSaveException();
  const remove = useRemoveException();
  const closeAll = useCloseNationalHolidays();
  const [affected, setAffected] = useState<AffectedAppointment[]>([]);

  async function toggle(holiday: Holiday, closed: boolean) {
    try {
      if (closed) {
        const answer = await save.mutateAsync({
          date: holiday.date,
          input: { windows: [], note: holiday.name },
        });
        setAffected(answer.affected);
      } else {
        await remove.mutateAsync(holiday.date);
        setAffected([]);
      }
    } catch (error) {
      toast.error('Erro ao salvar feriado', { description: getErrorMessage(error) });
    }
  }

  async function closeNational() {
    try {
      const answer = await closeAll.mutateAsync();
      setAffected(answer.affected);
      toast.success('Fechado em todos os feriados nacionais');
    } catch (error) {
      toast.error('Erro ao fechar feriados', { description: getErrorMessage(error) });
    }
  }

  const data = holidays.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Feriados</CardTitle>
        <CardDescription>
          Próximos 12 meses. Ligue os feriados em que você não atende.
          {data && !data.state ? (
            <>
              {' '}
              Para ver os feriados do seu estado, escolha a UF em{' '}
              <Link className="underline" to={paths.dashboard.settings.getHref('business')}>
                Configurações &gt; Negócio
              </Link>
              .
            </>
          ) : null}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <Button
          variant="outline"
          className="w-full sm:w-fit"
          disabled={closeAll.isPending || !data}
          onClick={() => void closeNational()}
        >
          Fechar em todos os feriados nacionais
        </Button>
        <AffectedAppointments affected={affected} />
        {data ? (
          <ul aria-label="Feriados" className="grid gap-2">
            {data.holidays.map((holiday) => {
              const id = `holiday-${holiday.date}`;
              return (
                <li key={holiday.date} className="flex items-center justify-between gap-3">
                  <label htmlFor={id} className="grid gap-0.5 text-sm">
                    <span className="font-medium">
                      {formatDateBr(holiday.date)} · {holiday.name}
                    </span>
                    <span>
                      <Badge variant="secondary">
                        {holiday.scope === 'national' ? 'Nacional' : `Estadual (${data.state})`}
                      </Badge>
                    </span>
                  </label>
                  <Switch
                    id={id}
                    checked={holiday.closed}
                    aria-label={`Fechar em ${holiday.name}`}
                    disabled={save.isPending || remove.isPending}
                    onCheckedChange={(checked) => void toggle(holiday, checked)}
                  />
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">Carregando feriados...</p>
        )}
      </CardContent>
    </Card>
  );
}
