import { CircleAlert, CircleCheck, Gift, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import type { SubscriptionBannerKind } from '@/features/subscription/lib/get-banner-content';
import { cn } from '@/lib/cn';

const LOOK: Record<SubscriptionBannerKind, { icon: LucideIcon; className: string }> = {
  trial: { icon: Gift, className: 'border-primary/30 bg-accent text-accent-foreground' },
  active: { icon: CircleCheck, className: 'border-success/30 bg-success/10 text-success' },
  expired: {
    icon: CircleAlert,
    className: 'border-destructive/30 bg-destructive/5 text-destructive',
  },
  inactive: {
    icon: CircleAlert,
    className: 'border-destructive/30 bg-destructive/5 text-destructive',
  },
};

/**
 * The subscription banner's look for each state; the words and the action come from the caller.
 * Shared by features/subscription (dashboard, Serviços) and features/billing (Assinatura), as
 * features do not import each other's components.
 */
export function SubscriptionBannerView({
  kind,
  message,
  action,
  className,
  testId = 'subscription-banner',
}: {
  kind: SubscriptionBannerKind;
  message: string;
  action?: ReactNode;
  className?: string;
  testId?: string;
}) {
  const { icon: Icon, className: look } = LOOK[kind];
  return (
    <div
      role="status"
      data-testid={testId}
      data-kind={kind}
      className={cn(
        'flex flex-col gap-3 rounded-xl border px-4 py-3 sm:flex-row sm:items-center sm:justify-between',
        look,
        className,
      )}
    >
      <p className="flex items-start gap-3 text-sm font-medium sm:items-center">
        <Icon className="mt-0.5 size-5 shrink-0 sm:mt-0" aria-hidden="true" />
        <span>{message}</span>
      </p>
      {action}
    </div>
  );
}
