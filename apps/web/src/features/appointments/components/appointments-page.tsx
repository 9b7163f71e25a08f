import {
  APPOINTMENT_PARAM,
  DEFAULT_TIMEZONE,
  zonedToday,
  type Appointment,
} from '@agendaki/shared';
import { Ban, CalendarPlus, Plus, Repeat, SearchX } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { ListPage } from '@/components/layouts/list-page';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { getErrorMessage } from '@/lib/api-client';
import { useDeleteAppointment } from '../api/delete-appointment';
import { useAppointment } from '../api/get-appointment';
import {
  NO_FILTERS,
  useAppointments,
  useHasAppointments,
  type AppointmentFilters as Filters,
} from '../api/get-appointments';
import type { AppointmentLock } from '../lib/appointment-lock';
import { AppointmentCard } from './appointment-card';
import { AppointmentFilters } from './appointment-filters';
import { AppointmentFormDialog, BlocksPanel, SeriesDialog, SeriesFormDialog } from './lazy-dialogs';

const SEARCH_DEBOUNCE_MS = 300;

/** `?new=1` opens the form (the dashboard's "Novo Agendamento" links here with it). */
const NEW_PARAM = 'new';

type FormState = { open: false } | { open: true; appointment?: Appointment };

export interface AppointmentsPageProps {
  /** The professional's IANA zone: "today" for a new appointment is their date. */
  timeZone?: string;
  /** Lista | Dia | Semana (composed by the route). */
  viewSwitch?: ReactNode;
  /** An action under each card (the route composes "Lembrar pelo WhatsApp"). */
  renderCardAction?: (appointment: Appointment) => ReactNode;
  /** What keeps an appointment from being changed (a closing, composed by the route). */
  cardLock?: AppointmentLock;
}

const skeletonCard = (
  <Card className="gap-4 p-5">
    <Skeleton className="h-5 w-1/2" />
    <Skeleton className="h-4 w-1/3" />
    <Skeleton className="h-4 w-2/3" />
    <Skeleton className="h-9 w-full" />
  </Card>
);

const SEARCH_PARAM = 'busca';

export function AppointmentsPage({
  timeZone = DEFAULT_TIMEZONE,
  viewSwitch,
  renderCardAction,
  cardLock,
}: AppointmentsPageProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const [form, setForm] = useState<FormState>({ open: false });
  const [blockOpen, setBlockOpen] = useState(false);
  const [isSeriesFormOpen, setIsSeriesFormOpen] = useState(false);
  const [seriesOf, setSeriesOf] = useState<Appointment | null>(null);
  // `?busca=` opens the Agenda filtered, e.g. from the appointments listed when closing a date.
  const [searchText, setSearchText] = useState(() => searchParams.get(SEARCH_PARAM) ?? '');
  const [status, setStatus] = useState<Filters['status']>('all');
  const [period, setPeriod] = useState<Filters['period']>('all');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const filters: Filters = { search, status, period };

  const hasAny = useHasAppointments();
  const appointments = useAppointments(filters);
  const deleteAppointment = useDeleteAppointment();

  const isFormOpenFromUrl = searchParams.get(NEW_PARAM) === '1';
  // A notification's tap opens its appointment (`?agendamento=<id>`).
  const linked = useAppointment(searchParams.get(APPOINTMENT_PARAM));
  const isFormOpen = form.open || isFormOpenFromUrl || linked.data !== undefined;
  const formAppointment = form.open ? form.appointment : linked.data;
  const today = zonedToday(new Date(), timeZone);
  const items = appointments.data?.pages.flatMap((page) => page.items) ?? [];
  const isFiltered = searchText.trim() !== '' || status !== 'all' || period !== 'all';
  // The unfiltered list answers the question too, should the dedicated query fail.
  const hasAnyAppointments = Boolean(hasAny.data) || (!isFiltered && items.length > 0);

  function openCreate() {
    setForm({ open: true });
  }

  function closeForm() {
    setForm({ open: false });
    if (isFormOpenFromUrl || searchParams.has(APPOINTMENT_PARAM)) {
      setSearchParams(
        (params) => {
          params.delete(NEW_PARAM);
          params.delete(APPOINTMENT_PARAM);
          return params;
        },
        { replace: true },
      );
    }
  }

  function clearFilters() {
    setSearchText('');
    setStatus(NO_FILTERS.status);
    setPeriod(NO_FILTERS.period);
  }

  function handleDelete(appointment: Appointment) {
    deleteAppointment.mutate(appointment.id, {
      onSuccess: () => toast.success('Agendamento excluído com sucesso!'),
      onError: (error) =>
        toast.error('Erro ao excluir agendamento', { description: getErrorMessage(error) }),
    });
  }

  return (
    <ListPage
      title="Agenda"
      description="Todos os seus agendamentos, por data e horário"
      createLabel="Novo Agendamento"
      onCreate={openCreate}
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
        </>
      }
      header={
        <>
          {viewSwitch}
          <BlocksPanel initialDate={today} open={blockOpen} onOpenChange={setBlockOpen} />
        </>
      }
      query={appointments}
      items={items}
      isLoading={hasAny.isPending}
      hasNone={!hasAnyAppointments && !isFiltered}
      toolbar={
        <AppointmentFilters
          searchText={searchText}
          onSearchTextChange={setSearchText}
          status={status}
          onStatusChange={setStatus}
          period={period}
          onPeriodChange={setPeriod}
          isSearching={appointments.isFetching && !appointments.isFetchingNextPage}
        />
      }
      empty={{
        icon: CalendarPlus,
        title: 'Nenhum agendamento ainda',
        description:
          'Crie um agendamento ou compartilhe seu link para os clientes marcarem sozinhos.',
        action: (
          <Button onClick={openCreate}>
            <Plus aria-hidden="true" />
            Criar Primeiro Agendamento
          </Button>
        ),
      }}
      noMatch={{
        icon: SearchX,
        title: 'Nenhum agendamento encontrado',
        description: 'Nenhum agendamento corresponde aos filtros escolhidos.',
        action: (
          <Button variant="outline" onClick={clearFilters}>
            Limpar filtros
          </Button>
        ),
      }}
      loadError={{
        toast: 'Erro ao carregar agendamentos',
        toastDescription: 'Não foi possível carregar os agendamentos',
        message: 'Não foi possível carregar os agendamentos',
      }}
      listLabel="Agendamentos"
      loadingLabel="Carregando agendamentos..."
      gridClassName="lg:grid-cols-2"
      skeletonCard={skeletonCard}
      skeletonCount={4}
      getKey={(appointment) => appointment.id}
      renderItem={(appointment) => (
        <AppointmentCard
          appointment={appointment}
          onEdit={(a) => setForm({ open: true, appointment: a })}
          onDelete={handleDelete}
          isDeleting={deleteAppointment.isPending && deleteAppointment.variables === appointment.id}
          action={renderCardAction?.(appointment)}
          onOpenSeries={setSeriesOf}
          lock={cardLock}
        />
      )}
    >
      <AppointmentFormDialog
        open={isFormOpen}
        appointment={formAppointment}
        today={today}
        lock={cardLock}
        onOpenChange={(open) => {
          if (!open) closeForm();
        }}
        onOpenSeries={(appointment) => {
          closeForm();
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
    </ListPage>
  );
}
