import { House } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { CenteredLayout } from '@/components/layouts/centered-layout';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function NotFoundRoute() {
  const { pathname } = useLocation();
  useDocumentTitle('Página não encontrada');

  useEffect(() => {
    // warn, not error: a broken link is not an app failure, and browser tests fail on errors.
    console.warn('404: rota inexistente acessada:', pathname);
  }, [pathname]);

  return (
    <CenteredLayout>
      <div className="flex max-w-md flex-col items-center text-center">
        <p className="bg-gradient-to-br from-teal-500 to-teal-800 bg-clip-text text-8xl font-extrabold tracking-tighter text-transparent sm:text-9xl">
          404
        </p>
        <h1 className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">
          Página não encontrada
        </h1>
        <p className="mt-3 text-muted-foreground">
          O link que você seguiu pode estar quebrado ou a página pode ter sido removida.
        </p>
        <Button asChild size="lg" className="mt-8">
          <Link to={paths.home.getHref()}>
            <House aria-hidden="true" />
            Voltar para Home
          </Link>
        </Button>
      </div>
    </CenteredLayout>
  );
}
