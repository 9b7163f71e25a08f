import { PageHeader } from '@/components/layouts/page-header';

export function ClientsRoute() {
  return <PageHeader title="Clientes" />;
}
