import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { opensOnAgendaGrid } from '@/features/appointments/lib/agenda-view';
import { NotFoundRoute } from './routes/not-found';
import { PageLoading, RootLayout } from './routes/root';
import { RouteErrorBoundary } from './routes/route-error';

/*
 * The 404 page ships in the entry chunk; everything else is lazy. The landing is served as
 * prerendered HTML without script (scripts/prerender-landing.mjs): the app draws it only when a
 * signed-in page links back to it, so it stays out of the dashboard's first download.
 */
const loadPublicBooking = async () => ({
  Component: (await import('./routes/public-booking')).PublicBookingRoute,
});

const dashboardRoutes: RouteObject[] = [
  {
    index: true,
    lazy: async () => ({ Component: (await import('./routes/dashboard/home')).DashboardHomeRoute }),
  },
  {
    path: paths.dashboard.link.path,
    lazy: async () => ({ Component: (await import('./routes/dashboard/link')).MyLinkRoute }),
  },
  {
    path: paths.dashboard.appointments.path,
    lazy: async () => {
      // The grid is the route's own lazy chunk (decision 014); when the page opens on it, it is
      // asked for now, beside the route's, not a round trip later (issue 48).
      if (opensOnAgendaGrid(paths.dashboard.appointments.path)) {
        void import('@/features/appointments/components/agenda-calendar-page');
      }
      return { Component: (await import('./routes/dashboard/appointments')).AppointmentsRoute };
    },
  },
  {
    path: paths.dashboard.waitlist.path,
    lazy: async () => ({ Component: (await import('./routes/dashboard/waitlist')).WaitlistRoute }),
  },
  {
    path: paths.dashboard.services.path,
    lazy: async () => ({ Component: (await import('./routes/dashboard/services')).ServicesRoute }),
  },
  {
    path: paths.dashboard.availability.path,
    lazy: async () => ({
      Component: (await import('./routes/dashboard/availability')).AvailabilityRoute,
    }),
  },
  {
    path: paths.dashboard.clients.path,
    lazy: async () => ({ Component: (await import('./routes/dashboard/clients')).ClientsRoute }),
  },
  {
    path: paths.dashboard.client.path,
    lazy: async () => ({ Component: (await import('./routes/dashboard/client')).ClientRoute }),
  },
  {
    path: paths.dashboard.messages.path,
    lazy: async () => ({ Component: (await import('./routes/dashboard/messages')).MessagesRoute }),
  },
  {
    path: paths.dashboard.forms.path,
    lazy: async () => ({
      Component: (await import('@/features/anamnesis/components/forms-page')).FormsPage,
    }),
  },
  {
    path: paths.dashboard.reports.path,
    lazy: async () => ({ Component: (await import('./routes/dashboard/reports')).ReportsRoute }),
  },
  {
    path: paths.dashboard.cash.path,
    lazy: async () => ({ Component: (await import('./routes/dashboard/cash')).CashRoute }),
  },
  {
    path: paths.dashboard.billing.path,
    lazy: async () => ({ Component: (await import('./routes/dashboard/billing')).BillingRoute }),
  },
  {
    path: paths.dashboard.settings.path,
    lazy: async () => ({ Component: (await import('./routes/dashboard/settings')).SettingsRoute }),
  },
];

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RouteErrorBoundary,
    HydrateFallback: PageLoading,
    children: [
      {
        path: paths.home.path,
        lazy: async () => ({ Component: (await import('./routes/landing')).LandingRoute }),
      },
      {
        path: paths.auth.path,
        lazy: async () => ({ Component: (await import('./routes/auth')).AuthRoute }),
      },
      {
        path: paths.newPassword.path,
        lazy: async () => ({
          Component: (await import('./routes/auth-new-password')).NewPasswordRoute,
        }),
      },
      {
        path: paths.checkoutDemo.path,
        lazy: async () => ({
          Component: (await import('./routes/checkout-demo')).CheckoutDemoRoute,
        }),
      },
      {
        path: paths.admin.path,
        lazy: async () => ({ Component: (await import('./routes/admin')).AdminRoute }),
      },
      { path: paths.book.path, lazy: loadPublicBooking },
      { path: paths.profissional.path, lazy: loadPublicBooking },
      {
        path: paths.dashboard.root.path,
        lazy: async () => ({
          Component: (await import('@/components/layouts/dashboard-layout')).DashboardLayout,
        }),
        children: dashboardRoutes,
      },
      { path: '*', Component: NotFoundRoute },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
