import {
  formatIsoDate,
  WAITLIST_PERIOD_RANGES,
  type BookingResponse,
  type WaitlistEntryView,
} from '@agendaki/shared';
import { CalendarCheck, Clock } from 'lucide-react';
import { useState } from 'react';
import { PixPayment } from '@/components/pix/pix-payment';
import { Button } from '@/components/ui/button';
import { LinkPageError, LinkPageLoading } from '@/components/layouts/state-page';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { getErrorMessage } from '@/lib/api-client';
import { useAcceptOffer, useEntryAction, useWaitlistEntry } from '../api/entry';

const STATUS_TEXT: Record<WaitlistEntryView['status'], string> = {
  waiting: 'Você está na lista de espera.',
  booked: 'Você conseguiu um horário por esta lista de espera.',
  left: 'Você saiu desta lista de espera.',
  expired: 'Esta lista de espera terminou: os dias que você pediu já passaram.',
};

export function wishText(view: Pick<WaitlistEntryView, 'periods' | 'rangeStart' | 'rangeEnd'>) {
  if (view.rangeStart && view.rangeEnd) return `das ${view.rangeStart} às ${view.rangeEnd}`;
  return view.periods.map((p) => WAITLIST_PERIOD_RANGES[p].label.toLowerCase()).join(', ');
}

/** `/lista-de-espera/<token>`: the client's place in line, and the time held for them. */
export function WaitlistEntryPage({ token }: { token: string }) {
  const view = useWaitlistEntry(token);
  useDocumentTitle('Lista de espera');
  if (view.isPending) return <LinkPageLoading label="Carregando lista de espera..." />;
  if (view.isError) return <LinkPageError error={view.error} />;
  return <EntryCard token={token} data={view.data} />;
}

function EntryCard({ token, data }: { token: string; data: WaitlistEntryView }) {
  const accept = useAcceptOffer(token);
  const decline = useEntryAction(token, 'decline');
  const leave = useEntryAction(token, 'leave');
  const [booked, setBooked] = useState<BookingResponse | null>(null);
  const failed = accept.error ?? decline.error ?? leave.error;
  const busy = accept.isPending || decline.isPending || leave.isPending;
  return (
    <div className="min-h-dvh bg-muted/40">
      <main className="mx-auto w-full max-w-xl space-y-4 px-3 py-6 sm:px-6 sm:py-10">
        <header className="space-y-1">
          <p className="text-sm text-muted-foreground">Lista de espera de</p>
          <h1 className="text-2xl font-semibold">{data.businessName}</h1>
          <p className="text-sm text-muted-foreground">com {data.professionalName}</p>
        </header>
        {booked ? (
          <section
            aria-labelledby="offer-booked"
            className="space-y-4 rounded-xl border bg-card p-5 text-center shadow-sm"
          >
            <CalendarCheck className="mx-auto size-10 text-primary" aria-hidden="true" />
            <h2 id="offer-booked" className="text-xl font-semibold">
              Seu horário está reservado
            </h2>
            <p className="text-muted-foreground">
              {formatIsoDate(booked.date)} às {booked.time.slice(0, 5)}
            </p>
            {booked.deposit ? <PixPayment deposit={booked.deposit} /> : null}
            {booked.manageUrl ? (
              <Button asChild size="lg" className="h-auto min-h-12 w-full py-3 whitespace-normal">
                <a href={new URL(booked.manageUrl).pathname}>
                  Ver, confirmar ou remarcar meu agendamento
                </a>
              </Button>
            ) : null}
          </section>
        ) : data.offer ? (
          <section
            aria-labelledby="offer-title"
            className="space-y-4 rounded-xl border-2 border-primary bg-card p-5 shadow-sm"
          >
            <h2 id="offer-title" className="text-xl font-semibold">
              Vagou um horário para você!
            </h2>
            <p className="text-lg">
              <span className="font-semibold">{formatIsoDate(data.offer.date)}</span> às{' '}
              <span className="font-semibold">{data.offer.time}</span>
            </p>
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <Clock className="size-4 text-primary" aria-hidden="true" />
              Reservado só para você até {data.offer.holdUntil}.
            </p>
            <div className="grid gap-2 sm:grid-cols-2">
              <Button
                size="lg"
                disabled={busy}
                onClick={() => accept.mutate(undefined, { onSuccess: setBooked })}
              >
                Quero este horário
              </Button>
              <Button size="lg" variant="outline" disabled={busy} onClick={() => decline.mutate()}>
                Não quero este horário
              </Button>
            </div>
          </section>
        ) : null}
        {failed ? (
          <p role="alert" className="rounded-md bg-destructive/10 p-3 text-sm text-destructive">
            {getErrorMessage(failed)}
          </p>
        ) : null}
        <section className="space-y-3 rounded-xl border bg-card p-5 shadow-sm">
          <p role="status" className="font-medium">
            {STATUS_TEXT[data.status]}
          </p>
          <dl className="grid gap-2 text-sm">
            <div className="flex justify-between gap-4">
              <dt className="text-muted-foreground">Serviços</dt>
              <dd className="text-right">{data.services.map((s) => s.name).join(', ')}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-muted-foreground">Dias</dt>
              <dd className="text-right">{data.dates.map(formatIsoDate).join(', ')}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-muted-foreground">Horários</dt>
              <dd className="text-right">{wishText(data)}</dd>
            </div>
          </dl>
          {data.status === 'waiting' ? (
            <Button
              variant="outline"
              className="w-full"
              disabled={busy}
              onClick={() => leave.mutate()}
            >
              Sair da lista de espera
            </Button>
          ) : (
            <Button asChild variant="outline" className="w-full">
              <a href={new URL(data.bookingLink).pathname}>Ver horários disponíveis</a>
            </Button>
          )}
        </section>
      </main>
    </div>
  );
}
