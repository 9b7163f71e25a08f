import { DEFAULT_TIMEZONE } from '@agendaki/shared';
import { RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useMe } from '@/features/auth/api/get-me';
import { getErrorMessage } from '@/lib/api-client';
import { useBilling } from '../api/get-billing';
import { useRefreshBillingOnReturn } from '../lib/billing-channel';
import { BillingBanner } from './billing-banner';
import { BillingPlanCard } from './plan-card';
import { SubscriptionDetailsCard } from './subscription-details-card';

/** How long to keep asking after Stripe sent the user back, while its webhook is on its way. */
const ACTIVATION_WAIT_MS = 60_000;

/**
 * Toasts the provider's return (`?checkout=success|cancelled`) once and drops the parameter.
 * Returns until when to keep asking for the subscription (Stripe's webhook may lag the user).
 */
function useCheckoutReturn(): number {
  const [searchParams, setSearchParams] = useSearchParams();
  const result = searchParams.get('checkout');
  const [waitUntil] = useState(() => (result === 'success' ? Date.now() + ACTIVATION_WAIT_MS : 0));

  useEffect(() => {
    if (!result) return;
    if (result === 'success') {
      toast.success('Pagamento recebido!', {
        id: 'checkout-return',
        description: 'Sua assinatura será ativada em instantes.',
      });
    } else if (result === 'cancelled') {
      toast.info('Pagamento não concluído. Você pode assinar quando quiser.', {
        id: 'checkout-return',
      });
    }
    setSearchParams(
      (params) => {
        params.delete('checkout');
        return params;
      },
      { replace: true },
    );
  }, [result, setSearchParams]);
  return waitUntil;
}

function BillingSkeleton() {
  return (
    <div className="space-y-6" data-testid="billing-loading">
      <Skeleton className="h-12 w-full rounded-xl" />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] xl:grid-cols-[minmax(0,1fr)_22rem]">
        <Skeleton className="h-96 rounded-xl" />
        <Skeleton className="h-64 rounded-xl" />
      </div>
    </div>
  );
}

/** Assinaturas (docs/product.md section 2, "Assinatura"): banner, plan card, details card. */
export function BillingPage() {
  const waitForActivationUntil = useCheckoutReturn();
  const billing = useBilling({ pollUntil: waitForActivationUntil });
  const me = useMe();
  useRefreshBillingOnReturn();
  const timeZone = me.data?.profile.timezone ?? DEFAULT_TIMEZONE;

  if (billing.isPending) return <BillingSkeleton />;
  if (billing.isError) {
    return (
      <div
        role="alert"
        className="flex flex-col items-start gap-3 rounded-xl border bg-card p-6 text-sm"
      >
        <p className="font-medium">Erro ao carregar a assinatura</p>
        <p className="text-muted-foreground">{getErrorMessage(billing.error)}</p>
        <Button variant="outline" size="sm" onClick={() => void billing.refetch()}>
          <RefreshCw aria-hidden="true" />
          Tentar novamente
        </Button>
      </div>
    );
  }
  const summary = billing.data;
  return (
    <div className="space-y-6">
      <BillingBanner summary={summary} timeZone={timeZone} />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] xl:grid-cols-[minmax(0,1fr)_22rem]">
        <BillingPlanCard summary={summary} timeZone={timeZone} />
        <SubscriptionDetailsCard summary={summary} timeZone={timeZone} />
      </div>
    </div>
  );
}
