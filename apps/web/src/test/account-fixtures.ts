import type { DashboardSummary, MeResponse, SubscriptionView } from '@agendaki/shared';
import { apiErrorResponse, type StubReply } from './api-stub';

/** Real-shaped answers of the accounts API (apps/server features/{profile,dashboard,auth}). */

export function unauthorizedResponse(): Response {
  return apiErrorResponse(401, 'UNAUTHORIZED', 'Faça login para continuar.');
}

export function createSubscription(overrides: Partial<SubscriptionView> = {}): SubscriptionView {
  return {
    status: 'trialing',
    trialEnd: '2026-03-08T12:00:00.000Z',
    currentPeriodEnd: null,
    createdAt: '2026-03-01T12:00:00.000Z',
    isActive: false,
    isTrial: true,
    hasAccess: true,
    trialDaysLeft: 7,
    renewalDaysLeft: 0,
    ...overrides,
  };
}

/** What `GET /api/me` answers for a professional on day one of the trial. */
export function createMe(overrides: Partial<MeResponse> = {}): MeResponse {
  return {
    user: { id: '7f1c2d4e-0000-4000-8000-000000000001', email: 'ana.souza@exemplo.com' },
    profile: {
      id: '7f1c2d4e-0000-4000-8000-000000000002',
      professionalName: 'Ana Souza',
      businessName: 'Studio Ana',
      email: 'ana.souza@exemplo.com',
      phone: null,
      bio: null,
      customLink: 'studio-ana',
      isActive: true,
      avatarUrl: null,
      timezone: 'America/Sao_Paulo',
      state: null,
    },
    subscription: createSubscription(),
    ...overrides,
  };
}

export function createSummary(overrides: Partial<DashboardSummary> = {}): DashboardSummary {
  return {
    todayCount: 0,
    yesterdayCount: 0,
    monthRevenueCents: 0,
    previousMonthRevenueCents: 0,
    monthAppointments: 0,
    previousMonthAppointments: 0,
    monthNoShows: 0,
    clientsTotal: 0,
    newClientsThisMonth: 0,
    upcoming: [],
    ...overrides,
  };
}

/** A signed-in professional with an empty dashboard: what every dashboard page asks first. */
export function signedInRoutes(me: MeResponse = createMe()): Record<string, StubReply> {
  return {
    'GET /api/me': me,
    'GET /api/dashboard/summary': createSummary(),
  };
}

/** A visitor without a session: `GET /api/me` answers 401. */
export function signedOutRoutes(): Record<string, StubReply> {
  return { 'GET /api/me': () => unauthorizedResponse() };
}
