import type { ManageView } from '@agendaki/shared';

/**
 * The manage page's status badge: theme colours only, each text readable on its tint (WCAG AA,
 * components/ui/badge-contrast.test.ts).
 */
export const MANAGE_STATUS_COLORS = {
  cancelled: 'bg-destructive/10 text-destructive-text',
  confirmed: 'bg-success/10 text-success-text',
  other: 'bg-muted text-foreground',
} as const;

export function manageStatusColors(status: ManageView['status']): string {
  if (status === 'cancelled' || status === 'confirmed') return MANAGE_STATUS_COLORS[status];
  return MANAGE_STATUS_COLORS.other;
}
