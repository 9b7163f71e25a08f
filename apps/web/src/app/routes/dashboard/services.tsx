import { SubscribeButton } from '@/features/billing/components/subscribe-button';
import { useMe } from '@/features/auth/api/get-me';
import { PackagesSection } from '@/features/money/components/packages-section';
import { ServicesPage } from '@/features/services/components/services-page';
import { SubscriptionBanner } from '@/features/subscription/components/subscription-banner';

export function ServicesRoute() {
  const me = useMe();
  // Unknown while the session loads: the page neither blocks nor enables creation until then.
  const hasAccess = me.data === undefined ? undefined : (me.data?.subscription?.hasAccess ?? false);
  return (
    <>
      <ServicesPage
        hasAccess={hasAccess}
        banner={
          <SubscriptionBanner
            subscribeButton={<SubscribeButton size="sm" className="w-full shrink-0 sm:w-auto" />}
          />
        }
      />
      <PackagesSection />
    </>
  );
}
