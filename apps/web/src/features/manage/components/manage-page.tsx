import {
  formatCurrencyFromCents,
  formatIsoDate,
  formatWeekday,
  type ManageView,
} from '@agendaki/shared';
import {
  CalendarCheck,
  CalendarClock,
  CalendarX2,
  CircleAlert,
  Download,
  MapPin,
  MessageCircle,
} from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { createIdempotencyKey } from '@/features/booking/lib/idempotency-key';
import { icsUrl, useManageAction, useManageView, useRescheduleSlots } from '../api/manage';
import { PixPayment } from '@/components/pix/pix-payment';

const INVALID = 'Link inválido ou expirado';

function parseIso(date: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!, 12));
}

/** "Terça-feira", "Ter": only the first letter in capitals, as pt-BR writes it. */
function weekday(date: string, style: 'long' | 'short'): string {
  const name = formatWeekday(date, style);
  return name.charAt(0).toUpperCase() + name.slice(1);
}

function addDays(date: string, days: number): string {
  const next = parseIso(date);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}

const STATUS_LABEL: Record<ManageView['status'], string> = {
  scheduled: 'Agendado',
  confirmed: 'Confirmado',
  cancelled: 'Cancelado',
  awaiting_deposit: 'Aguardando sinal',
};

/** `/agendamento/<token>`: the client's own page for one booking. */
export function ManagePage({ token }: { token: string }) {
  const view = useManageView(token);
  useDocumentTitle('Seu agendamento');
  if (view.isPending) {
    return (
      <main className="grid min-h-dvh place-items-center bg-muted/40">
        <Spinner className="size-8" label="Carregando agendamento..." />
      </main>
    );
  }
  if (view.isError) {
    const invalid = isApiError(view.error) && view.error.status === 404;
    return (
      <main className="grid min-h-dvh place-items-center bg-muted/40 px-4 py-10">
        <div className="flex w-full max-w-md flex-col items-center gap-4 rounded-xl border bg-card px-6 py-8 text-center shadow-sm">
          <CircleAlert className="size-10 text-destructive" aria-hidden="true" />
          <h1 className="text-xl font-semibold">{invalid ? INVALID : 'Não foi possível abrir'}</h1>
          <p role="alert" className="text-muted-foreground">
            {invalid
              ? 'Confira o endereço recebido ou fale com o profissional.'
              : getErrorMessage(view.error)}
          </p>
        </div>
      </main>
    );
  }
  return <ManageCard token={token} data={view.data} />;
}

