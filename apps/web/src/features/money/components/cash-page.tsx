import {
  formatCurrencyFromCents,
  formatIsoDate,
  isIsoDate,
  PAYMENT_METHOD_LABELS,
  zonedToday,
} from '@agendaki/shared';
import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { PageHeader } from '@/components/layouts/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { getErrorMessage } from '@/lib/api-client';
import { getCashCsvHref, useCashDay } from '../api/cash';

/** Caixa do dia: what came in on a day, by method, with tips, discounts and what stays open. */
export function CashPage({ timeZone }: { timeZone: string }) {
  const today = zonedToday(new Date(), timeZone);
  const [date, setDate] = useState(today);
  const isValid = isIsoDate(date);
  const cash = useCashDay(date, isValid);
  const dateId = useId();
  const day = cash.data;

  return (
    <div className="space-y-6">
      <PageHeader
        title="Caixa do dia"
        description="O que entrou de verdade: por forma de pagamento, com gorjetas, descontos e o que ficou em aberto."
      />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="space-y-1.5">
          <Label htmlFor={dateId}>Data</Label>
          <Input
            id={dateId}
            type="date"
            value={date}
            onChange={(event) => setDate(event.target.value)}
            className="w-fit"
          />
        </div>
        {isValid ? (
          <Button asChild variant="outline">
            <a href={getCashCsvHref(date)} download>
              <Download aria-hidden="true" />
              Baixar CSV
            </a>
          </Button>
        ) : null}
      </div>
      {!isValid ? (
        <p role="alert" className="text-sm text-destructive">
          Data inválida
        </p>
      ) : day ? (
        <>
          <section
            aria-label="Resumo do caixa"
            className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
          >
            <Figure
              label="Total recebido"
              cents={day.receivedCents}
              hint="Pix, dinheiro e cartões"
              strong
            />
            <Figure label="Gorjetas" cents={day.tipsCents} />
            <Figure label="Descontos" cents={day.discountsCents} />
            <Figure
              label="Em aberto (fiado)"
              cents={day.owedCents}
              hint="Ainda a receber ao fim do dia, fiados antigos incluídos"
            />
            <Figure
              label="Pacotes vendidos"
              cents={day.packagesSold.cents}
              hint={`${day.packagesSold.count} ${day.packagesSold.count === 1 ? 'pacote' : 'pacotes'}`}
            />
            <Card className="gap-1 p-4">
              <p className="text-sm text-muted-foreground">Atendimentos concluídos</p>
              <p className="text-2xl font-semibold tabular-nums">{day.closings}</p>
            </Card>
          </section>
          <Card className="gap-3">
            <CardHeader>
              <CardTitle className="text-base">Por forma de pagamento</CardTitle>
            </CardHeader>
            <CardContent>
              {day.methods.length === 0 ? (
                <p className="text-sm text-muted-foreground">
                  Nenhum pagamento em {formatIsoDate(day.date)}.
                </p>
              ) : (
                <dl className="grid gap-1 text-sm" aria-label="Por forma de pagamento">
                  {day.methods.map((row) => (
                    <div key={row.method} className="flex justify-between gap-4">
                      <dt>
                        {PAYMENT_METHOD_LABELS[row.method]}{' '}
                        <span className="text-muted-foreground">({row.count})</span>
                      </dt>
                      <dd className="tabular-nums">{formatCurrencyFromCents(row.cents)}</dd>
                    </div>
                  ))}
                </dl>
              )}
              <p className="mt-3 text-xs text-muted-foreground">
                Sinal já pago e sessão de pacote quitam o atendimento, mas o dinheiro entrou antes:
                não somam no total recebido do dia.
              </p>
            </CardContent>
          </Card>
          {day.lines.length > 0 ? (
            <Card className="gap-3">
              <CardHeader>
                <CardTitle className="text-base">Pagamentos do dia</CardTitle>
              </CardHeader>
              <CardContent>
                <ul className="divide-y text-sm">
                  {day.lines.map((line, index) => (
                    <li key={index} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2">
                      <span>
                        <span className="tabular-nums text-muted-foreground">{line.time}</span>{' '}
                        {line.clientName} · {line.description}
                      </span>
                      <span className="tabular-nums">
                        {PAYMENT_METHOD_LABELS[line.method]}{' '}
                        {formatCurrencyFromCents(line.amountCents)}
                      </span>
                    </li>
                  ))}
                </ul>
              </CardContent>
            </Card>
          ) : null}
        </>
      ) : cash.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {getErrorMessage(cash.error)}
        </p>
      ) : (
        <Skeleton className="h-64 w-full" />
      )}
    </div>
  );
}

function Figure({
  label,
  cents,
  hint,
  strong,
}: {
  label: string;
  cents: number;
  hint?: string;
  strong?: boolean;
}) {
  return (
    <Card className="gap-1 p-4">
      <p className="text-sm text-muted-foreground">{label}</p>
      <p
        className={
          strong ? 'text-2xl font-bold tabular-nums' : 'text-2xl font-semibold tabular-nums'
        }
      >
        {formatCurrencyFromCents(cents)}
      </p>
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
    </Card>
  );
}
