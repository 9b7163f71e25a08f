import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubConfigFetch, TEST_CONFIG } from '@/test/http';
import { renderRoute } from '@/test/render-route';

describe('landing page', () => {
  it('shows the hero, the four features and the footer', async () => {
    stubConfigFetch();
    renderRoute('/');

    // The landing's code loads on demand (app/router.tsx).
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Sistema de Agendamento Automático para Profissionais',
      }),
    ).toBeDefined();
    for (const title of [
      'Agendamento Online 24/7',
      'Controle de Horários Sem Conflitos',
      'Gestão de Clientes',
      'Link Personalizado',
    ]) {
      expect(screen.getByRole('heading', { name: title })).toBeDefined();
    }
    expect(screen.getByText(/nunca dois agendamentos no mesmo horário/i)).toBeDefined();
    expect(screen.getByText(/4,9\/5/)).toBeDefined();
    expect(screen.getByText(/Mais de 1\.000/)).toBeDefined();
    expect(screen.getByText('© 2024 Agendaki. Todos os direitos reservados.')).toBeDefined();
    await screen.findByTestId('plan-price');
    // The same words as on Assinaturas (billing-page.test.tsx).
    const features = screen.getByRole('list', { name: 'Recursos do plano' });
    expect(
      within(features)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Link personalizado para agendamentos',
      'Gestão de serviços',
      'Agendamentos ilimitados',
      'Clientes ilimitados',
      'Horário de atendimento configurável',
      'Suporte prioritário',
    ]);
  });

  it('links sign-up, sign-in and the demo to their pages', async () => {
    stubConfigFetch();
    renderRoute('/');

    const header = await screen.findByRole('navigation', { name: 'Acesso' });
    expect(within(header).getByRole('link', { name: 'Entrar' }).getAttribute('href')).toBe('/auth');
    expect(within(header).getByRole('link', { name: 'Cadastrar' }).getAttribute('href')).toBe(
      '/auth',
    );
    const signUp = screen.getByRole('link', { name: 'Cadastrar Agora - 7 Dias Grátis' });
    expect(signUp.getAttribute('href')).toBe('/auth');
    expect(screen.getByRole('link', { name: 'Ver Demonstração' }).getAttribute('href')).toBe(
      '/book/demo',
    );
    await screen.findByTestId('plan-price');
  });

  it('shows the plan price from the server config, with a skeleton until it arrives', async () => {
    const fetchMock = stubConfigFetch({ ...TEST_CONFIG, planPriceCents: 2390 });
    renderRoute('/');

    expect(await screen.findByTestId('plan-price-skeleton')).toBeDefined();
    expect(screen.queryByText(/R\$/)).toBeNull();

    const price = await screen.findByTestId('plan-price');
    expect(price.textContent).toBe('R$ 23,90/mês');
    expect(screen.getByText('R$ 23,90/mês')).toBeDefined(); // the hero's price line
    expect(screen.getByText('7 dias grátis')).toBeDefined();
    expect(screen.getByText('cancele quando quiser')).toBeDefined();
    expect(screen.getByText('Plano Mensal')).toBeDefined();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/config',
      expect.objectContaining({ credentials: 'include' }),
    );
  });

  it('hides "Ver Demonstração" when the server has no demo professional', async () => {
    stubConfigFetch({ ...TEST_CONFIG, isDemoEnabled: false });
    renderRoute('/');

    await screen.findByTestId('plan-price');
    expect(screen.queryByRole('link', { name: 'Ver Demonstração' })).toBeNull();
  });
});
