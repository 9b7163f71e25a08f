import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '@/lib/toast';
import { beforeEach, describe, expect, it } from 'vitest';
import { createMe, createSubscription, signedInRoutes } from '@/test/account-fixtures';
import { apiErrorResponse, stubApi } from '@/test/api-stub';
import { renderRoute } from '@/test/render-route';

async function findToast(text: string) {
  const region = await screen.findByRole('region', { name: /Notificações/ });
  return within(region).findByText(text);
}

function messageOf(label: string): string | null {
  const input = screen.getByLabelText(label, { exact: true });
  const id = input.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

async function fillPasswords(current: string, next: string, confirmation: string) {
  await userEvent.type(screen.getByLabelText('Senha atual', { exact: true }), current);
  await userEvent.type(screen.getByLabelText('Nova senha', { exact: true }), next);
  await userEvent.type(
    screen.getByLabelText('Confirmar nova senha', { exact: true }),
    confirmation,
  );
  await userEvent.click(screen.getByRole('button', { name: 'Alterar senha' }));
}

/**
 * The settings page is a lazy chunk compiled on first import: on a busy machine it takes longer
 * than findBy's 1 s default to show, and the business test's typing takes longer than 5 s.
 */
const LAZY_PAGE = { timeout: 8000 };
const LONG_TEST_MS = 20_000;

beforeEach(() => {
  toast.dismiss();
});

describe('Configurações', () => {
  it('opens the tab named in ?tab=, Perfil by default, with the e-mail read-only', async () => {
    stubApi(signedInRoutes());
    const { router } = renderRoute('/dashboard/settings');

    const email = (await screen.findByLabelText('Email', {}, LAZY_PAGE)) as HTMLInputElement;
    expect(email.value).toBe('ana.souza@exemplo.com');
    expect(email.readOnly).toBe(true);
    expect((screen.getByLabelText('Seu nome') as HTMLInputElement).value).toBe('Ana Souza');
    expect(screen.getByRole('tab', { name: 'Perfil' }).getAttribute('aria-selected')).toBe('true');

    await userEvent.click(screen.getByRole('tab', { name: 'Segurança' }));
    expect(router.state.location.search).toBe('?tab=security');
    expect(await screen.findByLabelText('Senha atual', { exact: true })).toBeDefined();
  });

  it(
    'edits the business data and the time zone, then says "Perfil atualizado"',
    async () => {
      const me = createMe();
      const { calls } = stubApi({
        ...signedInRoutes(me),
        'PATCH /api/profile': ({ body }) => ({ ...me.profile, ...(body as object) }),
      });
      renderRoute('/dashboard/settings?tab=business');
      const user = userEvent.setup();

      const business = (await screen.findByLabelText(
        'Nome do negócio',
        {},
        LAZY_PAGE,
      )) as HTMLInputElement;
      expect(business.value).toBe('Studio Ana');
      expect(screen.getByRole('combobox', { name: 'Fuso horário' }).textContent).toBe(
        'Brasília (America/Sao_Paulo)',
      );
      const save = screen.getByRole('button', { name: 'Salvar alterações' }) as HTMLButtonElement;
      expect(save.disabled).toBe(true);

      await user.clear(business);
      await user.type(business, 'Studio Ana Manaus');
      await user.type(screen.getByLabelText('Telefone'), '(92) 98765-4321');
      await user.type(screen.getByLabelText('Sobre'), 'Cortes e escova.');
      await user.click(screen.getByRole('combobox', { name: 'Fuso horário' }));
      await user.click(await screen.findByRole('option', { name: 'Manaus (America/Manaus)' }));
      await user.click(screen.getByRole('combobox', { name: 'Estado (UF)' }));
      await user.click(await screen.findByRole('option', { name: 'AM' }));
      await user.click(save);

      expect(await findToast('Perfil atualizado')).toBeDefined();
      expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
        professionalName: 'Ana Souza',
        businessName: 'Studio Ana Manaus',
        phone: '92987654321',
        bio: 'Cortes e escova.',
        timezone: 'America/Manaus',
        state: 'AM',
      });
    },
    LONG_TEST_MS,
  );

  it('offers the Brazilian zones by city, in pt-BR', async () => {
    stubApi(signedInRoutes());
    renderRoute('/dashboard/settings?tab=business');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: 'Fuso horário' }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toHaveLength(16);
    expect(options).toEqual(
      expect.arrayContaining([
        'Fernando de Noronha (America/Noronha)',
        'Belém (America/Belem)',
        'Cuiabá (America/Cuiaba)',
        'Eirunepé (America/Eirunepe)',
      ]),
    );
  });

  it('checks the business data before sending', async () => {
    const { calls } = stubApi(signedInRoutes());
    renderRoute('/dashboard/settings?tab=business');
    const user = userEvent.setup();

    await user.clear(await screen.findByLabelText('Nome do negócio'));
    await user.type(screen.getByLabelText('Telefone'), '1'.repeat(21));
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }));

    expect(await findToast('Nome do negócio é obrigatório')).toBeDefined();
    expect(messageOf('Nome do negócio')).toBe('Nome do negócio é obrigatório');
    expect(messageOf('Telefone')).toBe('Telefone muito longo');
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
  });

  it('says "Erro ao atualizar perfil" with the server message', async () => {
    stubApi({
      ...signedInRoutes(),
      'PATCH /api/profile': () => apiErrorResponse(400, 'VALIDATION', 'Fuso horário inválido'),
    });
    renderRoute('/dashboard/settings?tab=business');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Seu nome'), ' Lima');
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }));
    expect(await findToast('Erro ao atualizar perfil')).toBeDefined();
    expect(await findToast('Fuso horário inválido')).toBeDefined();
  });

  it('Meu Link: the public link, a copy button and the editor', async () => {
    stubApi(signedInRoutes());
    renderRoute('/dashboard/settings?tab=link');
    expect((await screen.findByTestId('public-link')).textContent).toBe(
      `${window.location.origin}/book/studio-ana`,
    );
    expect(screen.getByRole('button', { name: 'Copiar link' })).toBeDefined();
    expect((screen.getByLabelText('Link personalizado') as HTMLInputElement).disabled).toBe(false);
    expect(screen.queryByText('Edição do link bloqueada')).toBeNull();
  });

  it('Meu Link: without access the editor is disabled, explained, linking to Assinatura', async () => {
    stubApi(
      signedInRoutes(
        createMe({
          subscription: createSubscription({ isTrial: false, hasAccess: false, trialDaysLeft: 0 }),
        }),
      ),
    );
    renderRoute('/dashboard/settings?tab=link');
    expect(await screen.findByText('Edição do link bloqueada')).toBeDefined();
    expect((screen.getByLabelText('Link personalizado') as HTMLInputElement).disabled).toBe(true);
    expect(
      (screen.getByRole('button', { name: 'Salvar link' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(screen.getByRole('link', { name: 'Ver Assinatura' }).getAttribute('href')).toBe(
      '/dashboard/billing',
    );
  });

  it('checks the new password before sending', async () => {
    const { calls } = stubApi(signedInRoutes());
    renderRoute('/dashboard/settings?tab=security');
    await screen.findByLabelText('Senha atual', { exact: true });

    await fillPasswords('segredo123', 'curta', 'curta');
    expect(await findToast('A senha deve ter pelo menos 8 caracteres')).toBeDefined();
    expect(messageOf('Nova senha')).toBe('A senha deve ter pelo menos 8 caracteres');

    await userEvent.clear(screen.getByLabelText('Nova senha', { exact: true }));
    await userEvent.type(screen.getByLabelText('Nova senha', { exact: true }), 'nova-senha-1');
    await userEvent.click(screen.getByRole('button', { name: 'Alterar senha' }));
    await waitFor(() => expect(messageOf('Confirmar nova senha')).toBe('As senhas não coincidem.'));
    expect(calls.some((call) => call.path === '/api/auth/change-password')).toBe(false);
  });

  it('changes the password and clears the form', async () => {
    const { calls } = stubApi({
      ...signedInRoutes(),
      'POST /api/auth/change-password': { message: 'Senha atualizada', calendarFeed: null },
    });
    renderRoute('/dashboard/settings?tab=security');
    await screen.findByLabelText('Senha atual', { exact: true });

    await fillPasswords('segredo123', 'nova-senha-1', 'nova-senha-1');

    expect(await findToast('Senha atualizada')).toBeDefined();
    expect(calls.find((call) => call.path === '/api/auth/change-password')?.body).toEqual({
      currentPassword: 'segredo123',
      newPassword: 'nova-senha-1',
      confirmPassword: 'nova-senha-1',
    });
    await waitFor(() =>
      expect(
        (screen.getByLabelText('Senha atual', { exact: true }) as HTMLInputElement).value,
      ).toBe(''),
    );
  });

  it('shows the calendar address the password change moved (issue 44)', async () => {
    stubApi({
      ...signedInRoutes(),
      'POST /api/auth/change-password': {
        message: 'Senha atualizada',
        calendarFeed: {
          webcalUrl: 'webcal://agendaki.test/ics/novo-token.ics',
          httpsUrl: 'https://agendaki.test/ics/novo-token.ics',
          createdAt: '2026-11-21T12:00:00.000Z',
        },
      },
    });
    renderRoute('/dashboard/settings?tab=security');
    await screen.findByLabelText('Senha atual', { exact: true });

    await fillPasswords('segredo123', 'nova-senha-1', 'nova-senha-1');

    const moved = await screen.findByRole('region', { name: 'Novo endereço do calendário' });
    expect(within(moved).getByText(/o antigo parou de funcionar/)).toBeDefined();
    expect((within(moved).getByLabelText('Endereço do calendário') as HTMLInputElement).value).toBe(
      'webcal://agendaki.test/ics/novo-token.ics',
    );
  });

  it('shows the server message when the current password is wrong', async () => {
    stubApi({
      ...signedInRoutes(),
      'POST /api/auth/change-password': () =>
        apiErrorResponse(400, 'BAD_REQUEST', 'Senha atual incorreta'),
    });
    renderRoute('/dashboard/settings?tab=security');
    await screen.findByLabelText('Senha atual', { exact: true });

    await fillPasswords('errada123', 'nova-senha-1', 'nova-senha-1');

    expect(await findToast('Erro ao alterar senha')).toBeDefined();
    expect(await findToast('Senha atual incorreta')).toBeDefined();
  });
});
