import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '@/lib/toast';
import { beforeEach, describe, expect, it } from 'vitest';
import { createMe, signedOutRoutes } from '@/test/account-fixtures';
import { apiErrorResponse, stubApi, type StubReply } from '@/test/api-stub';
import { renderRoute } from '@/test/render-route';

function stubSignedOut(routes: Record<string, StubReply> = {}) {
  return stubApi({ ...signedOutRoutes(), ...routes });
}

async function openAuth(path = '/auth') {
  const result = renderRoute(path);
  await screen.findByRole('heading', { level: 1 });
  return result;
}

/** The text of the toasts on screen ("title description"). */
async function findToast(text: string) {
  const region = await screen.findByRole('region', { name: /Notificações/ });
  return within(region).findByText(text);
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

describe('/auth login', () => {
  it('validates with the shared schema and toasts the first message, without calling the server', async () => {
    const { calls } = stubSignedOut();
    await openAuth();

    await userEvent.type(screen.getByLabelText('Email'), 'ana@');
    await userEvent.type(screen.getByLabelText('Senha', { exact: true }), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));

    expect(await findToast('Erro de validação')).toBeDefined();
    expect(await findToast('Email inválido')).toBeDefined();
    expect(messageOf('Email')).toBe('Email inválido');
    expect(messageOf('Senha')).toBe('Senha deve ter pelo menos 6 caracteres');
    expect(calls.some((call) => call.path === '/api/auth/sign-in')).toBe(false);
  });

  it('shows the server message on wrong credentials', async () => {
    stubSignedOut({
      'POST /api/auth/sign-in': () =>
        apiErrorResponse(401, 'UNAUTHORIZED', 'Email ou senha inválidos'),
    });
    await openAuth();

    await userEvent.type(screen.getByLabelText('Email'), 'ana@exemplo.com');
    await userEvent.type(screen.getByLabelText('Senha', { exact: true }), 'senha-errada');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));

    expect(await findToast('Erro no login')).toBeDefined();
    expect(await findToast('Email ou senha inválidos')).toBeDefined();
  });

  it('explains an unconfirmed e-mail in the page', async () => {
    const message = 'Confirme seu e-mail antes de entrar. Enviamos um novo link de confirmação.';
    stubSignedOut({
      'POST /api/auth/sign-in': () => apiErrorResponse(403, 'EMAIL_NOT_VERIFIED', message),
    });
    await openAuth();

    await userEvent.type(screen.getByLabelText('Email'), 'ana@exemplo.com');
    await userEvent.type(screen.getByLabelText('Senha', { exact: true }), 'segredo123');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));

    expect(await screen.findByText('E-mail ainda não confirmado')).toBeDefined();
    expect(screen.getAllByText(message).length).toBeGreaterThan(0);
  });

  it('offers an e-mailed sign-in link when the account is throttled, and sends it', async () => {
    const message =
      'Muitas tentativas de entrar nesta conta. Aguarde alguns minutos ou receba um link de acesso por e-mail.';
    const sent =
      'Se o email estiver cadastrado, enviaremos um link de acesso. Ele vale por 15 minutos.';
    const { calls } = stubSignedOut({
      'POST /api/auth/sign-in': () => apiErrorResponse(429, 'SIGN_IN_THROTTLED', message),
      'POST /api/auth/sign-in-link': () => ({ message: sent }),
    });
    await openAuth();

    await userEvent.type(screen.getByLabelText('Email'), 'ana@exemplo.com');
    await userEvent.type(screen.getByLabelText('Senha', { exact: true }), 'segredo123');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));

    expect(await screen.findByText('Entrada com senha temporariamente retardada')).toBeDefined();
    await userEvent.click(screen.getByRole('button', { name: 'Enviar link de acesso por e-mail' }));

    // In the page (and in a toast): the button gave way to the server's answer.
    expect((await screen.findAllByText(sent)).length).toBeGreaterThan(0);
    expect(calls.find((call) => call.path === '/api/auth/sign-in-link')?.body).toEqual({
      email: 'ana@exemplo.com',
    });
    expect(screen.queryByRole('button', { name: 'Enviar link de acesso por e-mail' })).toBeNull();
  });

  it('offers no link for the per-address limit', async () => {
    stubSignedOut({
      'POST /api/auth/sign-in': () =>
        apiErrorResponse(
          429,
          'TOO_MANY_REQUESTS',
          'Muitas tentativas. Tente novamente em alguns minutos.',
        ),
    });
    await openAuth();

    await userEvent.type(screen.getByLabelText('Email'), 'ana@exemplo.com');
    await userEvent.type(screen.getByLabelText('Senha', { exact: true }), 'segredo123');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));

    expect(await findToast('Muitas tentativas. Tente novamente em alguns minutos.')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Enviar link de acesso por e-mail' })).toBeNull();
  });

  it('explains a used or expired sign-in link', async () => {
    stubSignedOut();
    await openAuth('/auth?link=0');
    expect(screen.getByText('Link de acesso inválido ou expirado')).toBeDefined();
  });

  it('signs in, toasts success and goes to the dashboard', async () => {
    let isSignedIn = false;
    const { calls } = stubSignedOut({
      'POST /api/auth/sign-in': () => {
        isSignedIn = true;
        return { user: { id: 'u1', email: 'ana@exemplo.com' } };
      },
      'GET /api/me': () =>
        isSignedIn
          ? createMe()
          : apiErrorResponse(401, 'UNAUTHORIZED', 'Faça login para continuar.'),
    });
    const { router } = await openAuth();

    await userEvent.type(screen.getByLabelText('Email'), '  Ana@Exemplo.com ');
    await userEvent.type(screen.getByLabelText('Senha', { exact: true }), 'segredo123');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));

    expect(await findToast('Login realizado com sucesso!')).toBeDefined();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const signIn = calls.find((call) => call.path === '/api/auth/sign-in');
    expect(signIn?.body).toEqual({ email: 'ana@exemplo.com', password: 'segredo123' });
  });

  it('sends a signed-in visitor to the dashboard', async () => {
    stubApi({ 'GET /api/me': createMe() });
    const { router } = renderRoute('/auth');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});

