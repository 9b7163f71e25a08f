import { BrandLogo } from '@/components/layouts/brand-logo';

export function LandingFooter() {
  return (
    <footer className="border-t">
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-4 px-4 py-8 text-center sm:flex-row sm:justify-between sm:px-6 sm:text-left">
        <BrandLogo className="text-base" />
        <p className="text-sm text-muted-foreground">
          © 2024 Agendaki. Todos os direitos reservados.
        </p>
      </div>
    </footer>
  );
}
