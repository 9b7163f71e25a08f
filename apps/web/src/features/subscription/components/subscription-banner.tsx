import type { ReactNode } from 'react';
import { useMe } from '@/features/auth/api/get-me';
import { SubscriptionBannerView } from '@/components/subscription-banner-view';
import { getSubscriptionBannerContent } from '../lib/get-banner-content';

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
