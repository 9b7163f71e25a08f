import {
  formatIsoDate,
  zonedToday,
  type BillingSummary,
  type SubscriptionView,
} from '@agendaki/shared';

/** The plan's features on the Assinaturas page (docs/product.md section 2, "Assinatura"). */
export const PLAN_FEATURES = [
  'Link personalizado para agendamentos',
  'Gestão de serviços',
  'Agendamentos ilimitados',
  'Clientes ilimitados',
  'Horário de atendimento configurável',
  'Suporte prioritário',
] as const;

export type StatusLabel = 'Ativa' | 'Período gratuito' | 'Inativa';

export function getStatusLabel(summary: Pick<BillingSummary, 'isActive' | 'isTrial'>): StatusLabel {
  if (summary.isActive) return 'Ativa';
  if (summary.isTrial) return 'Período gratuito';
  return 'Inativa';
}

/** An instant as dd/MM/yyyy in the professional's time zone; "—" when there is none. */
export function formatBillingDate(iso: string | null, timeZone: string): string {
  return iso ? formatIsoDate(zonedToday(new Date(iso), timeZone)) : '—';
}

/** The summary in the shape of `GET /api/me`'s subscription, for the shared banner words. */
export function toSubscriptionView(summary: BillingSummary): SubscriptionView | null {
  if (!summary.status) return null;
  return {
    status: summary.status,
    trialEnd: summary.trialEnd,
    currentPeriodEnd: summary.currentPeriodEnd,
    createdAt: summary.memberSince ?? '',
    isActive: summary.isActive,
    isTrial: summary.isTrial,
    hasAccess: summary.hasAccess,
    trialDaysLeft: summary.trialDaysLeft,
    renewalDaysLeft: summary.renewalDaysLeft,
  };
}
