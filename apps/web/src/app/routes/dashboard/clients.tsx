import { DEFAULT_TIMEZONE } from '@agendaki/shared';
import { NewSeriesButton } from '@/features/appointments/components/new-series-button';
import { useMe } from '@/features/auth/api/get-me';
import { ClientsPage } from '@/features/clients/components/clients-page';
import { ClientMoneySection } from '@/features/money/components/client-money';
import { ClientWhatsapp } from '@/features/whatsapp/components/client-whatsapp';

export function ClientsRoute() {
  const me = useMe();
  const timeZone = me.data?.profile.timezone ?? DEFAULT_TIMEZONE;
  return (
    <ClientsPage
      timeZone={timeZone}
      renderCardAction={(client) => <NewSeriesButton client={client} timeZone={timeZone} />}
      renderCardExtra={(client) => (
        <>
          <ClientMoneySection client={client} />
          <ClientWhatsapp clientId={client.id} timeZone={timeZone} />
        </>
      )}
    />
  );
}
