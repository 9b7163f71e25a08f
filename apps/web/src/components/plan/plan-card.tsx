import { formatCurrencyFromCents } from '@agendaki/shared';
import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardFooter, CardHeader } from '@/components/ui/card';
import { cn } from '@/lib/cn';

/** What the one plan includes: the landing page and Assinaturas list these same words. */
export const PLAN_FEATURES = [
  'Link personalizado para agendamentos',
  'Gestão de serviços',
  'Agendamentos ilimitados',
  'Clientes ilimitados',
  'Horário de atendimento configurável',
  'Suporte prioritário',
] as const;

/** "R$ 15,00/mês" in the plan's large type. */
export function PlanPrice({ cents, testId }: { cents: number; testId: string }) {
  return (
    <p className="flex items-baseline gap-1" data-testid={testId}>
      <span className="text-4xl font-extrabold tracking-tight">
        {formatCurrencyFromCents(cents)}
      </span>
      <span className="text-muted-foreground">/mês</span>
    </p>
  );
}

export interface PlanCardProps {
  /** The plan's name, or its placeholder while it loads. */
  title: ReactNode;
  /** Beside the title, e.g. "Teste grátis". */
  badge?: ReactNode;
  /** Usually a PlanPrice; the caller owns its loading and error states. */
  price: ReactNode;
  /** Under the features, e.g. what the trial gives. */
  children?: ReactNode;
  footer: ReactNode;
  className?: string;
}

/**
 * The one plan card, on the landing page and on Assinaturas: title, price, the features and
 * what to do. The features fall into two columns when the card is wide enough.
 */
export function PlanCard({ title, badge, price, children, footer, className }: PlanCardProps) {
  return (
    <Card className={cn('border-primary/30', className)}>
      <CardHeader className="gap-3">
        <div className="flex items-center justify-between gap-3">
          {title}
          {badge}
        </div>
        {price}
      </CardHeader>
      <CardContent className="@container space-y-6">
        <ul className="grid gap-3 text-sm @lg:grid-cols-2" aria-label="Recursos do plano">
          {PLAN_FEATURES.map((feature) => (
            <li key={feature} className="flex items-center gap-3">
              <span className="grid size-5 shrink-0 place-items-center rounded-full bg-accent text-accent-foreground">
                <Check className="size-3.5" aria-hidden="true" />
              </span>
              {feature}
            </li>
          ))}
        </ul>
        {children}
      </CardContent>
      <CardFooter className="flex-col items-start gap-3">{footer}</CardFooter>
    </Card>
  );
}
