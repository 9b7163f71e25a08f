import { useMe } from '@/features/auth/api/get-me';
import { ClientsPage } from '@/features/clients/components/clients-page';

export function ClientsRoute() {
  const me = useMe();
  return <ClientsPage timeZone={me.data?.profile.timezone} />;
}
