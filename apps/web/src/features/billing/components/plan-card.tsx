import { formatCurrencyFromCents, type BillingSummary } from '@agendaki/shared';
import { Check, CreditCard, Gift } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { formatBillingDate, PLAN_FEATURES } from '../lib/billing-view';
import { BillingActions } from './billing-actions';

function InfoBox({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="flex gap-3 rounded-lg border bg-muted/40 p-4">
      <span className="grid size-8 shrink-0 place-items-center rounded-full bg-accent text-accent-foreground">
        {icon}
      </span>
      <div className="space-y-1 text-sm">
        <p className="font-semibold">{title}</p>
        <p className="text-muted-foreground">{children}</p>
      </div>
    </div>
  );
}

/** "Plano Mensal" with the one configured price, its features and the provider buttons. */
export function PlanCard({ summary, timeZone }: { summary: BillingSummary; timeZone: string }) {
  const price = formatCurrencyFromCents(summary.planPriceCents);
  const trialEnd = formatBillingDate(summary.trialEnd, timeZone);
  return (
    <Card className="border-primary/30">
      <CardHeader className="gap-3">
        <CardTitle className="text-xl">{summary.planName}</CardTitle>
        <p className="flex items-baseline gap-1" data-testid="billing-plan-price">
          <span className="text-4xl font-extrabold tracking-tight">{price}</span>
          <span className="text-muted-foreground">/mês</span>
        </p>
      </CardHeader>
      <CardContent className="space-y-6">
        <ul className="grid gap-3 text-sm sm:grid-cols-2">
          {PLAN_FEATURES.map((feature) => (
            <li key={feature} className="flex items-center gap-3">
              <span className="grid size-5 shrink-0 place-items-center rounded-full bg-accent text-accent-foreground">
                <Check className="size-3.5" aria-hidden="true" />
              </span>
              {feature}
            </li>
          ))}
        </ul>
        {summary.isActive ? null : (
          <div className="grid gap-3">
            <InfoBox icon={<Gift className="size-4" aria-hidden="true" />} title="7 dias grátis">
              {summary.isTrial
                ? `Você está no período gratuito, com todos os recursos liberados, até ${trialEnd}.`
                : 'Toda conta começa com 7 dias grátis, com todos os recursos liberados e sem cartão.'}
            </InfoBox>
            <InfoBox
              icon={<CreditCard className="size-4" aria-hidden="true" />}
              title="Pagamento antecipado"
            >
              {`Assine agora e não perca nenhum dia de acesso: ${price} cobrados hoje e a cada mês. Cancele quando quiser.`}
            </InfoBox>
          </div>
        )}
      </CardContent>
      <CardFooter className="flex-col items-start gap-3">
        <BillingActions summary={summary} />
        <p className="text-xs text-muted-foreground">
          {summary.provider === 'local'
            ? 'O pagamento abre em uma nova aba, numa página de demonstração: nada é cobrado.'
            : 'O pagamento abre em uma nova aba, no ambiente seguro do Stripe.'}
        </p>
      </CardFooter>
    </Card>
  );
}
