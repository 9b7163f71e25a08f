import { BrandLogo } from '@/components/layouts/brand-logo';
import { paths } from '@/config/paths';

export function LandingFooter() {
  return (
    <footer className="border-t">
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-4 px-4 py-8 text-center sm:flex-row sm:justify-between sm:px-6 sm:text-left">
        <BrandLogo className="text-base" />
        <div className="flex flex-col items-center gap-2 sm:flex-row sm:gap-6">
          {/* A page of the server (docs/decisions/012-lgpd.md): a plain link, a full load. */}
          <a
            href={paths.privacy.getHref()}
            className="text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
          >
            Privacidade
          </a>
          <p className="text-sm text-muted-foreground">
            © 2024 Agendaki. Todos os direitos reservados.
          </p>
        </div>
      </div>
    </footer>
  );
}
