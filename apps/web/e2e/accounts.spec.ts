import { expect, test } from './fixtures';
import {
  countMailLinks,
  expectToast,
  MAIL_LINKS,
  REFUSED_REQUEST_ERRORS,
  signInThroughForm,
  uniqueEmail,
  waitForMailLink,
} from './account-helpers';

const PASSWORD = 'senha-segura-1';

const PAGES = [
  { label: 'Dashboard', path: '/dashboard', title: 'Dashboard' },
  { label: 'Meu Link', path: '/dashboard/link', title: 'Meu Link' },
  { label: 'Agenda', path: '/dashboard/appointments', title: 'Agenda' },
  { label: 'Lista de Espera', path: '/dashboard/lista-de-espera', title: 'Lista de Espera' },
  { label: 'Serviços', path: '/dashboard/services', title: 'Serviços' },
  {
    label: 'Horário de Atendimento',
    path: '/dashboard/availability',
    title: 'Horário de Atendimento',
  },
  { label: 'Clientes', path: '/dashboard/clients', title: 'Clientes' },
  { label: 'Caixa do dia', path: '/dashboard/caixa', title: 'Caixa do dia' },
  { label: 'Mensagens', path: '/dashboard/messages', title: 'Mensagens' },
  { label: 'Fichas', path: '/dashboard/forms', title: 'Fichas de anamnese' },
  { label: 'Relatórios', path: '/dashboard/reports', title: 'Relatórios' },
  { label: 'Assinatura', path: '/dashboard/billing', title: 'Assinaturas' },
  { label: 'Configurações', path: '/dashboard/settings', title: 'Configurações' },
] as const;

// Signed out, /auth asks GET /api/me (401); refused logins and a used link answer 403/401/400.
test.use({ allowedConsoleErrors: REFUSED_REQUEST_ERRORS });

