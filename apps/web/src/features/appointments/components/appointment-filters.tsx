import {
  APPOINTMENT_STATUS_LABELS,
  APPOINTMENT_STATUSES,
  type AppointmentPeriod,
} from '@agendaki/shared';
import { ListSearch } from '@/components/layouts/list-page';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import type { AppointmentFilters as Filters } from '../api/get-appointments';

const PERIOD_LABELS: Record<AppointmentPeriod, string> = {
  all: 'Todo o período',
  today: 'Hoje',
  week: 'Próximos 7 dias',
};

export interface AppointmentFiltersProps {
  /** What is typed; the page debounces it before asking the server. */
  searchText: string;
  onSearchTextChange: (text: string) => void;
  status: Filters['status'];
  onStatusChange: (status: Filters['status']) => void;
  period: AppointmentPeriod;
  onPeriodChange: (period: AppointmentPeriod) => void;
  /** A search or filter is on its way to the server. */
  isSearching: boolean;
}

export function AppointmentFilters({
  searchText,
  onSearchTextChange,
  status,
  onStatusChange,
  period,
  onPeriodChange,
  isSearching,
}: AppointmentFiltersProps) {
  return (
    <div
      role="search"
      aria-label="Filtrar agendamentos"
      className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_12rem_12rem]"
    >
      <ListSearch
        value={searchText}
        onChange={onSearchTextChange}
        placeholder="Buscar por cliente ou serviço"
        isSearching={isSearching}
      />
      <Select value={status} onValueChange={(value) => onStatusChange(value as Filters['status'])}>
        <SelectTrigger aria-label="Filtrar por status">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value="all">Todos os status</SelectItem>
          {APPOINTMENT_STATUSES.map((value) => (
            <SelectItem key={value} value={value}>
              {APPOINTMENT_STATUS_LABELS[value]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <Select value={period} onValueChange={(value) => onPeriodChange(value as AppointmentPeriod)}>
        <SelectTrigger aria-label="Filtrar por período">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {(Object.keys(PERIOD_LABELS) as AppointmentPeriod[]).map((value) => (
            <SelectItem key={value} value={value}>
              {PERIOD_LABELS[value]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
