import { Link } from 'react-router';
import { BrandLogo } from '@/components/layouts/brand-logo';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

export function LandingHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-border/60 bg-background/85 backdrop-blur-md">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        <BrandLogo />
        <nav aria-label="Acesso" className="flex items-center gap-1.5 sm:gap-2">
          <Button asChild variant="ghost" size="sm">
            <Link to={paths.auth.getHref()}>Entrar</Link>
          </Button>
          <Button asChild size="sm">
            <Link to={paths.auth.getHref()}>Cadastrar</Link>
          </Button>
        </nav>
      </div>
    </header>
  );
}
