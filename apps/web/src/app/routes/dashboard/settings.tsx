import { PageHeader } from '@/components/layouts/page-header';
import { SettingsTabs } from '@/features/settings/components/settings-tabs';

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
