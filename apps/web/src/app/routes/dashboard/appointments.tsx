import { AppointmentsPage } from '@/features/appointments/components/appointments-page';
import { useMe } from '@/features/auth/api/get-me';

export function AppointmentsRoute() {
  const me = useMe();
  return <AppointmentsPage timeZone={me.data?.profile.timezone} />;
}
