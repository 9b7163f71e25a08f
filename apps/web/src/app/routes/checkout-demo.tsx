import { CenteredLayout } from '@/components/layouts/centered-layout';
import { DemoCheckoutPage } from '@/features/billing/components/demo-checkout-page';

/** The local demonstration checkout (no payment provider configured). */
export function CheckoutDemoRoute() {
  return (
    <CenteredLayout>
      <DemoCheckoutPage />
    </CenteredLayout>
  );
}
