import { AutomationsPage } from '@/features/comeback/components/automations-page';

export function MessagesRoute() {
  return <AutomationsPage />;
}
