import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/test/render-route';

/** Every route of SPEC.md section 2 resolves to its own page, not to the 404. */
describe('route table', () => {
  it.each([
    ['/auth', 'Entrar'],
    ['/dashboard', 'Dashboard'],
    ['/dashboard/link', 'Meu Link'],
    ['/dashboard/appointments', 'Agenda'],
    ['/dashboard/services', 'Serviços'],
    ['/dashboard/availability', 'Horário de Atendimento'],
    ['/dashboard/clients', 'Clientes'],
    ['/dashboard/billing', 'Assinaturas'],
    ['/dashboard/settings', 'Configurações'],
  ])('%s shows the page titled "%s"', async (path, title) => {
    renderRoute(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeDefined();
  });

  it.each([
    ['/book/salao-da-maria', 'salao-da-maria'],
    ['/profissional/salao-da-maria', 'salao-da-maria'],
  ])('%s shows the public booking page for its link', async (path, link) => {
    renderRoute(path);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Agendamento online' }),
    ).toBeDefined();
    expect(screen.getByText(link)).toBeDefined();
  });

  it('marks the current dashboard page in the sidebar, "Dashboard" only on exact match', async () => {
    renderRoute('/dashboard/services');
    await screen.findByRole('heading', { level: 1, name: 'Serviços' });

    const nav = screen.getByRole('navigation', { name: 'Menu do painel' });
    const active = nav.querySelectorAll('[aria-current="page"]');
    expect([...active].map((link) => link.textContent)).toEqual(['Serviços']);
  });
});
