import { useMe } from '@/features/auth/api/get-me';
import { ClientsPage } from '@/features/clients/components/clients-page';
import { ClientMoneySection } from '@/features/money/components/client-money';

export function ClientsRoute() {
  const me = useMe();
  return (
    <ClientsPage
      timeZone={me.data?.profile.timezone}
      renderCardExtra={(client) => <ClientMoneySection client={client} />}
    />
  );
}
