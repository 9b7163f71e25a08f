import { ArrowRight, PlayCircle, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DEMO_LINK, paths } from '@/config/paths';
import { useConfig } from '@/features/config/api/get-config';
import { PriceLine } from './price-line';
import { RatingLine } from './rating-line';

export function HeroSection() {
  const { data: config } = useConfig();
  // The demo professional exists only when the server seeds it (docs/product.md, "Ver Demonstração").
  const isDemoVisible = config?.isDemoEnabled !== false;

  return (
    <section className="relative isolate overflow-hidden">
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-0 -z-10 h-[34rem] bg-[radial-gradient(ellipse_at_top,var(--color-teal-100),transparent_65%)]"
      />
      <div className="mx-auto max-w-6xl px-4 pt-12 pb-16 text-center sm:px-6 sm:pt-20 sm:pb-24 lg:pt-24">
        <Badge variant="secondary" className="mb-6 gap-1.5 px-3 py-1 text-sm">
          <Sparkles aria-hidden="true" />
          Sua agenda aberta 24 horas por dia
        </Badge>
        <h1 className="mx-auto max-w-4xl text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">
          Sistema de Agendamento <span className="text-primary">Automático</span> para Profissionais
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-muted-foreground sm:text-xl">
          Seus clientes escolhem o serviço, o dia e o horário pelo seu link, a qualquer hora e sem
          troca de mensagens. Você acompanha tudo em um só lugar, sem conflitos de horário.
        </p>
        <div className="mx-auto mt-8 flex max-w-sm flex-col gap-3 sm:max-w-none sm:flex-row sm:justify-center">
          <Button asChild size="lg" className="shadow-md shadow-primary/20">
            <Link to={paths.auth.getHref()}>
              Cadastrar Agora - 7 Dias Grátis
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
          {isDemoVisible ? (
            <Button asChild size="lg" variant="outline">
              {/* A full page load: the server answers /book/* with the public page's own app. */}
              <a href={paths.book.getHref(DEMO_LINK)}>
                <PlayCircle aria-hidden="true" />
                Ver Demonstração
              </a>
            </Button>
          ) : null}
        </div>
        <div className="mt-6 min-h-5">
          <PriceLine />
        </div>
        <div className="mt-10">
          <RatingLine />
        </div>
      </div>
    </section>
  );
}
