import { isIsoDate, zonedToday, type Appointment } from '@agendaki/shared';
import { Ban, ChevronLeft, ChevronRight, Plus, Repeat } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/layouts/page-header';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { getErrorMessage } from '@/lib/api-client';
import { useAgendaCalendar } from '../api/get-agenda-calendar';
import type { AppointmentLock } from '../lib/appointment-lock';
import { getVisibleRange, moveAnchor, type CalendarView } from '../lib/calendar-grid';
import { formatColumnDay, formatLongDay } from '../lib/calendar-labels';
import { AgendaCalendar } from './agenda-calendar';
import { AgendaViewSwitch } from './agenda-view-switch';
import { AppointmentFormDialog, BlocksPanel, SeriesDialog, SeriesFormDialog } from './lazy-dialogs';

type FormState =
  | { open: false }
  | { open: true; appointment?: Appointment; initial?: { date: string; startTime: string } };

const DATE_PARAM = 'data';

/** The Agenda as a day or week grid (`?vista=dia|semana&data=`), beside the list. */
export function AgendaCalendarPage({
  view,
  timeZone,
  renderAppointmentAction,
  appointmentLock,
}: {
  view: CalendarView;
  timeZone: string;
  /** Composed by the route: "Concluir e receber" (features/money) in an opened appointment. */
  renderAppointmentAction?: (appointment: Appointment) => ReactNode;
  /** What keeps an opened appointment from being changed (a closing, composed by the route). */
  appointmentLock?: AppointmentLock;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const today = zonedToday(new Date(), timeZone);
  const requested = searchParams.get(DATE_PARAM) ?? '';
  const anchor = isIsoDate(requested) ? requested : today;
  const range = getVisibleRange(view, anchor);
  const calendar = useAgendaCalendar(range);
  const [form, setForm] = useState<FormState>({ open: false });
  const [seriesOf, setSeriesOf] = useState<Appointment | null>(null);
  const [blockOpen, setBlockOpen] = useState(false);
  const [isSeriesFormOpen, setIsSeriesFormOpen] = useState(false);

  function goTo(date: string) {
    setSearchParams(
      (params) => {
        params.set(DATE_PARAM, date);
        return params;
      },
      { replace: true },
    );
  }

  const title =
    view === 'day'
      ? formatLongDay(anchor)
      : `${formatColumnDay(range.from)} a ${formatColumnDay(range.to)}`;

  return (
    <>
      <PageHeader
        title="Agenda"
        description="Toque num horário livre para agendar"
        actions={
          <>
            <Button variant="outline" onClick={() => setIsSeriesFormOpen(true)}>
              <Repeat aria-hidden="true" />
              Novo horário fixo
            </Button>
            <Button variant="outline" onClick={() => setBlockOpen(true)}>
              <Ban aria-hidden="true" />
              Bloquear horário
            </Button>
            <Button onClick={() => setForm({ open: true })}>
              <Plus aria-hidden="true" />
              Novo Agendamento
            </Button>
          </>
        }
      />
      <BlocksPanel
        initialDate={anchor < today ? today : anchor}
        open={blockOpen}
        onOpenChange={setBlockOpen}
      />
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <AgendaViewSwitch current={view} />
        <div className="flex items-center gap-2">
          <Button
            variant="outline"
            size="icon"
            aria-label={view === 'day' ? 'Dia anterior' : 'Semana anterior'}
            onClick={() => goTo(moveAnchor(view, anchor, -1))}
          >
            <ChevronLeft aria-hidden="true" />
          </Button>
          <Button variant="outline" onClick={() => goTo(today)}>
            Hoje
          </Button>
          <Button
            variant="outline"
            size="icon"
            aria-label={view === 'day' ? 'Próximo dia' : 'Próxima semana'}
            onClick={() => goTo(moveAnchor(view, anchor, 1))}
          >
            <ChevronRight aria-hidden="true" />
          </Button>
          <h2 className="ml-1 text-sm font-semibold first-letter:uppercase" aria-live="polite">
            {title}
          </h2>
        </div>
      </div>
      {calendar.data ? (
        <AgendaCalendar
          view={view}
          data={calendar.data}
          timeZone={timeZone}
          onCreateAt={(date, startTime) => setForm({ open: true, initial: { date, startTime } })}
          onEdit={(appointment) => setForm({ open: true, appointment })}
        />
      ) : calendar.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {getErrorMessage(calendar.error)}
        </p>
      ) : (
        <Skeleton className="h-[480px] w-full" />
      )}
      <AppointmentFormDialog
        open={form.open}
        appointment={form.open ? form.appointment : undefined}
        initial={form.open ? form.initial : undefined}
        today={today}
        action={
          form.open && form.appointment && renderAppointmentAction
            ? renderAppointmentAction(form.appointment)
            : undefined
        }
        lock={appointmentLock}
        onOpenChange={(open) => {
          if (!open) setForm({ open: false });
        }}
        onOpenSeries={(appointment) => {
          setForm({ open: false });
          setSeriesOf(appointment);
        }}
      />
      <SeriesFormDialog open={isSeriesFormOpen} onOpenChange={setIsSeriesFormOpen} today={today} />
      <SeriesDialog
        appointment={seriesOf}
        today={today}
        onOpenChange={(open) => {
          if (!open) setSeriesOf(null);
        }}
      />
    </>
  );
}
