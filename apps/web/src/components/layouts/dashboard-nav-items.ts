import {
  CalendarDays,
  ClipboardList,
  Clock3,
  CreditCard,
  LayoutDashboard,
  Link2,
  MessageSquareHeart,
  Scissors,
  Settings,
  Users,
  type LucideIcon,
  ChartColumn,
  ListOrdered,
  Wallet,
} from 'lucide-react';
import { paths } from '@/config/paths';

export interface DashboardNavItem {
  label: string;
  href: string;
  icon: LucideIcon;
  /** Active only on an exact match (the dashboard home); the others match by path prefix. */
  isExact?: boolean;
}

/** Sidebar entries, in the order of docs/product.md section 2. */
export const DASHBOARD_NAV_ITEMS: readonly DashboardNavItem[] = [
  {
    label: 'Dashboard',
    href: paths.dashboard.root.getHref(),
    icon: LayoutDashboard,
    isExact: true,
  },
  { label: 'Meu Link', href: paths.dashboard.link.getHref(), icon: Link2 },
  { label: 'Agenda', href: paths.dashboard.appointments.getHref(), icon: CalendarDays },
  { label: 'Lista de Espera', href: paths.dashboard.waitlist.getHref(), icon: ListOrdered },
  { label: 'Serviços', href: paths.dashboard.services.getHref(), icon: Scissors },
  { label: 'Horário de Atendimento', href: paths.dashboard.availability.getHref(), icon: Clock3 },
  { label: 'Clientes', href: paths.dashboard.clients.getHref(), icon: Users },
  { label: 'Caixa do dia', href: paths.dashboard.cash.getHref(), icon: Wallet },
  { label: 'Mensagens', href: paths.dashboard.messages.getHref(), icon: MessageSquareHeart },
  { label: 'Fichas', href: paths.dashboard.forms.getHref(), icon: ClipboardList },
  { label: 'Relatórios', href: paths.dashboard.reports.getHref(), icon: ChartColumn },
  { label: 'Assinatura', href: paths.dashboard.billing.getHref(), icon: CreditCard },
  { label: 'Configurações', href: paths.dashboard.settings.getHref(), icon: Settings },
];
