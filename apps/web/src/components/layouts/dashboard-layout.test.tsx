import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createMe,
  signedInRoutes,
  signedOutRoutes,
  unauthorizedResponse,
} from '@/test/account-fixtures';
import { stubApi } from '@/test/api-stub';
import { renderRoute } from '@/test/render-route';

function clearSidebarCookie() {
  document.cookie = 'sidebar:state=; path=/; max-age=0';
}

function sidebar() {
  return document.querySelector('aside[data-slot="sidebar"]');
}

afterEach(clearSidebarCookie);

describe('dashboard shell', () => {
  it('sends a visitor without a session to /auth', async () => {
    stubApi(signedOutRoutes());
    const { router } = renderRoute('/dashboard/clients');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
  });

  it('goes to /auth when the session ends while a page is open', async () => {
    let isSignedIn = true;
    stubApi({
      'GET /api/me': () => (isSignedIn ? createMe() : unauthorizedResponse()),
      'GET /api/dashboard/summary': () => {
        isSignedIn = false; // e.g. "Sair" on another tab
        return unauthorizedResponse();
      },
    });
    const { router } = renderRoute('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
  });

  it('lists the thirteen pages in order under "Sistema Profissional"', async () => {
    stubApi(signedInRoutes());
    renderRoute('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Menu do painel' });

    expect(screen.getByText('Sistema Profissional')).toBeDefined();
    expect([...nav.querySelectorAll('a')].map((link) => link.textContent)).toEqual([
      'Dashboard',
      'Meu Link',
      'Agenda',
      'Lista de Espera',
      'Serviços',
      'Horário de Atendimento',
      'Clientes',
      'Caixa do dia',
      'Mensagens',
      'Fichas',
      'Relatórios',
      'Assinatura',
      'Configurações',
    ]);
    const active = nav.querySelectorAll('[aria-current="page"]');
    expect([...active].map((link) => link.textContent)).toEqual(['Dashboard']);
  });

  it('collapses with the trigger and with Ctrl+B, remembering it in the sidebar:state cookie', async () => {
    stubApi(signedInRoutes());
    renderRoute('/dashboard');
    const trigger = await screen.findByRole('button', { name: 'Alternar menu lateral' });
    expect(sidebar()?.getAttribute('data-state')).toBe('expanded');

    await userEvent.click(trigger);
    expect(sidebar()?.getAttribute('data-state')).toBe('collapsed');
    expect(document.cookie).toContain('sidebar:state=false');

    fireEvent.keyDown(window, { key: 'b', ctrlKey: true });
    expect(sidebar()?.getAttribute('data-state')).toBe('expanded');
    expect(document.cookie).toContain('sidebar:state=true');

    fireEvent.keyDown(window, { key: 'B', metaKey: true });
    expect(sidebar()?.getAttribute('data-state')).toBe('collapsed');
  });

  it('starts collapsed when the cookie says so', async () => {
    document.cookie = 'sidebar:state=false; path=/';
    stubApi(signedInRoutes());
    renderRoute('/dashboard');
    await screen.findByRole('navigation', { name: 'Menu do painel' });
    expect(sidebar()?.getAttribute('data-state')).toBe('collapsed');
  });

  it('shows the e-mail initials, and the menu opens the profile tab and signs out', async () => {
    let isSignedIn = true;
    const { calls } = stubApi({
      ...signedInRoutes(createMe()),
      'GET /api/me': () => (isSignedIn ? createMe() : unauthorizedResponse()),
      'POST /api/auth/sign-out': () => {
        isSignedIn = false;
        return new Response(null, { status: 204 });
      },
    });
    const { router } = renderRoute('/dashboard');

    const account = await screen.findByRole('button', { name: 'Menu da conta' });
    expect(account.textContent).toBe('AN');

    await userEvent.click(account);
    expect(await screen.findByText('ana.souza@exemplo.com')).toBeDefined();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Perfil' }));
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        '/dashboard/settings?tab=profile',
      ),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Menu da conta' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Sair' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(calls.some((call) => call.path === '/api/auth/sign-out')).toBe(true);
    expect(await screen.findByRole('heading', { level: 1, name: 'Entrar' })).toBeDefined();
  });
});
