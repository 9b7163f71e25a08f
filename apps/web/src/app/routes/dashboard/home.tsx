import { PageHeader } from '@/components/layouts/page-header';
import { SubscribeButton } from '@/features/billing/components/subscribe-button';
import { DashboardOverview } from '@/features/dashboard/components/dashboard-overview';
import { SubscriptionBanner } from '@/features/subscription/components/subscription-banner';

export function DashboardHomeRoute() {
  return (
    <>
      <PageHeader title="Dashboard" description="Visão geral do seu negócio" />
      <SubscriptionBanner subscribeButton={<SubscribeNow />} />
      <DashboardOverview />
    </>
  );
}

function SubscribeNow() {
  return <SubscribeButton size="sm" className="w-full shrink-0 sm:w-auto" />;
}
