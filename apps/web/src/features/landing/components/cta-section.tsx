import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

export function CtaSection() {
  return (
    <section aria-labelledby="cta-title" className="px-4 py-16 sm:px-6 sm:py-24">
      {/* Teal 700 and darker keep white text above 4.5:1 across the whole gradient. */}
      <div className="mx-auto max-w-5xl rounded-3xl bg-gradient-to-br from-teal-700 to-teal-900 px-6 py-12 text-center text-white shadow-xl sm:px-12 sm:py-16">
        <h2 id="cta-title" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          Pronto para deixar sua agenda no automático?
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-lg text-pretty text-teal-50">
          Crie sua conta em poucos minutos, cadastre seus serviços e compartilhe seu link.
        </p>
        <Button
          asChild
          size="lg"
          className="mt-8 bg-white text-teal-800 shadow-lg hover:bg-teal-50"
        >
          <Link to={paths.auth.getHref()}>
            Começar agora, é grátis
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
    </section>
  );
}
