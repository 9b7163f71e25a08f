import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/test/render-route';
import { signedInRoutes, signedOutRoutes } from '@/test/account-fixtures';
import { stubApi } from '@/test/api-stub';

/**
 * Each page is a lazy chunk that vitest compiles on first import: the Agenda's (form,
 * calendar, blocks panel) takes a few seconds on a busy machine, past findBy's 1 s default.
 */
const LAZY_PAGE_TIMEOUT = 8000;

/** Every route of docs/product.md section 2 resolves to its own page, not to the 404. */
describe('route table', () => {
  it.each([
    ['/auth', 'Entrar'],
    ['/auth/nova-senha?token=abc', 'Nova senha'],
  ])('%s shows the page titled "%s" to a visitor', async (path, title) => {
    stubApi(signedOutRoutes());
    renderRoute(path);
    expect(
      await screen.findByRole('heading', { level: 1, name: title }, { timeout: LAZY_PAGE_TIMEOUT }),
    ).toBeDefined();
  });

  it.each([
    ['/dashboard', 'Dashboard'],
    ['/dashboard/link', 'Meu Link'],
    ['/dashboard/appointments', 'Agenda'],
    ['/dashboard/services', 'Serviços'],
    ['/dashboard/availability', 'Horário de Atendimento'],
    ['/dashboard/clients', 'Clientes'],
    ['/dashboard/billing', 'Assinaturas'],
    ['/dashboard/settings', 'Configurações'],
  ])('%s shows the page titled "%s" to a signed-in professional', async (path, title) => {
    stubApi(signedInRoutes());
    renderRoute(path);
    expect(
      await screen.findByRole('heading', { level: 1, name: title }, { timeout: LAZY_PAGE_TIMEOUT }),
    ).toBeDefined();
  });

  it.each([
    ['/book/salao-da-maria', 'salao-da-maria'],
    ['/profissional/salao-da-maria', 'salao-da-maria'],
  ])('%s shows the public booking page for its link', async (path, link) => {
    // No route stubbed: the lookup answers 404, so the page says the professional is unknown.
    const { calls } = stubApi({});
    renderRoute(path);
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Profissional não encontrado' },
        { timeout: LAZY_PAGE_TIMEOUT },
      ),
    ).toBeDefined();
    expect(calls.map((call) => call.path)).toEqual([`/api/public/professionals/${link}`]);
  });

  it('marks the current dashboard page in the sidebar, "Dashboard" only on exact match', async () => {
    stubApi(signedInRoutes());
    renderRoute('/dashboard/services');
    await screen.findByRole(
      'heading',
      { level: 1, name: 'Serviços' },
      { timeout: LAZY_PAGE_TIMEOUT },
    );

    const nav = screen.getByRole('navigation', { name: 'Menu do painel' });
    const active = nav.querySelectorAll('[aria-current="page"]');
    expect([...active].map((link) => link.textContent)).toEqual(['Serviços']);
  });
});
