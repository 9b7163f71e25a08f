import { PageHeader } from '@/components/layouts/page-header';

export function AppointmentsRoute() {
  return <PageHeader title="Agenda" />;
}
