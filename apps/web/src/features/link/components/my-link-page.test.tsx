import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '@/lib/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMe, createSubscription, signedInRoutes } from '@/test/account-fixtures';
import { apiErrorResponse, stubApi } from '@/test/api-stub';
import { renderPage } from '@/test/render-page';
import { renderRoute } from '@/test/render-route';
import { MyLinkPage } from './my-link-page';

const expired = createSubscription({
  status: 'trialing',
  isTrial: false,
  hasAccess: false,
  trialDaysLeft: 0,
});

function publicUrl(link = 'studio-ana') {
  return `${window.location.origin}/book/${link}`;
}

async function findToast(text: string) {
  const region = await screen.findByRole('region', { name: /Notificações/ });
  return within(region).findByText(text);
}

beforeEach(() => {
  toast.dismiss();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('Meu Link', () => {
  it('shows the account as active, the full public link and how to start', async () => {
    stubApi(signedInRoutes());
    renderRoute('/dashboard/link');

    expect(await screen.findByRole('heading', { level: 1, name: 'Meu Link' })).toBeDefined();
    expect(screen.getByText('Studio Ana')).toBeDefined();
    expect(screen.getByText('Ana Souza')).toBeDefined();
    expect(screen.getByText('Ativo')).toBeDefined();
    expect(screen.getByTestId('public-link').textContent).toBe(publicUrl());

    const open = screen.getByRole('link', { name: 'Abrir página pública' });
    expect(open.getAttribute('href')).toBe(publicUrl());
    expect(open.getAttribute('target')).toBe('_blank');
    expect(open.getAttribute('rel')).toContain('noopener');

    const steps = within(screen.getByRole('list', { name: 'Passos para começar' }))
      .getAllByRole('listitem')
      .map((item) => item.querySelector('h4')?.textContent);
    expect(steps).toEqual([
      'Configure seus serviços',
      'Configure seus horários',
      'Compartilhe seu link',
      'Receba agendamentos',
    ]);
    expect(screen.getByRole('link', { name: 'Ir para Serviços' }).getAttribute('href')).toBe(
      '/dashboard/services',
    );
    expect(screen.getByRole('link', { name: 'Ir para Horários' }).getAttribute('href')).toBe(
      '/dashboard/availability',
    );
  });

  it('copies the public link', async () => {
    stubApi(signedInRoutes());
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    renderRoute('/dashboard/link');

    await user.click(await screen.findByRole('button', { name: 'Copiar link' }));

    expect(writeText).toHaveBeenCalledWith(publicUrl());
    expect(await findToast('Link copiado!')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Copiado!' })).toBeDefined();
  });

  it('without subscription access: inactive, explained, nothing to open or edit', async () => {
    stubApi(signedInRoutes(createMe({ subscription: expired })));
    renderRoute('/dashboard/link');

    expect(await screen.findByText('Inativo')).toBeDefined();
    expect(screen.getByText(/Sua assinatura não está ativa/)).toBeDefined();
    expect(screen.getByRole('link', { name: 'Ver Assinatura' }).getAttribute('href')).toBe(
      '/dashboard/billing',
    );
    expect(screen.queryByRole('link', { name: 'Abrir página pública' })).toBeNull();
    expect(
      (screen.getByRole('button', { name: 'Abrir página pública' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(
      (screen.getByRole('button', { name: 'Editar link' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('an inactive profile cannot be opened even with access', async () => {
    const me = createMe();
    stubApi(signedInRoutes({ ...me, profile: { ...me.profile, isActive: false } }));
    renderRoute('/dashboard/link');
    expect(await screen.findByText('Inativo')).toBeDefined();
    expect(screen.getByText(/Seu perfil está desativado/)).toBeDefined();
    expect(
      (screen.getByRole('button', { name: 'Abrir página pública' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('edits the link with the same editor; a taken link is refused', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubApi({
      ...signedInRoutes(),
      'GET /api/profile/link-availability': ({ query }) => ({
        link: query.get('link'),
        available: true,
      }),
      'PUT /api/profile/link': () =>
        apiErrorResponse(409, 'CONFLICT', 'Link inválido ou já em uso.'),
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderRoute('/dashboard/link');

    await user.click(await screen.findByRole('button', { name: 'Editar link' }));
    const field = screen.getByLabelText('Link personalizado');
    await user.clear(field);
    await user.type(field, 'Barbearia Bia');
    act(() => vi.advanceTimersByTime(500));
    expect(await screen.findByText('Disponível')).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Salvar link' }));

    expect(await findToast('Link inválido ou já em uso.')).toBeDefined();
    // Still editing; "Cancelar" goes back to the link.
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByLabelText('Link personalizado')).toBeNull();
    expect(screen.getByTestId('public-link').textContent).toBe(publicUrl());
  });

  it('saves a new link and shows it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const me = createMe();
    stubApi({
      ...signedInRoutes(me),
      'GET /api/profile/link-availability': ({ query }) => ({
        link: query.get('link'),
        available: true,
      }),
      'PUT /api/profile/link': ({ body }) => ({
        ...me.profile,
        customLink: (body as { customLink: string }).customLink,
      }),
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderRoute('/dashboard/link');

    await user.click(await screen.findByRole('button', { name: 'Editar link' }));
    const field = screen.getByLabelText('Link personalizado');
    await user.clear(field);
    await user.type(field, 'ana-cabelos');
    act(() => vi.advanceTimersByTime(500));
    await screen.findByText('Disponível');
    await user.click(screen.getByRole('button', { name: 'Salvar link' }));

    expect(await findToast('Link personalizado atualizado')).toBeDefined();
    expect(screen.queryByLabelText('Link personalizado')).toBeNull();
    expect(screen.getByTestId('public-link').textContent).toBe(publicUrl('ana-cabelos'));
  });

  it('shows "Erro ao carregar dados do perfil." when the profile cannot be read', async () => {
    stubApi({ 'GET /api/me': () => apiErrorResponse(500, 'INTERNAL', 'Falhou') });
    renderPage(<MyLinkPage />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Erro ao carregar dados do perfil.')).toBeDefined();
    expect(within(alert).getByRole('button', { name: 'Tentar novamente' })).toBeDefined();
  });
});
