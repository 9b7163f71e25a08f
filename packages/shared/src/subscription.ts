export const SUBSCRIPTION_STATUSES = [
  'trialing',
  'active',
  'past_due',
  'canceled',
  'incomplete',
  'unpaid',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export interface SubscriptionSnapshot {
  status: SubscriptionStatus;
  trialEnd: Date | null;
  currentPeriodEnd: Date | null;
}

export interface SubscriptionAccess {
  isActive: boolean;
  isTrial: boolean;
  hasAccess: boolean;
  /** Days until trial_end, rounded up; 0 when not in trial. */
  trialDaysLeft: number;
  /** Days until current_period_end, rounded up; 0 when unknown or past. */
  renewalDaysLeft: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function daysUntil(target: Date | null, now: Date): number {
  if (!target) return 0;
  const diff = target.getTime() - now.getTime();
  return diff > 0 ? Math.ceil(diff / DAY_MS) : 0;
}

/**
 * docs/product.md section 4 "Subscription access": active = status active; trial = trialing with
 * trial_end in the future; access if either holds. A missing subscription has no access.
 */
export function getSubscriptionAccess(
  subscription: SubscriptionSnapshot | null,
  now: Date,
): SubscriptionAccess {
  if (!subscription) {
    return {
      isActive: false,
      isTrial: false,
      hasAccess: false,
      trialDaysLeft: 0,
      renewalDaysLeft: 0,
    };
  }
  const isActive = subscription.status === 'active';
  const isTrial =
    subscription.status === 'trialing' &&
    subscription.trialEnd !== null &&
    subscription.trialEnd.getTime() > now.getTime();
  return {
    isActive,
    isTrial,
    hasAccess: isActive || isTrial,
    trialDaysLeft: isTrial ? daysUntil(subscription.trialEnd, now) : 0,
    renewalDaysLeft: isActive ? daysUntil(subscription.currentPeriodEnd, now) : 0,
  };
}

/** "1 dia" / "3 dias" */
export function pluralizeDays(days: number): string {
  return `${days} ${days === 1 ? 'dia' : 'dias'}`;
}
