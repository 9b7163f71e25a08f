import {
  APPOINTMENT_STATUS_LABELS,
  toAppointmentStatus,
  type AppointmentStatus,
} from '@agendaki/shared';
import type { BadgeProps } from '@/components/ui/badge';

const VARIANTS: Record<AppointmentStatus, NonNullable<BadgeProps['variant']>> = {
  scheduled: 'default',
  confirmed: 'default',
  completed: 'secondary',
  cancelled: 'destructive',
  no_show: 'outline',
  awaiting_deposit: 'outline',
};

/**
 * docs/product.md section 4: cancelled is destructive, completed secondary, a no-show
 * outlined, the others default; an
 * unknown status reads as "Agendado".
 */
export function getStatusBadge(status: string): {
  label: string;
  variant: NonNullable<BadgeProps['variant']>;
} {
  const known = toAppointmentStatus(status);
  return { label: APPOINTMENT_STATUS_LABELS[known], variant: VARIANTS[known] };
}
