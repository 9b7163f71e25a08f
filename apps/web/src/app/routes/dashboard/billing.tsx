import { PageHeader } from '@/components/layouts/page-header';
import { BillingPage } from '@/features/billing/components/billing-page';

export function BillingRoute() {
  return (
    <>
      <PageHeader title="Assinaturas" description="Gerencie seu plano e seus pagamentos" />
      <BillingPage />
    </>
  );
}