function ManageCard({ token, data }: { token: string; data: ManageView }) {
  const action = useManageAction(token);
  const [mode, setMode] = useState<'view' | 'cancel' | 'reschedule'>('view');
  const [message, setMessage] = useState<string | null>(null);
  const error = action.error ? getErrorMessage(action.error) : null;

  function run(kind: 'confirm' | 'cancel', done: string) {
    setMessage(null);
    action.mutate(
      { type: kind },
      {
        onSuccess: () => {
          setMode('view');
          setMessage(done);
        },
      },
    );
  }

  return (
    <div className="min-h-dvh bg-muted/40">
      <main className="mx-auto w-full max-w-xl space-y-4 px-3 py-6 sm:px-6 sm:py-10">
        <header className="space-y-1">
          <p className="text-sm text-muted-foreground">Seu agendamento em</p>
          <h1 className="text-2xl font-semibold">{data.businessName}</h1>
          <p className="text-sm text-muted-foreground">com {data.professionalName}</p>
        </header>
        <section
          aria-label="Detalhes do agendamento"
          className="space-y-4 rounded-2xl border bg-card p-4 shadow-sm sm:p-6"
        >
          <div className="flex items-start justify-between gap-3">
            <div>
              <p className="text-lg font-semibold">
                {weekday(data.date, 'long')}, {formatIsoDate(data.date)}
              </p>
              <p className="text-muted-foreground">
                {data.startTime} às {data.endTime}
              </p>
            </div>
            <span
              data-testid="manage-status"
              className={
                data.status === 'cancelled'
                  ? 'rounded-full bg-destructive/10 px-3 py-1 text-sm font-medium text-destructive'
                  : data.status === 'confirmed'
                    ? 'rounded-full bg-emerald-100 px-3 py-1 text-sm font-medium text-emerald-800'
                    : 'rounded-full bg-muted px-3 py-1 text-sm font-medium'
              }
            >
              {STATUS_LABEL[data.status]}
            </span>
          </div>
          <ul className="divide-y rounded-lg border">
            {data.services.map((service) => (
              <li
                key={`${service.name}-${service.startTime}`}
                className="flex justify-between gap-3 p-3 text-sm"
              >
                <span>
                  <span className="font-medium">{service.name}</span>
                  <span className="block text-muted-foreground">
                    {service.startTime} às {service.endTime}
                  </span>
                </span>
                <span>{formatCurrencyFromCents(service.priceCents)}</span>
              </li>
            ))}
          </ul>
          <p className="flex justify-between font-semibold">
            <span>Total</span>
            <span>{formatCurrencyFromCents(data.totalPriceCents)}</span>
          </p>
          {data.address ? (
            <p className="flex items-start gap-2 text-sm">
              <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>
                {data.address}{' '}
                {data.mapUrl ? (
                  <a
                    className="font-medium text-primary underline"
                    href={data.mapUrl}
                    target="_blank"
                    rel="noreferrer"
                  >
                    Ver no mapa
                  </a>
                ) : null}
              </span>
            </p>
          ) : null}
          <a
            className="inline-flex items-center gap-2 text-sm font-medium text-primary underline"
            href={icsUrl(token)}
            download="agendamento.ics"
          >
            <Download className="size-4" aria-hidden="true" />
            Adicionar à agenda (.ics)
          </a>
        </section>

        {data.deposit && data.deposit.status === 'pending' && data.status !== 'cancelled' ? (
          <PixPayment deposit={data.deposit} />
        ) : null}
        {data.deposit?.status === 'received' ? (
          <p className="rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900">
            Sinal recebido. Seu agendamento está confirmado.
          </p>
        ) : null}
        {message ? (
          <p
            role="status"
            className="rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900"
          >
            {message}
          </p>
        ) : null}
        {error ? (
          <p
            role="alert"
            className="rounded-lg border border-destructive/30 bg-destructive/5 p-3 text-sm text-destructive"
          >
            {error}
          </p>
        ) : null}

        {data.status === 'cancelled' ? (
          <p className="rounded-lg border bg-card p-4 text-sm">
            Este agendamento foi cancelado. Para marcar outro horário, fale com{' '}
            {data.professionalName}.
          </p>
        ) : data.canChange ? (
          mode === 'reschedule' ? (
            <Reschedule
              token={token}
              data={data}
              onDone={(text) => {
                setMode('view');
                setMessage(text);
              }}
              onBack={() => setMode('view')}
            />
          ) : mode === 'cancel' ? (
            <section
              aria-label="Cancelar agendamento"
              className="space-y-3 rounded-2xl border bg-card p-4"
            >
              <p className="font-medium">
                Cancelar este agendamento? O horário fica livre para outra pessoa.
              </p>
              <div className="flex flex-col gap-2 sm:flex-row">
                <Button
                  variant="destructive"
                  size="lg"
                  disabled={action.isPending}
                  onClick={() => run('cancel', 'Agendamento cancelado.')}
                >
                  Sim, cancelar
                </Button>
                <Button variant="outline" size="lg" onClick={() => setMode('view')}>
                  Voltar
                </Button>
              </div>
            </section>
          ) : (
            <section aria-label="Ações" className="grid gap-2">
              {data.status !== 'confirmed' ? (
                <Button
                  size="lg"
                  disabled={action.isPending}
                  onClick={() => run('confirm', 'Presença confirmada. Até lá!')}
                >
                  <CalendarCheck aria-hidden="true" />
                  Confirmar presença
                </Button>
              ) : null}
              <Button
                variant="outline"
                size="lg"
                onClick={() => {
                  setMessage(null);
                  action.reset();
                  setMode('reschedule');
                }}
              >
                <CalendarClock aria-hidden="true" />
                Remarcar
              </Button>
              <Button
                variant="outline"
                size="lg"
                onClick={() => {
                  setMessage(null);
                  action.reset();
                  setMode('cancel');
                }}
              >
                <CalendarX2 aria-hidden="true" />
                Cancelar agendamento
              </Button>
              <p className="text-center text-xs text-muted-foreground">
                {data.cutoffHours > 0
                  ? `Alterações pelo link até ${data.cutoffHours} ${data.cutoffHours === 1 ? 'hora' : 'horas'} antes.`
                  : 'Alterações pelo link até o horário marcado.'}
              </p>
            </section>
          )
        ) : (
          <section
            aria-label="Fale com o profissional"
            className="space-y-3 rounded-2xl border bg-card p-4"
          >
            <p className="text-sm">
              O prazo para confirmar, remarcar ou cancelar pelo link terminou.
            </p>
            {data.whatsappUrl ? (
              <Button asChild size="lg" className="w-full">
                <a href={data.whatsappUrl} target="_blank" rel="noreferrer">
                  <MessageCircle aria-hidden="true" />
                  Fale com {data.professionalName}
                </a>
              </Button>
            ) : data.phone ? (
              <p className="text-sm font-medium">
                Fale com {data.professionalName}: {data.phone}
              </p>
            ) : (
              <p className="text-sm font-medium">Fale com {data.professionalName}.</p>
            )}
          </section>
        )}
      </main>
    </div>
  );
}

function Reschedule({
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
