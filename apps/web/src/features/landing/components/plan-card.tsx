import { RefreshCw } from 'lucide-react';
import { Link } from 'react-router';
import { PlanCard, PlanPrice } from '@/components/plan/plan-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useConfig } from '@/features/config/api/get-config';

function LandingPlanPrice() {
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
      <PlanPrice cents={config.planPriceCents} testId="plan-price" />
      <p className="text-sm text-muted-foreground">
        {config.trialDays} dias grátis para testar. Cancele quando quiser.
      </p>
    </div>
  );
}

/** The plan on the landing page, with the server's price and a way in to the free trial. */
export function LandingPlanCard() {
  const { data: config } = useConfig();
  return (
    <PlanCard
      className="relative mx-auto w-full max-w-md shadow-xl shadow-primary/10"
      title={
        config ? (
          <CardTitle className="text-xl">{config.planName}</CardTitle>
        ) : (
          <Skeleton className="h-6 w-32" />
        )
      }
      badge={<Badge variant="secondary">Teste grátis</Badge>}
      price={<LandingPlanPrice />}
      footer={
        <Button asChild size="lg" className="w-full">
          <Link to={paths.auth.getHref()}>Começar meu teste grátis</Link>
        </Button>
      }
    />
  );
}
