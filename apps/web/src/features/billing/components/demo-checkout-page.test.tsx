import type { BillingSummary } from '@agendaki/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createMe, signedOutRoutes } from '@/test/account-fixtures';
import { stubApi, type StubReply } from '@/test/api-stub';
import { renderPage } from '@/test/render-page';
import { DemoCheckoutPage } from './demo-checkout-page';

const TRIAL: BillingSummary = {
  planName: 'Plano Mensal',
  planPriceCents: 1500,
  status: 'trialing',
  isActive: false,
  isTrial: true,
  hasAccess: true,
  trialEnd: '2026-11-28T12:00:00.000Z',
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  memberSince: '2026-11-21T12:00:00.000Z',
  trialDaysLeft: 7,
  renewalDaysLeft: 0,
  provider: 'local',
};
const ACTIVE: BillingSummary = {
  ...TRIAL,
  status: 'active',
  isActive: true,
  isTrial: false,
  currentPeriodEnd: '2026-12-21T12:00:00.000Z',
  trialDaysLeft: 0,
  renewalDaysLeft: 30,
};

function renderDemo(path: string, routes: Record<string, StubReply>) {
  const api = stubApi({ 'GET /api/me': createMe(), ...routes });
  renderPage(<DemoCheckoutPage />, { path });
  return api;
}

describe('demonstration checkout', () => {
  it('is clearly marked, shows the plan and price, and "Pagar" activates the subscription', async () => {
    const api = renderDemo('/checkout/demo?session=cs_local_0123456789abcdef', {
      'GET /api/billing': TRIAL,
      'POST /api/billing/demo/pay': ACTIVE,
    });
    expect(screen.getByText('Demonstração — nenhum pagamento real')).toBeDefined();
    expect((await screen.findByTestId('demo-checkout-price')).textContent).toBe('R$ 15,00/mês');
    expect(screen.getByText('Plano Mensal')).toBeDefined();
    expect(screen.getByText('ana.souza@exemplo.com')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Cancelar assinatura' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Pagar' }));
    expect(await screen.findByText('Pagamento confirmado!')).toBeDefined();
    expect(screen.getByTestId('demo-checkout-state').textContent).toBe(
      'Assinatura ativa. Próxima cobrança em 21/12/2026.',
    );
    expect(api.calls.find((c) => c.path === '/api/billing/demo/pay')?.body).toEqual({
      sessionId: 'cs_local_0123456789abcdef',
    });
    expect(screen.getByRole('button', { name: 'Cancelar assinatura' })).toBeDefined();
  });

  it('"Cancelar assinatura" keeps access until the period ends', async () => {
    const api = renderDemo('/checkout/demo?intent=cancel', {
      'GET /api/billing': ACTIVE,
      'POST /api/billing/demo/cancel': { ...ACTIVE, cancelAtPeriodEnd: true, renewalDaysLeft: 0 },
    });
    expect(await screen.findByText('Cancelar pagamento recorrente')).toBeDefined();
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar assinatura' }));
    expect(await screen.findByText('Renovação cancelada: acesso até 21/12/2026.')).toBeDefined();
    expect(
      api.calls.some((c) => c.method === 'POST' && c.path === '/api/billing/demo/cancel'),
    ).toBe(true);
    // Paying again resumes the renewal.
    expect(screen.getByRole('button', { name: 'Pagar' })).toBeDefined();
  });

  it('asks a signed-out visitor to sign in', async () => {
    renderDemo('/checkout/demo', signedOutRoutes());
    expect(await screen.findByText('Entre para continuar')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Entrar' }).getAttribute('href')).toBe('/auth');
  });
});
