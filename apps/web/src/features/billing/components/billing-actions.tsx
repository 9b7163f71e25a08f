import type { BillingSummary, PortalIntent } from '@agendaki/shared';
import { CreditCard, Settings, XCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useOpenPortal } from '../api/open-portal';
import { showCheckoutError, SubscribeButton } from './subscribe-button';

/**
 * "Assinar Agora" without an active subscription; "Gerenciar Assinatura" and "Cancelar
 * Pagamento Recorrente" with one. Each opens the provider's page in a new tab.
 */
export function BillingActions({ summary }: { summary: BillingSummary }) {
  const portal = useOpenPortal();
  const isBusy = portal.isPending;
  const openPortal = (intent: PortalIntent) =>
    portal.mutate(intent, { onError: showCheckoutError });

  if (!summary.isActive) {
    return (
      <SubscribeButton size="lg" className="w-full sm:w-auto">
        <CreditCard aria-hidden="true" />
        Assinar Agora
      </SubscribeButton>
    );
  }
  return (
    <div className="flex w-full flex-col gap-2 sm:flex-row sm:flex-wrap">
      <Button variant="outline" disabled={isBusy} onClick={() => openPortal('manage')}>
        <Settings aria-hidden="true" />
        Gerenciar Assinatura
      </Button>
      {summary.cancelAtPeriodEnd ? null : (
        <Button
          variant="outline"
          className="text-destructive hover:bg-destructive/5 hover:text-destructive"
          disabled={isBusy}
          onClick={() => openPortal('cancel')}
        >
          <XCircle aria-hidden="true" />
          Cancelar Pagamento Recorrente
        </Button>
      )}
    </div>
  );
}
