import { DEFAULT_TIMEZONE } from '@agendaki/shared';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { useIsMobile } from '@/components/ui/sidebar';
import { Skeleton } from '@/components/ui/skeleton';
import { AgendaViewSwitch } from '@/features/appointments/components/agenda-view-switch';
import { initialAgendaView } from '@/features/appointments/lib/agenda-view';
import { AnamnesisAnswersButton } from '@/features/anamnesis/components/answers-button';
import { useMe } from '@/features/auth/api/get-me';
import { WhatsappReminderButton } from '@/features/manage/components/whatsapp-reminder';
import { DepositLine } from '@/features/deposits/components/deposit-line';
import { ClosedLock } from '@/features/money/components/closed-lock';
import { ClosingButton } from '@/features/money/components/closing-button';
import { WhatsappStatusLine } from '@/features/whatsapp/components/whatsapp-status';
import { InstallOffer } from '@/features/pwa/components/install-offer';

// The grid is its own chunk: the list's first visit does not download it (decision 014), nor
// the day's the list (a phone opens on the day).
const AppointmentsPage = lazy(async () => ({
  default: (await import('@/features/appointments/components/appointments-page')).AppointmentsPage,
}));
const AgendaCalendarPage = lazy(async () => ({
  default: (await import('@/features/appointments/components/agenda-calendar-page'))
    .AgendaCalendarPage,
}));

export function AppointmentsRoute() {
  const me = useMe();
  const [searchParams] = useSearchParams();
  // A phone opens on the day (decision 014): where the free hour is, between two clients.
  const isPhone = useIsMobile();
  const view = initialAgendaView(searchParams, isPhone);
  const timeZone = me.data?.profile.timezone ?? DEFAULT_TIMEZONE;
  if (view === 'list') {
    return (
      <>
        <InstallOffer />
        <Suspense fallback={<Skeleton className="h-[480px] w-full" />}>
          <AppointmentsPage
            timeZone={me.data?.profile.timezone}
            viewSwitch={<AgendaViewSwitch current="list" />}
            cardLock={ClosedLock}
            renderCardAction={(appointment) => (
              <div className="grid gap-2">
                <ClosingButton appointment={appointment} />
                <DepositLine
                  bookingId={appointment.bookingId}
                  clientName={appointment.client.name}
                />
                {appointment.bookingId ? (
                  <WhatsappStatusLine bookingId={appointment.bookingId} />
                ) : null}
                <WhatsappReminderButton
                  appointmentId={appointment.id}
                  clientName={appointment.client.name}
                  phone={appointment.client.phone}
                />
                <AnamnesisAnswersButton appointment={appointment} timeZone={timeZone} />
              </div>
            )}
          />
        </Suspense>
      </>
    );
  }
  return (
    <>
      <InstallOffer />
      <Suspense fallback={<Skeleton className="h-[480px] w-full" />}>
        <AgendaCalendarPage
          view={view}
          timeZone={timeZone}
          renderAppointmentAction={(appointment) => <ClosingButton appointment={appointment} />}
          appointmentLock={ClosedLock}
        />
      </Suspense>
    </>
  );
}
