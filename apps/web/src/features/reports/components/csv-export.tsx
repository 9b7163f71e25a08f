import { csvExportQuerySchema, zonedToday } from '@agendaki/shared';
import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { getAppointmentsCsvHref } from '../api/get-report';

/**
 * "Exportar agendamentos": a CSV of a period that Excel and LibreOffice open right in pt-BR
 * (`;`, UTF-8 with BOM, dd/MM/yyyy, comma money). Defaults to this month up to today.
 */
export function CsvExport({ timeZone }: { timeZone: string }) {
  const today = zonedToday(new Date(), timeZone);
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const fromId = useId();
  const toId = useId();
  const errorId = useId();
  const parsed = csvExportQuerySchema.safeParse({ from, to });
  const error = parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Período inválido');

  return (
    <Card className="gap-3">
      <CardHeader>
        <CardTitle className="text-base">Exportar agendamentos</CardTitle>
        <CardDescription>
          Planilha (CSV) com todos os agendamentos do período, para abrir no Excel ou no
          LibreOffice.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="space-y-1.5">
            <Label htmlFor={fromId}>De</Label>
            <Input
              id={fromId}
              type="date"
              value={from}
              onChange={(event) => setFrom(event.target.value)}
              aria-describedby={error ? errorId : undefined}
              aria-invalid={error ? true : undefined}
            />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={toId}>Até</Label>
            <Input
              id={toId}
              type="date"
              value={to}
              onChange={(event) => setTo(event.target.value)}
              aria-describedby={error ? errorId : undefined}
              aria-invalid={error ? true : undefined}
            />
          </div>
          {error ? (
            <Button disabled>
              <Download aria-hidden="true" />
              Baixar CSV
            </Button>
          ) : (
            <Button asChild>
              <a href={getAppointmentsCsvHref(from, to)} download>
                <Download aria-hidden="true" />
                Baixar CSV
              </a>
            </Button>
          )}
        </div>
        {error ? (
          <p id={errorId} className="mt-2 text-sm text-destructive">
            {error}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
