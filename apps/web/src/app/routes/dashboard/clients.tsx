import { DEFAULT_TIMEZONE } from '@agendaki/shared';
import { useMe } from '@/features/auth/api/get-me';
import { ClientsPage } from '@/features/clients/components/clients-page';
import { ClientWhatsapp } from '@/features/whatsapp/components/client-whatsapp';

export function ClientsRoute() {
  const me = useMe();
  const timeZone = me.data?.profile.timezone ?? DEFAULT_TIMEZONE;
  return (
    <ClientsPage
      timeZone={me.data?.profile.timezone}
      renderCardExtra={(client) => <ClientWhatsapp clientId={client.id} timeZone={timeZone} />}
    />
  );
}
