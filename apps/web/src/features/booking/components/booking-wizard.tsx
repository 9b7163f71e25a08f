import type { BookingResponse, PublicProfessionalResponse } from '@agendaki/shared';
import { CalendarCheck, Download } from 'lucide-react';
import { Suspense, useEffect, useReducer, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { showToast } from '@/lib/lazy-toast';
import { useSlots } from '../api/get-slots';
import { summarizeSelection } from '../lib/booking-summary';
import {
  canPickTime,
  getForwardBlocker,
  INCOMPLETE_SELECTION_ERROR,
  INITIAL_WIZARD_STATE,
  serviceFromSearch,
  wizardReducer,
} from '../lib/booking-wizard';
import { AnamnesisPrompt } from './anamnesis-prompt';
import { DateStep } from './date-step';
import { BookingConfirmation, prefetchBookingParts, WaitlistDialog } from './lazy-parts';
import { ServicesStep } from './services-step';
import { StepIndicator } from './step-indicator';
import { TimeStep } from './time-step';
import { PixPayment } from '@/components/pix/pix-payment';
import { usePublicWaitlist } from '@/features/waitlist/api/get-public-settings';

/** Moves focus to the step's title, bringing the wizard's top into view if it scrolled off. */
function focusStepHeading(container: HTMLElement | null) {
  if (!container) return;
  if (container.getBoundingClientRect().top < 0) container.scrollIntoView?.({ block: 'start' });
  container.querySelector<HTMLElement>('[data-step-heading]')?.focus({ preventScroll: true });
}

/** Only if the visitor picks a time before the confirmation's code has arrived. */
function ConfirmationLoading() {
  return (
    <div className="fixed inset-0 z-50 grid place-items-center bg-black/30">
      <Spinner className="size-8 text-white" label="Carregando confirmação..." />
    </div>
  );
}

/** The three steps and the confirmation (docs/product.md section 4, Booking wizard). */
export function BookingWizard({ data }: { data: PublicProfessionalResponse }) {
  const { profile, services } = data;
  const [state, dispatch] = useReducer(wizardReducer, INITIAL_WIZARD_STATE);
  const summary = summarizeSelection(services, state.serviceIds);
  const hasSelection = summary.count > 0;
  const slots = useSlots(
    state.step === 3 && state.date && hasSelection
      ? {
          professionalId: profile.id,
          date: state.date,
          serviceIds: summary.services.map((service) => service.id),
        }
      : null,
  );
  const sectionRef = useRef<HTMLElement>(null);
  const [booked, setBooked] = useState<BookingResponse | null>(null);
  // The waiting list's form: undefined while closed, else the day it opens with.
  const waitlist = usePublicWaitlist(profile.id, hasSelection);
  const [waitlistDate, setWaitlistDate] = useState<string | null | undefined>(undefined);
  const openWaitlist = waitlist.data?.enabled ? () => setWaitlistDate(state.date) : undefined;

  // A "hora de voltar" link opens the page with its service chosen; after hydration, so the
  // server-drawn first step stays what the browser hydrates.
  useEffect(() => {
    const asked = serviceFromSearch(
      window.location.search,
      services.map((service) => service.id),
    );
    if (asked) dispatch({ type: 'preselectService', serviceId: asked });
  }, [services]);

  // The calendar and the confirmation are on their way once a service is chosen.
  useEffect(() => {
    if (hasSelection) prefetchBookingParts();
  }, [hasSelection]);

  // A new step replaces the pressed button: focus its title so nobody is left on <body>.
  const previousStepRef = useRef(state.step);
  useEffect(() => {
    if (previousStepRef.current === state.step) return;
    previousStepRef.current = state.step;
    focusStepHeading(sectionRef.current);
  }, [state.step]);

  function goForward() {
    const blocker = getForwardBlocker(state);
    if (blocker) {
      showToast((toast) => toast.warning('Atenção', { description: blocker }));
      return;
    }
    dispatch({ type: 'next' });
  }

  function pickTime(time: string) {
    if (!canPickTime(state)) {
      showToast((toast) => toast.error('Erro', { description: INCOMPLETE_SELECTION_ERROR }));
      return;
    }
    dispatch({ type: 'selectTime', time });
  }

  return (
    <>
      {booked?.manageUrl ? (
        <BookingSuccess booking={booked} onClose={() => setBooked(null)} />
      ) : null}
      <section
        ref={sectionRef}
        aria-label="Agendamento"
        className="scroll-mt-4 space-y-6 rounded-2xl border bg-card p-4 shadow-sm sm:p-6"
      >
        <StepIndicator current={state.step} />
        {state.step === 1 ? (
          <ServicesStep
            services={services}
            selectedIds={state.serviceIds}
            summary={summary}
            onToggle={(serviceId) => dispatch({ type: 'toggleService', serviceId })}
            onNext={goForward}
          />
        ) : state.step === 2 ? (
          <DateStep
            today={data.today}
            openWeekdays={data.openWeekdays}
            lastBookableDate={data.lastBookableDate}
            professionalId={profile.id}
            selectedDate={state.date}
            summary={summary}
            onSelect={(date) => dispatch({ type: 'selectDate', date })}
            onBack={() => dispatch({ type: 'back' })}
            onNext={goForward}
            onWaitlist={openWaitlist}
          />
        ) : (
          <TimeStep
            date={state.date ?? data.today}
            serviceCount={summary.count}
            totalMinutes={summary.totalMinutes}
            slotsQuery={slots}
            onPick={pickTime}
            onBack={() => dispatch({ type: 'back' })}
            onWaitlist={openWaitlist}
          />
        )}
        {waitlistDate !== undefined && hasSelection ? (
          <Suspense fallback={null}>
            <WaitlistDialog
              open
              onOpenChange={(open) => {
                if (!open) setWaitlistDate(undefined);
              }}
              professionalId={profile.id}
              businessName={profile.businessName}
              clientEmailRequired={data.clientEmailRequired ?? true}
              services={summary.services}
              today={data.today}
              lastBookableDate={data.lastBookableDate}
              openWeekdays={data.openWeekdays}
              initialDate={waitlistDate}
            />
          </Suspense>
        ) : null}
        {hasSelection ? (
          <Suspense fallback={state.time ? <ConfirmationLoading /> : null}>
            <BookingConfirmation
              professionalId={profile.id}
              professionalName={profile.professionalName}
              clientEmailRequired={data.clientEmailRequired ?? true}
              bookingEmailCode={data.bookingEmailCode ?? false}
              summary={summary}
              date={state.date}
              time={state.time}
              onBooked={(result) => {
                dispatch({ type: 'reset' });
                setBooked(result);
              }}
              onClose={() => dispatch({ type: 'clearTime' })}
              onRestoreFocus={() => focusStepHeading(sectionRef.current)}
            />
          </Suspense>
        ) : null}
      </section>
    </>
  );
}

/**
 * After a booking: the client's manage link and the .ics, also for phone-first clients who
 * gave no e-mail (docs/decisions/013-after-the-booking.md).
 */
function BookingSuccess({ booking, onClose }: { booking: BookingResponse; onClose: () => void }) {
  const [y, m, d] = booking.date.split('-');
  const path = booking.manageUrl ? new URL(booking.manageUrl).pathname : null;
  const token = path?.split('/')[2];
  return (
    <section
      aria-labelledby="booking-success"
      className="space-y-4 rounded-2xl border bg-card p-4 text-center shadow-sm sm:p-6"
    >
      <CalendarCheck className="mx-auto size-10 text-primary" aria-hidden="true" />
      <h2 id="booking-success" className="text-xl font-semibold">
        Seu horário está reservado
      </h2>
      <p className="text-muted-foreground">
        {d}/{m}/{y} às {booking.time.slice(0, 5)}
      </p>
      {booking.deposit ? <PixPayment deposit={booking.deposit} /> : null}
      {path && token ? <AnamnesisPrompt token={token} path={path} /> : null}
      {path && token ? (
        <div className="grid gap-2">
          <Button asChild size="lg" className="h-auto min-h-12 py-3 whitespace-normal">
            <a href={path}>Ver, confirmar ou remarcar meu agendamento</a>
          </Button>
          <Button asChild variant="outline" size="lg">
            <a href={`/api/public/manage/${token}/ics`} download="agendamento.ics">
              <Download aria-hidden="true" />
              Adicionar à agenda (.ics)
            </a>
          </Button>
          <p className="text-xs text-muted-foreground">
            Guarde este link: por ele você confirma presença, remarca ou cancela.
          </p>
        </div>
      ) : null}
      <Button variant="ghost" onClick={onClose}>
        Fechar
      </Button>
    </section>
  );
}
