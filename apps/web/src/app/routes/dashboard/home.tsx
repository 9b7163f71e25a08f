import { PageHeader } from '@/components/layouts/page-header';

export function DashboardHomeRoute() {
  return <PageHeader title="Dashboard" description="Visão geral do seu negócio" />;
}
