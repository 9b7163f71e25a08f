import { DEFAULT_TIMEZONE } from '@agendaki/shared';
import { useMe } from '@/features/auth/api/get-me';
import { ReportsPage } from '@/features/reports/components/reports-page';

export function ReportsRoute() {
  const me = useMe();
  return <ReportsPage timeZone={me.data?.profile.timezone ?? DEFAULT_TIMEZONE} />;
}
