import { LandingPlanCard } from './plan-card';
import { SectionHeading } from './section-heading';

export function PricingSection() {
  return (
    <section id="precos" aria-labelledby="pricing-title" className="py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="pricing-title"
          eyebrow="Preço"
          title="Um plano simples, sem surpresas"
          description="Comece com o teste grátis e assine só se fizer sentido para o seu negócio."
        />
        <div className="mt-12">
          <LandingPlanCard />
        </div>
      </div>
    </section>
  );
}
