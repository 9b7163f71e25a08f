import { CalendarDays, List } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { agendaViewHref, type AgendaView } from '../lib/agenda-view';

const linkClass =
  'inline-flex h-9 items-center gap-1.5 rounded-md px-3 text-sm font-medium focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none';

/** Lista | Dia | Semana, as links (each view has its address). */
export function AgendaViewSwitch({ current }: { current: AgendaView }) {
  const items: { view: AgendaView; label: string; icon: typeof List }[] = [
    { view: 'list', label: 'Lista', icon: List },
    { view: 'day', label: 'Dia', icon: CalendarDays },
    { view: 'week', label: 'Semana', icon: CalendarDays },
  ];
  return (
    <nav
      aria-label="Modo de exibição da agenda"
      className="inline-flex rounded-lg border bg-muted p-1"
    >
      {items.map(({ view, label, icon: Icon }) => (
        <Link
          key={view}
          to={agendaViewHref(view)}
          aria-current={current === view ? 'page' : undefined}
          className={cn(
            linkClass,
            current === view
              ? 'bg-background text-foreground shadow-xs'
              : 'text-muted-foreground hover:text-foreground',
          )}
        >
          <Icon className="size-4" aria-hidden="true" />
          {label}
        </Link>
      ))}
    </nav>
  );
}