test.describe('accounts', () => {
  test('a new professional signs up, confirms the e-mail, signs in, finds the way and signs out', async ({
    page,
    isMobile,
  }, testInfo) => {
    // The longest journey (sign-up to sign-out, eight pages on desktop): room on a busy machine.
    test.setTimeout(120_000);
    const email = uniqueEmail(testInfo);
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Cadastrar' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Criar sua conta' })).toBeVisible();
    const signUp = page.getByRole('tabpanel', { name: 'Cadastrar' });

    // A password too short, then a confirmation that differs: the shared schema's messages.
    await signUp.getByLabel('Email', { exact: true }).fill(email);
    await signUp.getByLabel('Senha', { exact: true }).fill('curta12');
    await signUp.getByLabel('Confirmar senha', { exact: true }).fill('curta12');
    await signUp.getByLabel('Nome do negócio').fill('Studio Jornada');
    await signUp.getByLabel('Seu nome').fill('Ana Jornada');
    await signUp.getByRole('button', { name: 'Criar conta' }).click();
    await expect(signUp.getByText('A senha deve ter pelo menos 8 caracteres')).toBeVisible();
    await expectToast(page, 'Erro de validação', 'A senha deve ter pelo menos 8 caracteres');

    await signUp.getByLabel('Senha', { exact: true }).fill(PASSWORD);
    await signUp.getByLabel('Confirmar senha', { exact: true }).fill(`${PASSWORD}x`);
    await signUp.getByRole('button', { name: 'Criar conta' }).click();
    await expect(signUp.getByText('As senhas não coincidem')).toBeVisible();
    await expect(signUp.getByText('A senha deve ter pelo menos 8 caracteres')).toHaveCount(0);

    await signUp.getByLabel('Confirmar senha', { exact: true }).fill(PASSWORD);
    await signUp.getByRole('button', { name: 'Criar conta' }).click();
    await expectToast(page, 'Cadastro realizado!', 'Verifique seu email para confirmar a conta');
    await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();
    await expect(page.getByText('Confirme seu e-mail para entrar')).toBeVisible();
    const login = page.getByRole('tabpanel', { name: 'Login' });
    await expect(login.getByLabel('Email', { exact: true })).toHaveValue(email);

    // Before confirming, the login is refused with a clear message.
    await signInThroughForm(page, email, PASSWORD);
    await expect(login.getByText('E-mail ainda não confirmado')).toBeVisible();
    await expect(login.getByText(/Confirme seu e-mail antes de entrar/)).toBeVisible();

    // The confirmation link from the mail (the server logs it without SMTP).
    const verifyLink = await waitForMailLink(email, MAIL_LINKS.verifyEmail);
    await page.goto(verifyLink);
    await expect(page).toHaveURL(/\/auth\?verified=1$/);
    await expect(page.getByText('E-mail confirmado! Agora é só entrar.')).toBeVisible();

    await signInThroughForm(page, email, 'senha-errada-1');
    await expectToast(page, 'Erro no login', 'Email ou senha inválidos');

    await signInThroughForm(page, email, PASSWORD);
    await expectToast(page, 'Login realizado com sucesso!');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByText('Visão geral do seu negócio')).toBeVisible();
    await expect(page.getByText('Você tem 7 dias restantes no período gratuito!')).toBeVisible();
    const today = page.getByRole('group', { name: 'Agendamentos Hoje' });
    await expect(today.getByText('Igual a ontem')).toBeVisible();
    const revenue = page.getByRole('group', { name: 'Faturamento Mensal' });
    await expect(revenue.getByText('R$ 0,00')).toBeVisible();
    await expect(page.getByText('Nenhum agendamento futuro')).toBeVisible();

    if (isMobile) {
      // Under 768px the sidebar is a slide-over that closes once a page is chosen.
      await expect(page.getByRole('navigation', { name: 'Menu do painel' })).toHaveCount(0);
      await page.getByRole('button', { name: 'Abrir menu' }).click();
      const sheet = page.getByRole('dialog', { name: 'Menu do painel' });
      await expect(sheet).toBeVisible();
      await sheet.getByRole('link', { name: 'Clientes' }).click();
      await expect(page).toHaveURL(/\/dashboard\/clients$/);
      await expect(sheet).toBeHidden();
      await expect(page.getByRole('heading', { level: 1, name: 'Clientes' })).toBeVisible();
    } else {
      const nav = page.getByRole('navigation', { name: 'Menu do painel' });
      await expect(nav.getByRole('link')).toHaveText(PAGES.map((entry) => entry.label));
      // Icon and label on one 40px row (16rem wide sidebar).
      expect((await nav.getByRole('link', { name: 'Clientes' }).boundingBox())?.height).toBe(40);
      await expect
        .poll(async () => (await page.locator('aside[data-slot="sidebar"]').boundingBox())?.width)
        .toBe(256);
      for (const entry of PAGES) {
        await nav.getByRole('link', { name: entry.label, exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`${entry.path}$`));
        await expect(page.getByRole('heading', { level: 1, name: entry.title })).toBeVisible();
        await expect(nav.locator('[aria-current="page"]')).toHaveText([entry.label]);
      }

      // Collapsed to icons (3rem) with their labels beside them on hover and focus (Escape
      // hides one); Ctrl+B toggles; the cookie remembers.
      const sidebar = page.locator('aside[data-slot="sidebar"]');
      await page.getByRole('button', { name: 'Alternar menu lateral' }).click();
      await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
      await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(48);
      const label = page.locator('[data-slot="collapsed-label"]');
      await nav.getByRole('link', { name: 'Clientes' }).hover();
      await expect(label).toHaveText('Clientes');
      await expect(label).toBeVisible();
      await page.mouse.move(600, 400);
      await expect(label).toHaveCount(0);
      await nav.getByRole('link', { name: 'Relatórios' }).focus();
      await expect(label).toHaveText('Relatórios');
      await page.keyboard.press('Escape');
      await expect(label).toHaveCount(0);
      await page.reload();
      await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
      await page.keyboard.press('Control+b');
      await expect(sidebar).toHaveAttribute('data-state', 'expanded');
      await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(256);
      const cookie = (await page.context().cookies()).find((c) => c.name === 'sidebar:state');
      expect(cookie?.value).toBe('true');
      expect(cookie?.path).toBe('/');
      const lifetime = (cookie?.expires ?? 0) - Date.now() / 1000;
      expect(lifetime).toBeGreaterThan(604_800 - 60);
      expect(lifetime).toBeLessThanOrEqual(604_800);
    }

    // The avatar: the e-mail's first two letters; "Perfil" opens Configurações > Perfil.
    const account = page.getByRole('button', { name: 'Menu da conta' });
    await expect(account).toHaveText('CO');
    await account.click();
    await expect(page.getByRole('menu').getByText(email)).toBeVisible();
    await page.getByRole('menuitem', { name: 'Perfil' }).click();
    await expect(page).toHaveURL(/\/dashboard\/settings\?tab=profile$/);
    await expect(page.getByRole('tab', { name: 'Perfil' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);

    await account.click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();

    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();
  });

  test('"Esqueci minha senha" mails a link that sets a new password once', async ({
    page,
  }, testInfo) => {
    const email = uniqueEmail(testInfo, 'senha');
    const signUp = await page.request.post('/api/auth/sign-up', {
      data: {
        email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        businessName: 'Studio Senha',
        professionalName: 'Bia Senha',
      },
    });
    expect(signUp.status()).toBe(201);

    await page.goto('/auth');
    await page.getByRole('button', { name: 'Esqueci minha senha' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Recuperar senha' })).toBeVisible();
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Enviar link de redefinição' }).click();
    await expectToast(
      page,
      'Email enviado!',
      'Verifique sua caixa de entrada para redefinir a senha',
    );
    await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();

    const resetLink = await waitForMailLink(email, MAIL_LINKS.resetPassword);
    const newPassword = 'nova-senha-segura-2';
    await page.goto(resetLink);
    await expect(page.getByRole('heading', { level: 1, name: 'Nova senha' })).toBeVisible();
    await page.getByLabel('Nova senha', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirmar nova senha', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Salvar nova senha' }).click();
    await expectToast(page, 'Senha redefinida!', 'Senha redefinida. Entre com a nova senha.');
    await expect(page).toHaveURL(/\/auth$/);

    // Opening the link proved the mailbox: the new password signs in at once.
    await signInThroughForm(page, email, newPassword);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Você tem 7 dias restantes no período gratuito!')).toBeVisible();
    expect(countMailLinks(email, MAIL_LINKS.resetPassword)).toBe(1);

    // The same link a second time is refused.
    await page.goto(resetLink);
    await page.getByLabel('Nova senha', { exact: true }).fill('outra-senha-3');
    await page.getByLabel('Confirmar nova senha', { exact: true }).fill('outra-senha-3');
    await page.getByRole('button', { name: 'Salvar nova senha' }).click();
    await expect(page.getByText('Não foi possível usar este link')).toBeVisible();
    await expect(
      page.getByText('Link inválido ou expirado. Solicite um novo.').first(),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/nova-senha\?token=/);
  });
});
