import { PageHeader } from '@/components/layouts/page-header';
import { SettingsTabs } from './settings-tabs';

export function SettingsRoute() {
  return (
    <>
      <PageHeader
        title="Configurações"
        description="Seu perfil, seu negócio, seu link e a segurança da conta"
      />
      <SettingsTabs />
    </>
  );
}
