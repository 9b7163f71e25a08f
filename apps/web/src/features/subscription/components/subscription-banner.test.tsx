import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createMe, createSubscription } from '@/test/account-fixtures';
import { stubApi } from '@/test/api-stub';
import { renderPage } from '@/test/render-page';
import { SubscriptionBanner } from './subscription-banner';

function renderBanner(subscription: ReturnType<typeof createSubscription> | null) {
  stubApi({ 'GET /api/me': createMe({ subscription }) });
  return renderPage(<SubscriptionBanner subscribeButton={<button>Assinar Agora</button>} />);
}

describe('SubscriptionBanner', () => {
  it('counts the trial days in the singular', async () => {
    renderBanner(createSubscription({ trialDaysLeft: 1 }));
    expect(await screen.findByText('Você tem 1 dia restante no período gratuito!')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Assinar Agora' })).toBeDefined();
  });

  it('counts the trial days in the plural', async () => {
    renderBanner(createSubscription({ trialDaysLeft: 7 }));
    expect(await screen.findByText('Você tem 7 dias restantes no período gratuito!')).toBeDefined();
  });

  it('tells an active subscriber when the next charge comes, without a subscribe button', async () => {
    renderBanner(
      createSubscription({
        status: 'active',
        isActive: true,
        isTrial: false,
        trialDaysLeft: 0,
        renewalDaysLeft: 1,
      }),
    );
    expect(await screen.findByText('Assinatura ativa - Próxima cobrança em 1 dia')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Assinar Agora' })).toBeNull();
  });

  it('says the trial expired and offers to subscribe', async () => {
    renderBanner(createSubscription({ isTrial: false, hasAccess: false, trialDaysLeft: 0 }));
    expect(
      await screen.findByText(
        'Seu período de teste expirou. Assine para continuar usando a plataforma.',
      ),
    ).toBeDefined();
    expect(screen.getByRole('button', { name: 'Assinar Agora' })).toBeDefined();
  });
});
