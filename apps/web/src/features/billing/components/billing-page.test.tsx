import type { BillingSummary } from '@agendaki/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createMe } from '@/test/account-fixtures';
import { apiErrorResponse, stubApi, type StubReply } from '@/test/api-stub';
import { renderPage } from '@/test/render-page';
import { BillingPage } from './billing-page';

function createSummary(overrides: Partial<BillingSummary> = {}): BillingSummary {
  return {
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
    ...overrides,
  };
}

const ACTIVE = {
  status: 'active',
  isActive: true,
  isTrial: false,
  currentPeriodEnd: '2026-12-21T12:00:00.000Z',
  trialDaysLeft: 0,
  renewalDaysLeft: 30,
} as const;

function renderBilling(summary: BillingSummary, routes: Record<string, StubReply> = {}) {
  const api = stubApi({ 'GET /api/me': createMe(), 'GET /api/billing': summary, ...routes });
  return { api, ...renderPage(<BillingPage />, { path: '/dashboard/billing' }) };
}

/** A tab as `window.open('', '_blank')` returns it. */
function stubNewTab() {
  const tab = {
    opener: {} as unknown,
    closed: false,
    close: vi.fn(),
    location: { href: '' },
    document: { title: '', body: { textContent: '' } },
  };
  const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
  return { tab, open };
}

function detail(label: string): string {
  const details = screen.getByTestId('subscription-details');
  const term = within(details).getByText(label);
  return term.nextElementSibling?.textContent ?? '';
}

describe('Assinaturas page', () => {
  it('in the trial: days left, the plan at the configured price, both boxes and "Assinar Agora"', async () => {
    renderBilling(createSummary({ planPriceCents: 1700 }));
    expect(await screen.findByText('Você tem 7 dias restantes no período gratuito!')).toBeDefined();
    expect(screen.getByText('Plano Mensal')).toBeDefined();
    expect(screen.getByTestId('billing-plan-price').textContent).toBe('R$ 17,00/mês');
    for (const feature of [
      'Link personalizado para agendamentos',
      'Gestão de serviços',
      'Agendamentos ilimitados',
      'Clientes ilimitados',
      'Horário de atendimento configurável',
      'Suporte prioritário',
    ]) {
      expect(screen.getByText(feature)).toBeDefined();
    }
    expect(screen.getByText('7 dias grátis')).toBeDefined();
    expect(screen.getByText('Pagamento antecipado')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Assinar Agora' })).toBeDefined();
    expect(screen.queryByRole('button', { name: /Gerenciar Assinatura/ })).toBeNull();
    expect(detail('Status')).toBe('Período gratuito');
    expect(detail('Fim do período gratuito')).toBe('28/11/2026');
    expect(detail('Próxima renovação')).toBe('—');
    expect(detail('Membro desde')).toBe('21/11/2026');
  });

  it('counts a last trial day in the singular', async () => {
    renderBilling(createSummary({ trialDaysLeft: 1 }));
    expect(await screen.findByText('Você tem 1 dia restante no período gratuito!')).toBeDefined();
  });

  it('active: next charge, manage and cancel, no trial boxes', async () => {
    renderBilling(createSummary(ACTIVE));
    expect(await screen.findByText('Assinatura ativa - Próxima cobrança em 30 dias')).toBeDefined();
    expect(screen.queryByText('7 dias grátis')).toBeNull();
    expect(screen.queryByText('Pagamento antecipado')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Assinar Agora' })).toBeNull();
    expect(screen.getByRole('button', { name: /Gerenciar Assinatura/ })).toBeDefined();
    expect(screen.getByRole('button', { name: /Cancelar Pagamento Recorrente/ })).toBeDefined();
    expect(detail('Status')).toBe('Ativa');
    expect(detail('Próxima renovação')).toBe('21/12/2026');
  });

  it('cancelled at period end: access until the date, no renewal, no second cancel', async () => {
    renderBilling(createSummary({ ...ACTIVE, cancelAtPeriodEnd: true, renewalDaysLeft: 0 }));
    expect(
      await screen.findByText('Assinatura ativa até 21/12/2026 - renovação automática cancelada'),
    ).toBeDefined();
    expect(detail('Próxima renovação')).toBe('Não será renovada (acesso até 21/12/2026)');
    expect(screen.queryByRole('button', { name: /Cancelar Pagamento Recorrente/ })).toBeNull();
  });

  it('expired trial: the expired banner, status Inativa, "Assinar Agora"', async () => {
    renderBilling(createSummary({ isTrial: false, hasAccess: false, trialDaysLeft: 0 }));
    expect(
      await screen.findByText(
        'Seu período de teste expirou. Assine para continuar usando a plataforma.',
      ),
    ).toBeDefined();
    expect(detail('Status')).toBe('Inativa');
    expect(screen.getByRole('button', { name: 'Assinar Agora' })).toBeDefined();
  });

  it('"Assinar Agora" opens a tab within the click and sends it to the checkout', async () => {
    const url = 'http://localhost:3000/checkout/demo?session=cs_local_0123456789abcdef';
    const { api } = renderBilling(createSummary(), { 'POST /api/billing/checkout': { url } });
    const { tab, open } = stubNewTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Assinar Agora' }));
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(tab.location.href).toBe(url));
    expect(tab.opener).toBeNull();
    expect(api.calls.some((c) => c.method === 'POST' && c.path === '/api/billing/checkout')).toBe(
      true,
    );
  });

  it('"Cancelar Pagamento Recorrente" opens the portal for cancelling', async () => {
    const url = 'https://billing.stripe.com/p/session/test_1';
    const { api } = renderBilling(createSummary({ ...ACTIVE, provider: 'stripe' }), {
      'POST /api/billing/portal': { url },
    });
    const { tab } = stubNewTab();
    await userEvent.click(
      await screen.findByRole('button', { name: /Cancelar Pagamento Recorrente/ }),
    );
    await waitFor(() => expect(tab.location.href).toBe(url));
    expect(api.calls.find((c) => c.path === '/api/billing/portal')?.body).toEqual({
      intent: 'cancel',
    });
  });

  it('closes the tab and shows the server message when the provider page cannot open', async () => {
    renderBilling(createSummary(), {
      'POST /api/billing/checkout': () =>
        apiErrorResponse(503, 'UNAVAILABLE', 'Não foi possível abrir a página de pagamento agora.'),
    });
    const { tab } = stubNewTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Assinar Agora' }));
    expect(
      await screen.findByText('Não foi possível abrir a página de pagamento agora.'),
    ).toBeDefined();
    expect(tab.close).toHaveBeenCalled();
  });

  it('goes to the checkout in this tab when popups are blocked', async () => {
    const url = 'http://localhost:3000/checkout/demo?session=cs_local_0123456789abcdef';
    renderBilling(createSummary(), { 'POST /api/billing/checkout': { url } });
    vi.spyOn(window, 'open').mockReturnValue(null);
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    await userEvent.click(await screen.findByRole('button', { name: 'Assinar Agora' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(url));
  });

  it('thanks the user back from the provider and drops the parameter', async () => {
    stubApi({ 'GET /api/me': createMe(), 'GET /api/billing': createSummary(ACTIVE) });
    const { router } = renderPage(<BillingPage />, { path: '/dashboard/billing?checkout=success' });
    expect(await screen.findByText('Pagamento recebido!')).toBeDefined();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
