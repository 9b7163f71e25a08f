import { PageHeader } from '@/components/layouts/page-header';

export function AvailabilityRoute() {
  return <PageHeader title="Horário de Atendimento" />;
}
