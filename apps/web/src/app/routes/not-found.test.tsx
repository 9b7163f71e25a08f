import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubConfigFetch } from '@/test/http';
import { renderRoute } from '@/test/render-route';

describe('not-found page', () => {
  it('shows 404, explains the broken link and logs the unknown path as a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderRoute('/pagina/que-nao-existe');

    expect(screen.getByText('404')).toBeDefined();
    expect(screen.getByRole('heading', { level: 1, name: 'Página não encontrada' })).toBeDefined();
    expect(screen.getByText(/link que você seguiu pode estar quebrado/)).toBeDefined();
    expect(warn).toHaveBeenCalledWith('404: rota inexistente acessada:', '/pagina/que-nao-existe');
  });

  it('"Voltar para Home" returns to the landing page', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubConfigFetch();
    const { router } = renderRoute('/dashboard-antigo');

    await userEvent.click(screen.getByRole('link', { name: 'Voltar para Home' }));

    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Sistema de Agendamento Automático para Profissionais',
      }),
    ).toBeDefined();
    expect(router.state.location.pathname).toBe('/');
    await screen.findByTestId('plan-price');
  });
});