describe('/auth sign-up', () => {
  async function openSignUp() {
    await openAuth();
    await userEvent.click(screen.getByRole('tab', { name: 'Cadastrar' }));
    await screen.findByRole('heading', { level: 1, name: 'Criar sua conta' });
  }

  async function fillSignUp(values: Partial<Record<string, string>>) {
    const labels: Record<string, string> = {
      email: 'Email',
      password: 'Senha',
      confirmPassword: 'Confirmar senha',
      businessName: 'Nome do negócio',
      professionalName: 'Seu nome',
    };
    for (const [field, value] of Object.entries(values)) {
      const input = screen.getByLabelText(labels[field]!, { exact: true });
      await userEvent.clear(input);
      if (value) await userEvent.type(input, value);
    }
  }

  it('refuses a short password and toasts it first', async () => {
    const { calls } = stubSignedOut();
    await openSignUp();

    await fillSignUp({
      email: 'ana@exemplo.com',
      password: '1234567',
      confirmPassword: '1234567',
      businessName: 'Studio Ana',
      professionalName: 'Ana',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Criar conta' }));

    expect(await findToast('A senha deve ter pelo menos 8 caracteres')).toBeDefined();
    expect(messageOf('Senha')).toBe('A senha deve ter pelo menos 8 caracteres');
    expect(calls.some((call) => call.path === '/api/auth/sign-up')).toBe(false);
  });

  it('refuses a confirmation that differs and empty names', async () => {
    stubSignedOut();
    await openSignUp();

    await fillSignUp({
      email: 'ana@exemplo.com',
      password: 'segredo123',
      confirmPassword: 'segredo124',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Criar conta' }));

    // The form's order decides which message the toast shows.
    expect(await findToast('As senhas não coincidem')).toBeDefined();
    expect(messageOf('Confirmar senha')).toBe('As senhas não coincidem');
    expect(messageOf('Nome do negócio')).toBe('Nome do negócio é obrigatório');
    expect(messageOf('Seu nome')).toBe('Seu nome é obrigatório');
  });

  it('creates the account, asks for the confirmation and returns to login with the e-mail', async () => {
    const { calls } = stubSignedOut({
      'POST /api/auth/sign-up': () =>
        new Response(JSON.stringify({ message: 'Verifique seu email para confirmar a conta' }), {
          status: 201,
          headers: { 'Content-Type': 'application/json' },
        }),
    });
    await openSignUp();

    await fillSignUp({
      email: 'Ana@Exemplo.com',
      password: 'segredo123',
      confirmPassword: 'segredo123',
      businessName: 'Studio Ana',
      professionalName: 'Ana Souza',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Criar conta' }));

    expect(await findToast('Cadastro realizado!')).toBeDefined();
    expect(await findToast('Verifique seu email para confirmar a conta')).toBeDefined();
    expect(await screen.findByRole('heading', { level: 1, name: 'Entrar' })).toBeDefined();
    expect(screen.getByText('Confirme seu e-mail para entrar')).toBeDefined();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ana@exemplo.com');
    expect(calls.find((call) => call.path === '/api/auth/sign-up')?.body).toEqual({
      email: 'ana@exemplo.com',
      password: 'segredo123',
      confirmPassword: 'segredo123',
      businessName: 'Studio Ana',
      professionalName: 'Ana Souza',
    });
  });

  it('shows "Este email já está cadastrado" from the server', async () => {
    stubSignedOut({
      'POST /api/auth/sign-up': () =>
        apiErrorResponse(409, 'CONFLICT', 'Este email já está cadastrado'),
    });
    await openSignUp();

    await fillSignUp({
      email: 'ana@exemplo.com',
      password: 'segredo123',
      confirmPassword: 'segredo123',
      businessName: 'Studio Ana',
      professionalName: 'Ana Souza',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Criar conta' }));

    expect(await findToast('Erro no cadastro')).toBeDefined();
    expect(await findToast('Este email já está cadastrado')).toBeDefined();
  });
});

describe('/auth forgot password and e-mail confirmation', () => {
  it('sends the reset link and returns to login', async () => {
    const { calls } = stubSignedOut({
      'POST /api/auth/forgot-password': {
        message: 'Verifique sua caixa de entrada para redefinir a senha',
      },
    });
    await openAuth();

    await userEvent.type(screen.getByLabelText('Email'), 'ana@exemplo.com');
    await userEvent.click(screen.getByRole('button', { name: 'Esqueci minha senha' }));
    await screen.findByRole('heading', { level: 1, name: 'Recuperar senha' });
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ana@exemplo.com');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar link de redefinição' }));

    expect(await findToast('Email enviado!')).toBeDefined();
    expect(await findToast('Verifique sua caixa de entrada para redefinir a senha')).toBeDefined();
    expect(await screen.findByRole('heading', { level: 1, name: 'Entrar' })).toBeDefined();
    expect(calls.find((call) => call.path === '/api/auth/forgot-password')?.body).toEqual({
      email: 'ana@exemplo.com',
    });
  });

  it('"Voltar ao login" leaves the reset view', async () => {
    stubSignedOut();
    await openAuth('/auth?view=recuperar-senha');
    await screen.findByRole('heading', { level: 1, name: 'Recuperar senha' });

    await userEvent.click(screen.getByRole('button', { name: 'Voltar ao login' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Entrar' })).toBeDefined();
  });

  it('welcomes a confirmed e-mail', async () => {
    stubSignedOut();
    await openAuth('/auth?verified=1');
    expect(await screen.findByText('E-mail confirmado! Agora é só entrar.')).toBeDefined();
  });

  it('offers a new confirmation link when the link failed', async () => {
    const message =
      'Se o email estiver cadastrado e ainda não confirmado, enviaremos um novo link de confirmação.';
    const { calls } = stubSignedOut({ 'POST /api/auth/resend-verification': { message } });
    await openAuth('/auth?verified=0');

    expect(await screen.findByText('Link de confirmação inválido ou expirado')).toBeDefined();
    await userEvent.type(screen.getByLabelText('Email da conta'), 'ana@exemplo.com');
    await userEvent.click(screen.getByRole('button', { name: 'Reenviar link de confirmação' }));

    expect(await findToast(message)).toBeDefined();
    expect(calls.find((call) => call.path === '/api/auth/resend-verification')?.body).toEqual({
      email: 'ana@exemplo.com',
    });
  });
});
