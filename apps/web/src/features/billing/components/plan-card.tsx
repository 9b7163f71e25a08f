import { formatCurrencyFromCents, type BillingSummary } from '@agendaki/shared';
import { CreditCard, Gift } from 'lucide-react';
import type { ReactNode } from 'react';
import { PlanCard, PlanPrice } from '@/components/plan/plan-card';
import { CardTitle } from '@/components/ui/card';
import { formatBillingDate } from '../lib/billing-view';
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

/** "Plano Mensal" on Assinaturas: the one configured price, the trial boxes, the provider buttons. */
export function BillingPlanCard({
  summary,
  timeZone,
}: {
  summary: BillingSummary;
  timeZone: string;
}) {
  const price = formatCurrencyFromCents(summary.planPriceCents);
  const trialEnd = formatBillingDate(summary.trialEnd, timeZone);
  return (
    <PlanCard
      title={<CardTitle className="text-xl">{summary.planName}</CardTitle>}
      price={<PlanPrice cents={summary.planPriceCents} testId="billing-plan-price" />}
      footer={
        <>
          <BillingActions summary={summary} />
          <p className="text-xs text-muted-foreground">
            {summary.provider === 'local'
              ? 'O pagamento abre em uma nova aba, numa página de demonstração: nada é cobrado.'
              : 'O pagamento abre em uma nova aba, no ambiente seguro do Stripe.'}
          </p>
        </>
      }
    >
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
    </PlanCard>
  );
}
