import { DEFAULT_TIMEZONE } from '@agendaki/shared';
import { useParams } from 'react-router';
import { useMe } from '@/features/auth/api/get-me';
import { ClientStoryPage } from '@/features/comeback/components/client-story-page';

export function ClientRoute() {
  const { id = '' } = useParams();
  const me = useMe();
  return (
    <ClientStoryPage
      key={id}
      clientId={id}
      timeZone={me.data?.profile.timezone ?? DEFAULT_TIMEZONE}
    />
  );
}
