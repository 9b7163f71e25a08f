import { DEFAULT_TIMEZONE, zonedToday, type Appointment } from '@agendaki/shared';
import { Ban, CalendarPlus, Plus, SearchX } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { PageHeader } from '@/components/layouts/page-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadMoreButton } from '@/components/ui/load-more-button';
import { Skeleton } from '@/components/ui/skeleton';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { getErrorMessage } from '@/lib/api-client';
import { useDeleteAppointment } from '../api/delete-appointment';
import {
  NO_FILTERS,
  useAppointments,
  useHasAppointments,
  type AppointmentFilters as Filters,
} from '../api/get-appointments';
import { AppointmentCard } from './appointment-card';
import { AppointmentFilters } from './appointment-filters';
import { AppointmentFormDialog } from './appointment-form-dialog';
import { BlocksPanel } from './blocks-panel';

const SEARCH_DEBOUNCE_MS = 300;

/** `?new=1` opens the form (the dashboard's "Novo Agendamento" links here with it). */
const NEW_PARAM = 'new';

type FormState = { open: false } | { open: true; appointment?: Appointment };

export interface AppointmentsPageProps {
  /** The professional's IANA zone: "today" for a new appointment is their date. */
  timeZone?: string;
}

function AppointmentsSkeleton() {
  return (
    <div className="grid gap-4 lg:grid-cols-2" aria-busy="true">
      {[0, 1, 2, 3].map((key) => (
        <Card key={key} className="gap-4 p-5">
          <Skeleton className="h-5 w-1/2" />
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-9 w-full" />
        </Card>
      ))}
      <span className="sr-only" role="status">
        Carregando agendamentos...
      </span>
    </div>
  );
}

const SEARCH_PARAM = 'busca';

export function AppointmentsPage({ timeZone = DEFAULT_TIMEZONE }: AppointmentsPageProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const [form, setForm] = useState<FormState>({ open: false });
  const [blockOpen, setBlockOpen] = useState(false);
  // `?busca=` opens the Agenda filtered, e.g. from the appointments listed when closing a date.
  const [searchText, setSearchText] = useState(() => searchParams.get(SEARCH_PARAM) ?? '');
  const [status, setStatus] = useState<Filters['status']>('all');
  const [period, setPeriod] = useState<Filters['period']>('all');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const filters: Filters = { search, status, period };

  const hasAny = useHasAppointments();
  const appointments = useAppointments(filters);
  const deleteAppointment = useDeleteAppointment();

  useEffect(() => {
    if (appointments.isError) {
      toast.error('Erro ao carregar agendamentos', {
        description: 'Não foi possível carregar os agendamentos',
      });
    }
  }, [appointments.isError]);

  const isFormOpenFromUrl = searchParams.get(NEW_PARAM) === '1';
  const isFormOpen = form.open || isFormOpenFromUrl;
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
    if (isFormOpenFromUrl) {
      setSearchParams(
        (params) => {
          params.delete(NEW_PARAM);
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

  let content: ReactNode;
  if (appointments.isPending || hasAny.isPending) {
    content = <AppointmentsSkeleton />;
  } else if (appointments.isError && !appointments.data) {
    content = (
      <Card className="items-center px-6 py-10 text-center">
        <p className="text-muted-foreground">Não foi possível carregar os agendamentos</p>
        <Button variant="outline" onClick={() => void appointments.refetch()}>
          Tentar novamente
        </Button>
      </Card>
    );
  } else if (!hasAnyAppointments && !isFiltered) {
    content = (
      <EmptyState
        icon={CalendarPlus}
        title="Nenhum agendamento ainda"
        description="Crie um agendamento ou compartilhe seu link para os clientes marcarem sozinhos."
        action={
          <Button onClick={openCreate}>
            <Plus aria-hidden="true" />
            Criar Primeiro Agendamento
          </Button>
        }
      />
    );
  } else if (items.length === 0) {
    content = (
      <EmptyState
        icon={SearchX}
        title="Nenhum agendamento encontrado"
        description="Nenhum agendamento corresponde aos filtros escolhidos."
        action={
          <Button variant="outline" onClick={clearFilters}>
            Limpar filtros
          </Button>
        }
      />
    );
  } else {
    content = (
      <>
        <ul className="grid gap-4 lg:grid-cols-2" aria-label="Agendamentos">
          {items.map((appointment) => (
            <li key={appointment.id} className="flex min-w-0">
              <AppointmentCard
                appointment={appointment}
                onEdit={(a) => setForm({ open: true, appointment: a })}
                onDelete={handleDelete}
                isDeleting={
                  deleteAppointment.isPending && deleteAppointment.variables === appointment.id
                }
              />
            </li>
          ))}
        </ul>
        <LoadMoreButton query={appointments} />
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Agenda"
        description="Todos os seus agendamentos, por data e horário"
        actions={
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => setBlockOpen(true)}>
              <Ban aria-hidden="true" />
              Bloquear horário
            </Button>
            <Button onClick={openCreate}>
              <Plus aria-hidden="true" />
              Novo Agendamento
            </Button>
          </div>
        }
      />
      <BlocksPanel today={today} open={blockOpen} onOpenChange={setBlockOpen} />
      {hasAnyAppointments ? (
        <AppointmentFilters
          searchText={searchText}
          onSearchTextChange={setSearchText}
          status={status}
          onStatusChange={setStatus}
          period={period}
          onPeriodChange={setPeriod}
        />
      ) : null}
      {content}
      <AppointmentFormDialog
        open={isFormOpen}
        appointment={form.open ? form.appointment : undefined}
        today={today}
        onOpenChange={(open) => {
          if (!open) closeForm();
        }}
      />
    </>
  );
}
