import { pluralizeDays, type SubscriptionView } from '@agendaki/shared';

export type SubscriptionBannerKind = 'trial' | 'active' | 'expired' | 'inactive';

export interface SubscriptionBannerContent {
  kind: SubscriptionBannerKind;
  message: string;
  /** Whether the banner offers "Assinar Agora". */
  canSubscribe: boolean;
}

/**
 * The banner's words for a subscription (docs/product.md section 2, "Dashboard home" and section 4). The server
 * computes access and the days left with its clock; this only words them. A missing
 * subscription counts as absent: no access.
 */
export function getSubscriptionBannerContent(
  subscription: SubscriptionView | null,
): SubscriptionBannerContent {
  if (subscription?.isActive) {
    const days = subscription.renewalDaysLeft;
    return {
      kind: 'active',
      message:
        days > 0
          ? `Assinatura ativa - Próxima cobrança em ${pluralizeDays(days)}`
          : 'Assinatura ativa',
      canSubscribe: false,
    };
  }
  if (subscription?.isTrial) {
    const days = subscription.trialDaysLeft;
    const remaining = days === 1 ? 'dia restante' : 'dias restantes';
    return {
      kind: 'trial',
      message: `Você tem ${days} ${remaining} no período gratuito!`,
      canSubscribe: true,
    };
  }
  if (!subscription || subscription.status === 'trialing') {
    return {
      kind: 'expired',
      message: 'Seu período de teste expirou. Assine para continuar usando a plataforma.',
      canSubscribe: true,
    };
  }
  // Cancelled, unpaid or past due after having paid: not a trial that ended.
  return {
    kind: 'inactive',
    message: 'Sua assinatura não está ativa. Assine para continuar usando a plataforma.',
    canSubscribe: true,
  };
}
