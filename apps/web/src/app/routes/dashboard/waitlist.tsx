import { DEFAULT_TIMEZONE } from '@agendaki/shared';
import { useMe } from '@/features/auth/api/get-me';
import { WaitlistPage } from '@/features/waitlist/components/waitlist-page';

export function WaitlistRoute() {
  const me = useMe();
  return <WaitlistPage timeZone={me.data?.profile.timezone ?? DEFAULT_TIMEZONE} />;
}
