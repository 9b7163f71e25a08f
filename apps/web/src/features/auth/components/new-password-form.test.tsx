import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '@/lib/toast';
import { beforeEach, describe, expect, it } from 'vitest';
import { signedOutRoutes } from '@/test/account-fixtures';
import { apiErrorResponse, stubApi } from '@/test/api-stub';
import { renderRoute } from '@/test/render-route';

async function findToast(text: string) {
  const region = await screen.findByRole('region', { name: /Notificações/ });
  return within(region).findByText(text);
}

async function fillAndSubmit(password: string, confirmation: string) {
  await userEvent.type(screen.getByLabelText('Nova senha', { exact: true }), password);
  await userEvent.type(
    screen.getByLabelText('Confirmar nova senha', { exact: true }),
    confirmation,
  );
  await userEvent.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
}

/** The message under a field (its accessible description). */
function messageOf(label: string): string | null {
  const input = screen.getByLabelText(label, { exact: true });
  const id = input.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

beforeEach(() => {
  toast.dismiss();
});

describe('/auth/nova-senha', () => {
  it('checks length and confirmation before sending', async () => {
    const { calls } = stubApi(signedOutRoutes());
    renderRoute('/auth/nova-senha?token=tok123');
    await screen.findByRole('heading', { level: 1, name: 'Nova senha' });

    await fillAndSubmit('curta', 'curta');
    expect(await findToast('A senha deve ter pelo menos 8 caracteres')).toBeDefined();
    expect(messageOf('Nova senha')).toBe('A senha deve ter pelo menos 8 caracteres');

    await userEvent.clear(screen.getByLabelText('Nova senha', { exact: true }));
    await userEvent.clear(screen.getByLabelText('Confirmar nova senha', { exact: true }));
    await fillAndSubmit('nova-senha-1', 'nova-senha-2');
    await waitFor(() => expect(messageOf('Confirmar nova senha')).toBe('As senhas não coincidem'));
    expect(messageOf('Nova senha')).toBe('Pelo menos 8 caracteres.');
    expect(calls.some((call) => call.path === '/api/auth/reset-password')).toBe(false);
  });

  it('sets the password with the token from the link, then goes to login', async () => {
    const { calls } = stubApi({
      ...signedOutRoutes(),
      'POST /api/auth/reset-password': { message: 'Senha redefinida. Entre com a nova senha.' },
    });
    const { router } = renderRoute('/auth/nova-senha?token=tok123');
    await screen.findByRole('heading', { level: 1, name: 'Nova senha' });

    await fillAndSubmit('nova-senha-1', 'nova-senha-1');

    expect(await findToast('Senha redefinida!')).toBeDefined();
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(calls.find((call) => call.path === '/api/auth/reset-password')?.body).toEqual({
      token: 'tok123',
      password: 'nova-senha-1',
      confirmPassword: 'nova-senha-1',
    });
  });

  it('says so when the link is used or expired', async () => {
    const message = 'Link inválido ou expirado. Solicite um novo.';
    stubApi({
      ...signedOutRoutes(),
      'POST /api/auth/reset-password': () => apiErrorResponse(400, 'BAD_REQUEST', message),
    });
    renderRoute('/auth/nova-senha?token=usado');
    await screen.findByRole('heading', { level: 1, name: 'Nova senha' });

    await fillAndSubmit('nova-senha-1', 'nova-senha-1');

    expect(await screen.findByText('Não foi possível usar este link')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Solicitar novo link' }).getAttribute('href')).toBe(
      '/auth?view=recuperar-senha',
    );
  });

  it('without a token, says the link is invalid', async () => {
    stubApi(signedOutRoutes());
    renderRoute('/auth/nova-senha');
    expect(await screen.findByText('Link inválido ou expirado. Solicite um novo.')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Salvar nova senha' })).toBeNull();
  });
});
