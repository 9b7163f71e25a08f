import { PageHeader } from '@/components/layouts/page-header';

export function BillingRoute() {
  return <PageHeader title="Assinaturas" />;
}
