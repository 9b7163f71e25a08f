import { PageHeader } from '@/components/layouts/page-header';
import { SubscribeButton } from '@/features/billing/components/subscribe-button';
import { SuspiciousBookings } from '@/features/booking-protection/components/suspicious-bookings';
import { DashboardOverview } from '@/features/dashboard/components/dashboard-overview';
import { DepositsPanel } from '@/features/deposits/components/deposits-panel';
import { TomorrowReminders } from '@/features/manage/components/tomorrow-reminders';
import { WhatsappReminderButton } from '@/features/manage/components/whatsapp-reminder';
import { SubscriptionBanner } from '@/features/subscription/components/subscription-banner';

export function DashboardHomeRoute() {
  return (
    <>
      <PageHeader title="Dashboard" description="Visão geral do seu negócio" />
      <SubscriptionBanner subscribeButton={<SubscribeNow />} />
      <div className="mb-6 empty:hidden">
        <SuspiciousBookings />
      </div>
      <DashboardOverview
        renderUpcomingAction={(appointment) =>
          appointment.status === 'cancelled' ? null : (
            <WhatsappReminderButton
              appointmentId={appointment.id}
              clientName={appointment.clientName}
              phone={appointment.clientPhone ?? null}
            />
          )
        }
      />
      <div className="mt-6">
        <DepositsPanel />
      </div>
      <div className="mt-6">
        <TomorrowReminders />
      </div>
    </>
  );
}

function SubscribeNow() {
  return <SubscribeButton size="sm" className="w-full shrink-0 sm:w-auto" />;
}
