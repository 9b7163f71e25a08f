import {
  CalendarClock,
  CalendarDays,
  KeyRound,
  Link2,
  MessageCircle,
  QrCode,
  ShieldCheck,
  Smartphone,
  Store,
  UserRound,
} from 'lucide-react';
import type { CalendarFeedCreated } from '@agendaki/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { SettingsTab } from '@/config/paths';
import { useMe } from '@/features/auth/api/get-me';
import { LinkSettings } from '@/features/link/components/link-settings';
import { BusinessForm } from '@/features/profile/components/business-form';
import { ProfileDetails } from '@/features/profile/components/profile-details';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';
import { BookingProtectionSettings } from '@/features/booking-protection/components/booking-protection-form';
import { BookingRulesSettings } from '@/features/settings/components/booking-rules-form';
import { CALENDAR_FEED_QUERY_KEY } from '@/features/settings/api/calendar-feed';
import {
  CalendarFeedSettings,
  NewAddress,
} from '@/features/settings/components/calendar-feed-settings';
import { PaymentSettingsCard } from '@/features/settings/components/payment-settings';
import { PixProviderSettings } from '@/features/settings/components/pix-provider-form';
import { PrivacySettings } from '@/features/privacy/components/privacy-settings';
import { WhatsappSettingsCard } from '@/features/whatsapp/components/whatsapp-settings';
import { InstallCard } from '@/features/pwa/components/install-card';
import { NotificationSettings } from '@/features/pwa/components/notification-settings';
import {
  AfterBookingSettingsCard,
  BusinessAddressCard,
} from '@/features/settings/components/after-booking-form';

const TABS: readonly { value: SettingsTab; label: string; icon: typeof UserRound }[] = [
  { value: 'profile', label: 'Perfil', icon: UserRound },
  { value: 'business', label: 'Negócio', icon: Store },
  { value: 'link', label: 'Meu Link', icon: Link2 },
  { value: 'booking', label: 'Agendamento online', icon: CalendarClock },
  { value: 'whatsapp', label: 'WhatsApp', icon: MessageCircle },
  { value: 'calendar', label: 'Calendário', icon: CalendarDays },
  { value: 'payments', label: 'Pagamentos', icon: QrCode },
  { value: 'app', label: 'Aplicativo', icon: Smartphone },
  { value: 'security', label: 'Segurança', icon: KeyRound },
  { value: 'privacy', label: 'Privacidade', icon: ShieldCheck },
];

function toSettingsTab(value: string | null): SettingsTab {
  return TABS.find((tab) => tab.value === value)?.value ?? 'profile';
}

/**
 * The tabs of Configurações; the open one lives in `?tab=` ("Perfil" links to it). The page
 * composes features/profile, link, auth and settings, so it lives with the routes.
 */
export function SettingsTabs() {
  const [searchParams, setSearchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const [movedFeed, setMovedFeed] = useState<CalendarFeedCreated | null>(null);
  const tab = toSettingsTab(searchParams.get('tab'));
  const me = useMe();

  return (
    <Tabs
      value={tab}
      onValueChange={(next) => setSearchParams({ tab: toSettingsTab(next) }, { replace: true })}
    >
      <TabsList className="grid h-auto w-full grid-cols-2 gap-1 sm:flex sm:flex-wrap sm:justify-start">
        {TABS.map(({ value, label, icon: Icon }) => (
          <TabsTrigger key={value} value={value} className="h-9 sm:flex-none">
            <Icon aria-hidden="true" />
            {label}
          </TabsTrigger>
        ))}
      </TabsList>
      {me.data ? (
        <>
          <TabsContent value="profile">
            <ProfileDetails email={me.data.user.email} profile={me.data.profile} />
          </TabsContent>
          <TabsContent value="business">
            <BusinessForm profile={me.data.profile} />
            <BusinessAddressCard />
          </TabsContent>
          <TabsContent value="link">
            <LinkSettings
              profile={me.data.profile}
              hasAccess={me.data.subscription?.hasAccess ?? false}
            />
          </TabsContent>
        </>
      ) : (
        <Skeleton className="h-48 w-full" />
      )}
      <TabsContent value="booking">
        <BookingRulesSettings />
        <BookingProtectionSettings />
        <AfterBookingSettingsCard />
      </TabsContent>
      <TabsContent value="whatsapp">
        <WhatsappSettingsCard />
      </TabsContent>
      <TabsContent value="calendar">
        <CalendarFeedSettings />
      </TabsContent>
      <TabsContent value="payments">
        <PaymentSettingsCard />
        <PixProviderSettings />
      </TabsContent>
      <TabsContent value="app" className="space-y-6">
        <InstallCard />
        <NotificationSettings />
      </TabsContent>
      <TabsContent value="security">
        <ChangePasswordForm
          onCalendarFeedMoved={(created) => {
            setMovedFeed(created);
            void queryClient.invalidateQueries({ queryKey: CALENDAR_FEED_QUERY_KEY });
          }}
        />
        {movedFeed ? (
          <section aria-label="Novo endereço do calendário" className="space-y-2">
            <p className="text-sm">
              Com a nova senha, o endereço do calendário mudou: o antigo parou de funcionar. Assine
              este no Google Agenda ou no iPhone.
            </p>
            <NewAddress created={movedFeed} />
          </section>
        ) : null}
      </TabsContent>
      <TabsContent value="privacy">
        <PrivacySettings />
      </TabsContent>
    </Tabs>
  );
}
