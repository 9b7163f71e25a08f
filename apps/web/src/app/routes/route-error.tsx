import { RefreshCw } from 'lucide-react';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { CenteredLayout } from '@/components/layouts/centered-layout';
import { Button } from '@/components/ui/button';

/**
 * Shown when a page throws or its code cannot be loaded (typically a lazy chunk that vanished
 * after a new deploy: reloading fetches the new one).
 */
export function RouteErrorBoundary() {
  const error = useRouteError();

  useEffect(() => {
    console.error('Erro ao exibir a página:', error);
  }, [error]);

  return (
    <CenteredLayout>
      <div className="flex max-w-md flex-col items-center text-center">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Algo deu errado</h1>
        <p className="mt-3 text-muted-foreground">
          Não foi possível exibir esta página. Recarregue e tente novamente.
        </p>
        <Button size="lg" className="mt-8" onClick={() => window.location.reload()}>
          <RefreshCw aria-hidden="true" />
          Recarregar página
        </Button>
      </div>
    </CenteredLayout>
  );
}
