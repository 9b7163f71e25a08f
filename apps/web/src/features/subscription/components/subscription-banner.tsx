import { CircleAlert, CircleCheck, Gift, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useMe } from '@/features/auth/api/get-me';
import { cn } from '@/lib/cn';
import {
  getSubscriptionBannerContent,
  type SubscriptionBannerKind,
} from '../utils/get-banner-content';

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

/** The banner's look for each state; the words and the action come from the caller. */
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

/**
 * Trial days left, next charge, or "expired", from the session's subscription (`GET /api/me`).
 * Used on the dashboard home and the Serviços page; the route passes the "Assinar Agora" button
 * (billing's), shown only when subscribing makes sense.
 */
export function SubscriptionBanner({
  subscribeButton,
  className,
}: {
  subscribeButton?: ReactNode;
  className?: string;
}) {
  const me = useMe();
  if (!me.data) return null;
  const content = getSubscriptionBannerContent(me.data.subscription);
  return (
    <SubscriptionBannerView
      kind={content.kind}
      message={content.message}
      action={content.canSubscribe ? subscribeButton : undefined}
      className={className}
    />
  );
}
