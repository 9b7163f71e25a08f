import { AdminConsole } from '@/features/admin/components/admin-console';

export function AdminRoute() {
  return <AdminConsole />;
}
