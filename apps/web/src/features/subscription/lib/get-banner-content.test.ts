import { describe, expect, it } from 'vitest';
import { createSubscription } from '@/test/account-fixtures';
import { getSubscriptionBannerContent } from './get-banner-content';

const active = (renewalDaysLeft: number) =>
  createSubscription({
    status: 'active',
    isActive: true,
    isTrial: false,
    trialDaysLeft: 0,
    currentPeriodEnd: '2026-04-01T12:00:00.000Z',
    renewalDaysLeft,
  });
const expiredTrial = createSubscription({ isTrial: false, hasAccess: false, trialDaysLeft: 0 });

describe('getSubscriptionBannerContent', () => {
  it.each([
    [createSubscription({ trialDaysLeft: 7 }), 'Você tem 7 dias restantes no período gratuito!'],
    [createSubscription({ trialDaysLeft: 1 }), 'Você tem 1 dia restante no período gratuito!'],
    [createSubscription({ trialDaysLeft: 2 }), 'Você tem 2 dias restantes no período gratuito!'],
    [active(30), 'Assinatura ativa - Próxima cobrança em 30 dias'],
    [active(1), 'Assinatura ativa - Próxima cobrança em 1 dia'],
    [active(0), 'Assinatura ativa'],
    [expiredTrial, 'Seu período de teste expirou. Assine para continuar usando a plataforma.'],
    [null, 'Seu período de teste expirou. Assine para continuar usando a plataforma.'],
    [
      createSubscription({
        status: 'canceled',
        isTrial: false,
        hasAccess: false,
        trialDaysLeft: 0,
      }),
      'Sua assinatura não está ativa. Assine para continuar usando a plataforma.',
    ],
  ])('%#: "%s"', (subscription, message) => {
    expect(getSubscriptionBannerContent(subscription).message).toBe(message);
  });

  it('offers "Assinar Agora" unless the subscription is active', () => {
    expect(getSubscriptionBannerContent(createSubscription()).canSubscribe).toBe(true);
    expect(getSubscriptionBannerContent(expiredTrial).canSubscribe).toBe(true);
    expect(getSubscriptionBannerContent(active(12)).canSubscribe).toBe(false);
  });
});
