import { formatCurrencyFromCents } from '@agendaki/shared';
import { ArrowLeft, ArrowRight, CalendarDays } from 'lucide-react';
import { Suspense, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useBookableDays } from '../api/get-bookable-days';
import { formatServiceCount, type BookingSummary } from '../lib/booking-summary';
import { formatLongDate, nextIsoMonth } from '../lib/calendar-dates';
import { BookingCalendar } from './lazy-parts';
import { StepHeading } from './step-heading';

/** The calendar's size while its code downloads, so nothing jumps when it arrives. */
function CalendarSkeleton() {
  return (
    <div role="status" className="grid w-[18.5rem] gap-2 px-3 py-3">
      <span className="sr-only">Carregando calendário...</span>
      <Skeleton className="mx-auto h-8 w-36" />
      {Array.from({ length: 5 }, (_, row) => (
        <Skeleton key={row} className="h-10" />
      ))}
    </div>
  );
}

export interface DateStepProps {
  /** "YYYY-MM-DD" in the professional's zone: earlier days are disabled. */
  today: string;
  openWeekdays: readonly number[];
  lastBookableDate: string;
  professionalId: string;
  selectedDate: string | null;
  summary: BookingSummary;
  onSelect: (date: string | null) => void;
  onBack: () => void;
  onNext: () => void;
  /** Set when the professional keeps a waiting list: for a day with nothing left. */
  onWaitlist?: () => void;
}

export function DateStep({
  today,
  openWeekdays,
  lastBookableDate,
  professionalId,
  selectedDate,
  summary,
  onSelect,
  onBack,
  onNext,
  onWaitlist,
}: DateStepProps) {
  const [month, setMonth] = useState((selectedDate ?? today).slice(0, 7));
  const days = useBookableDays({
    professionalId,
    month,
    serviceIds: summary.services.map((service) => service.id),
  });
  const bookableDays = useMemo(
    () => (days.data?.month === month ? new Set(days.data.days) : undefined),
    [days.data, month],
  );
  // Nothing left this month (its last evening, or its last days full): the calendar turns to the
  // next one by itself, once, rather than open on a month of grey days.
  const [turned, setTurned] = useState(false);
  const nextMonth = nextIsoMonth(month);
  if (
    !turned &&
    !selectedDate &&
    bookableDays?.size === 0 &&
    month === today.slice(0, 7) &&
    nextMonth <= lastBookableDate.slice(0, 7)
  ) {
    setTurned(true);
    setMonth(nextMonth);
  }
  return (
    <div className="space-y-4">
      <StepHeading
        title="Escolha a data"
        description="Dias em cinza não têm atendimento disponível."
      />
      <div className="grid gap-4 sm:grid-cols-[auto_1fr] sm:gap-6">
        <div className="flex justify-center rounded-xl border bg-card">
          <Suspense fallback={<CalendarSkeleton />}>
            <BookingCalendar
              today={today}
              openWeekdays={openWeekdays}
              lastBookableDate={lastBookableDate}
              bookableDays={bookableDays}
              selectedDate={selectedDate}
              onSelect={onSelect}
              month={month}
              onMonthChange={setMonth}
            />
          </Suspense>
        </div>
        <div className="space-y-3 sm:py-2">
          <div className="hidden space-y-1 text-sm sm:block">
            <p className="font-medium">{formatServiceCount(summary.count, 'selecionado')}</p>
            <ul className="text-muted-foreground">
              {summary.services.map((service) => (
                <li key={service.id}>{service.name}</li>
              ))}
            </ul>
            <p className="text-muted-foreground">
              {summary.totalMinutes} min ·{' '}
              <span className="font-semibold text-foreground">
                Total: {formatCurrencyFromCents(summary.totalPriceCents)}
              </span>
            </p>
          </div>
          <p aria-live="polite" className="flex min-h-6 items-start gap-2 text-sm">
            {selectedDate ? (
              <>
                <CalendarDays className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                <span>
                  Data selecionada:{' '}
                  <span className="font-medium">{formatLongDate(selectedDate)}</span>
                </span>
              </>
            ) : (
              <span className="text-muted-foreground">Nenhuma data selecionada</span>
            )}
          </p>
          {onWaitlist ? (
            <p className="text-sm text-muted-foreground">
              O dia que você queria está cheio?{' '}
              <Button variant="link" className="h-auto p-0 whitespace-normal" onClick={onWaitlist}>
                Entrar na lista de espera
              </Button>
            </p>
          ) : null}
        </div>
      </div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button variant="outline" size="lg" onClick={onBack}>
          <ArrowLeft aria-hidden="true" />
          Voltar
        </Button>
        <Button size="lg" disabled={!selectedDate} onClick={onNext}>
          Continuar para horário
          <ArrowRight aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}
