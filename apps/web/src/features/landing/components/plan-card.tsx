import { formatCurrencyFromCents } from '@agendaki/shared';
import { Check, RefreshCw } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useConfig } from '@/features/config/api/get-config';

const PLAN_FEATURES = [
  'Link de agendamento personalizado',
  'Gestão de serviços',
  'Agendamentos ilimitados',
  'Clientes ilimitados',
  'Horário de atendimento configurável',
  'Suporte prioritário',
] as const;

function PlanPrice() {
  const { data: config, isPending, isError, refetch } = useConfig();
  if (isPending) {
    return <Skeleton data-testid="plan-price-skeleton" className="h-20 w-48" />;
  }
  if (isError) {
    return (
      <div className="space-y-3 text-sm text-muted-foreground">
        <p>Não foi possível carregar o preço agora.</p>
        <Button variant="outline" size="sm" onClick={() => void refetch()}>
          <RefreshCw aria-hidden="true" />
          Tentar novamente
        </Button>
      </div>
    );
  }
  return (
    <div className="space-y-1">
      <p className="flex items-baseline gap-1" data-testid="plan-price">
        <span className="text-4xl font-extrabold tracking-tight sm:text-5xl">
          {formatCurrencyFromCents(config.planPriceCents)}
        </span>
        <span className="text-muted-foreground">/mês</span>
      </p>
      <p className="text-sm text-muted-foreground">
        {config.trialDays} dias grátis para testar. Cancele quando quiser.
      </p>
    </div>
  );
}

export function PlanCard() {
  const { data: config } = useConfig();
  return (
    <Card className="relative mx-auto w-full max-w-md border-primary/30 shadow-xl shadow-primary/10">
      <CardHeader className="flex-row items-center justify-between gap-3">
        {config ? (
          <CardTitle className="text-xl">{config.planName}</CardTitle>
        ) : (
          <Skeleton className="h-6 w-32" />
        )}
        <Badge variant="secondary">Teste grátis</Badge>
      </CardHeader>
      <CardContent className="space-y-6">
        <PlanPrice />
        <ul className="space-y-3 text-sm">
          {PLAN_FEATURES.map((feature) => (
            <li key={feature} className="flex items-center gap-3">
              <span className="grid size-5 place-items-center rounded-full bg-accent text-accent-foreground">
                <Check className="size-3.5" aria-hidden="true" />
              </span>
              {feature}
            </li>
          ))}
        </ul>
      </CardContent>
      <CardFooter>
        <Button asChild size="lg" className="w-full">
          <Link to={paths.auth.getHref()}>Começar meu teste grátis</Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
