import {
  APPOINTMENT_STATUS_LABELS,
  APPOINTMENT_STATUSES,
  type AppointmentPeriod,
} from '@agendaki/shared';
import { Search } from 'lucide-react';
import { Input } from '@/components/ui/input';
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
}

export function AppointmentFilters({
  searchText,
  onSearchTextChange,
  status,
  onStatusChange,
  period,
  onPeriodChange,
}: AppointmentFiltersProps) {
  return (
    <div
      role="search"
      aria-label="Filtrar agendamentos"
      className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_12rem_12rem]"
    >
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          type="search"
          value={searchText}
          onChange={(event) => onSearchTextChange(event.target.value)}
          placeholder="Buscar por cliente ou serviço"
          aria-label="Buscar por cliente ou serviço"
          className="pl-9"
        />
      </div>
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
