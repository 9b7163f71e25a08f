import type { BookingSlotsResponse } from '@agendaki/shared';
import { ArrowLeft, CalendarClock, ListPlus, RotateCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { getErrorMessage } from '@/lib/api-client';
import { formatServiceCount } from '../lib/booking-summary';
import { formatLongDate } from '../lib/calendar-dates';
import { groupSlotsByPeriod } from '../lib/slot-periods';
import { StepHeading } from './step-heading';

export interface TimeStepProps {
  date: string;
  serviceCount: number;
  totalMinutes: number;
  slotsQuery: {
    data: BookingSlotsResponse | undefined;
    isPending: boolean;
    isError: boolean;
    error: unknown;
    isFetching: boolean;
    /**
     * False until the times are answered (or fail) since this step opened: until then the
     * data, if any, is what the cache kept from an earlier visit.
     */
    isFetchedAfterMount: boolean;
    refetch: () => unknown;
  };
  onPick: (time: string) => void;
  onBack: () => void;
  /** Set when the professional keeps a waiting list: "Entrar na lista de espera". */
  onWaitlist?: () => void;
}

function SlotsSkeleton() {
  return (
    <div role="status" className="grid grid-cols-3 gap-2 sm:grid-cols-5">
      <span className="sr-only">Carregando horários...</span>
      {Array.from({ length: 10 }, (_, index) => (
        <Skeleton key={index} className="h-11" />
      ))}
    </div>
  );
}

interface SlotGridProps {
  slots: string[];
  /** While the list is asked again: a time shown may have just been taken. */
  isRefreshing: boolean;
  onPick: (time: string) => void;
}

function SlotGrid({ slots, isRefreshing, onPick }: SlotGridProps) {
  return (
    <div className="space-y-4">
      {groupSlotsByPeriod(slots).map((period) => (
        <div key={period.label} role="group" aria-label={period.label} className="space-y-2">
          <p aria-hidden="true" className="text-sm font-medium text-muted-foreground">
            {period.label}
          </p>
          <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5">
            {period.slots.map((slot) => (
              <li key={slot}>
                {/* aria-disabled rather than disabled: a focused time keeps the focus. */}
                <Button
                  variant="outline"
                  aria-disabled={isRefreshing || undefined}
                  className="h-11 w-full text-base tabular-nums hover:border-primary hover:bg-accent aria-disabled:cursor-progress aria-disabled:opacity-50"
                  onClick={() => {
                    if (!isRefreshing) onPick(slot);
                  }}
                >
                  {slot}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

export function TimeStep({
  date,
  serviceCount,
  totalMinutes,
  slotsQuery,
  onPick,
  onBack,
  onWaitlist,
}: TimeStepProps) {
  const slots = slotsQuery.data?.slots;
  // Times kept from an earlier visit may be taken by now: none shows until they are asked again.
  const isLoading =
    slotsQuery.isPending || (slotsQuery.isFetching && !slotsQuery.isFetchedAfterMount);
  return (
    <div className="space-y-4">
      <StepHeading title="Escolha o horário" />
      <p className="flex items-start gap-2 text-sm text-muted-foreground">
        <CalendarClock className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
        <span>
          <span className="font-medium text-foreground">
            {formatLongDate(date, { capitalized: true })}
          </span>{' '}
          · {formatServiceCount(serviceCount, 'selecionado')} · {totalMinutes} min
        </span>
      </p>
      <div aria-busy={slotsQuery.isFetching}>
        {isLoading ? (
          <SlotsSkeleton />
        ) : slotsQuery.isError ? (
          <div role="alert" className="space-y-3 rounded-lg border px-4 py-6 text-center">
            <p className="text-muted-foreground">{getErrorMessage(slotsQuery.error)}</p>
            <Button variant="outline" onClick={() => void slotsQuery.refetch()}>
              <RotateCw aria-hidden="true" />
              Tentar novamente
            </Button>
          </div>
        ) : !slots || slots.length === 0 ? (
          <div className="space-y-3 rounded-lg border border-dashed px-4 py-8 text-center">
            <p className="text-muted-foreground">Nenhum horário disponível nesta data</p>
            {onWaitlist ? (
              <Button onClick={onWaitlist}>
                <ListPlus aria-hidden="true" />
                Entrar na lista de espera
              </Button>
            ) : null}
          </div>
        ) : (
          <>
            <SlotGrid slots={slots} isRefreshing={slotsQuery.isFetching} onPick={onPick} />
            {onWaitlist ? (
              <p className="mt-4 text-sm text-muted-foreground">
                Nenhum horário serve?{' '}
                <Button variant="link" className="h-auto p-0" onClick={onWaitlist}>
                  Entrar na lista de espera
                </Button>
              </p>
            ) : null}
          </>
        )}
      </div>
      <Button variant="outline" size="lg" className="w-full sm:w-auto" onClick={onBack}>
        <ArrowLeft aria-hidden="true" />
        Voltar
      </Button>
    </div>
  );
}
