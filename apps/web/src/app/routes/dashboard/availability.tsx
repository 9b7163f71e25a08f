import { AvailabilityPage } from '@/features/availability/components/availability-page';

export function AvailabilityRoute() {
  return <AvailabilityPage />;
}
