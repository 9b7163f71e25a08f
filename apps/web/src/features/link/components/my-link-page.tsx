import { RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useMe } from '@/features/auth/api/get-me';
import { AccountStatusCard } from './account-status-card';
import { HowItWorks } from './how-it-works';
import { PublicLinkCard } from './public-link-card';

function LoadFailure({ onRetry }: { onRetry: () => void }) {
  return (
    <Card role="alert">
      <CardContent className="flex flex-col items-start gap-3">
        <p className="font-medium">Erro ao carregar dados do perfil.</p>
        <Button variant="outline" size="sm" onClick={onRetry}>
          <RefreshCw aria-hidden="true" />
          Tentar novamente
        </Button>
      </CardContent>
    </Card>
  );
}

/** Meu Link (docs/product.md section 2): account status, the public link and how to start. */
export function MyLinkPage() {
  const me = useMe();

  if (me.isPending) {
    return (
      <div className="grid gap-6" aria-busy="true">
        <Skeleton className="h-32 w-full rounded-xl" />
        <Skeleton className="h-44 w-full rounded-xl" />
        <span className="sr-only" role="status">
          Carregando...
        </span>
      </div>
    );
  }
  const retry = () => void me.refetch();
  if (!me.data) return <LoadFailure onRetry={retry} />;

  const { profile, subscription } = me.data;
  const hasAccess = subscription?.hasAccess ?? false;
  return (
    <div className="grid gap-6">
      {/* A failed refresh keeps the last answer on screen, and says so. */}
      {me.isError ? <LoadFailure onRetry={retry} /> : null}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
        <AccountStatusCard profile={profile} hasAccess={hasAccess} />
        <PublicLinkCard profile={profile} hasAccess={hasAccess} />
      </div>
      <HowItWorks />
    </div>
  );
}
