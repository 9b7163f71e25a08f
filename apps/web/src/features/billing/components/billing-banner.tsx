import type { BillingSummary } from '@agendaki/shared';
import { SubscriptionBannerView } from '@/components/subscription-banner-view';
import { getSubscriptionBannerContent } from '@/features/subscription/lib/get-banner-content';
import { formatBillingDate, toSubscriptionView } from '../lib/billing-view';

/**
 * The Assinaturas page's banner: the dashboard's words (trial days left, next charge,
 * expired), plus the end date when the renewal was cancelled. No button of its own: the plan
 * card below carries "Assinar Agora".
 */
export function BillingBanner({
  summary,
  timeZone,
}: {
  summary: BillingSummary;
  timeZone: string;
}) {
  const content = getSubscriptionBannerContent(toSubscriptionView(summary));
  const message =
    content.kind === 'active' && summary.cancelAtPeriodEnd
      ? `Assinatura ativa até ${formatBillingDate(summary.currentPeriodEnd, timeZone)} - renovação automática cancelada`
      : content.message;
  return <SubscriptionBannerView kind={content.kind} message={message} testId="billing-banner" />;
}
