import { CalendarPlus, PackagePlus, UserPlus, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { paths } from '@/config/paths';

const ACTIONS: readonly { label: string; href: string; icon: LucideIcon }[] = [
  {
    label: 'Novo Agendamento',
    href: paths.dashboard.appointments.getHref(true),
    icon: CalendarPlus,
  },
  { label: 'Cadastrar Cliente', href: paths.dashboard.clients.getHref(), icon: UserPlus },
  { label: 'Adicionar Serviço', href: paths.dashboard.services.getHref(), icon: PackagePlus },
];

export function QuickActions() {
  return (
    <Card className="gap-4">
      <CardHeader>
        <h2 className="leading-tight font-semibold">Ações Rápidas</h2>
      </CardHeader>
      <CardContent className="grid gap-2">
        {ACTIONS.map(({ label, href, icon: Icon }) => (
          <Button key={href} asChild variant="outline" className="justify-start">
            <Link to={href}>
              <Icon className="text-primary" aria-hidden="true" />
              {label}
            </Link>
          </Button>
        ))}
      </CardContent>
    </Card>
  );
}
