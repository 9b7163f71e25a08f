import { PageHeader } from '@/components/layouts/page-header';

export function ServicesRoute() {
  return <PageHeader title="Serviços" description="Gerencie os serviços que você oferece" />;
}
