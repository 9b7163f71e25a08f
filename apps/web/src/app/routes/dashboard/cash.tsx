import { DEFAULT_TIMEZONE } from '@agendaki/shared';
import { useMe } from '@/features/auth/api/get-me';
import { CashPage } from '@/features/money/components/cash-page';

export function CashRoute() {
  const me = useMe();
  return <CashPage timeZone={me.data?.profile.timezone ?? DEFAULT_TIMEZONE} />;
}
