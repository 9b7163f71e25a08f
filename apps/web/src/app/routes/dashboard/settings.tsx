import { PageHeader } from '@/components/layouts/page-header';

export function SettingsRoute() {
  return <PageHeader title="Configurações" />;
}
