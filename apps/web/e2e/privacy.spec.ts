import fs from 'node:fs';
import { addDaysToDate } from '@agendaki/shared';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expectToast, MAIL_LINKS, uniqueEmail, waitForMailLink } from './account-helpers';
import { chooseServices, openTimes, today } from './booking-helpers';
import { expect, saveShot, test } from './fixtures';

/*
 * LGPD (docs/decisions/012-lgpd.md, issue 16) as a person does it: a client books and reads
 * what is done with their data; the professional erases that client by typing the name (the
 * Agenda then shows "Cliente removido" at the booked price), downloads everything and deletes
 * the account, whose public link then answers "Profissional não encontrado".
 */

const PASSWORD = 'senha-segura-1';

// The wrong password (400), the signed-out checks (401) and the deleted link (404) are refused
// on purpose; the browser logs them. (One pattern: a two-item array would read as a tuple.)
test.use({
  allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 40[014]/],
});

const shot = (page: Page, name: string, projectName: string) =>
  saveShot(page, `privacy-${projectName}-${name}`);

async function signUpProfessional(
  request: { newContext: (options: { baseURL: string }) => Promise<APIRequestContext> },
  baseURL: string,
  email: string,
): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL });
  const signUp = await api.post('/api/auth/sign-up', {
    data: {
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      businessName: 'Studio Privacidade E2E',
      professionalName: 'Lia Privacidade',
    },
  });
  expect(signUp.status()).toBe(201);
  const link = await waitForMailLink(email, MAIL_LINKS.verifyEmail);
  expect((await api.get(link)).ok()).toBe(true);
  expect((await api.post('/api/auth/sign-in', { data: { email, password: PASSWORD } })).ok()).toBe(
    true,
  );
  return api;
}

async function type(field: Locator, text: string) {
  await field.click();
  await field.pressSequentially(text);
}

test('a client books, is erased by name; the professional exports and deletes the account', async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'mobile', 'the phone journey, at 390 px');
  test.setTimeout(180_000);
  const project = testInfo.project.name;
  const email = uniqueEmail(testInfo, 'lgpd');
  const api = await signUpProfessional(playwright.request, baseURL!, email);
  const service = await api.post('/api/services', {
    data: { name: 'Corte LGPD', description: null, price: 45.5, durationMinutes: 45 },
  });
  expect(service.status()).toBe(201);
  const week = await api.put('/api/availability', {
    data: {
      windows: [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
        dayOfWeek,
        startTime: '09:00',
        endTime: '12:00',
        isActive: true,
      })),
    },
  });
  expect(week.ok()).toBe(true);
  const me = (await (await api.get('/api/me')).json()) as { profile: { customLink: string } };
  const link = me.profile.customLink;
  const date = addDaysToDate(today(), 1);

  // --- The client books, told first what their data is for.
  await page.goto(`/book/${link}`);
  await expect(page.getByRole('link', { name: 'Privacidade' })).toHaveAttribute(
    'href',
    '/privacidade',
  );
  await chooseServices(page, ['Corte LGPD']);
  await openTimes(page, date);
  await page.getByRole('button', { name: '09:00', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirmar Agendamento' });
  await expect(
    dialog.getByText('Seus dados são usados somente para este agendamento, pelo profissional.'),
  ).toBeVisible();
  await expect(
    dialog.getByRole('link', { name: 'Saiba como tratamos seus dados' }),
  ).toHaveAttribute('href', '/privacidade');
  const clientName = 'Quitéria Removível';
  await type(dialog.getByLabel('Nome completo'), clientName);
  await type(dialog.getByLabel('E-mail'), uniqueEmail(testInfo, 'quiteria'));
  await type(dialog.getByLabel('Telefone'), '11987651234');
  await shot(page, 'booking-dialog', project);
  await dialog.getByRole('button', { name: 'Confirmar agendamento' }).click();
  await expectToast(page, 'Agendamento confirmado!');

  // --- The privacy notice: roles, what is kept, for how long, how to ask.
  await page.goto('/privacidade');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Privacidade e dados pessoais' }),
  ).toBeVisible();
  for (const heading of [
    'Quem é responsável pelos seus dados',
    'O que guardamos',
    'Por quanto tempo',
    'Como pedir uma cópia ou a exclusão dos seus dados',
  ]) {
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  }
  await expect(page.getByText(/é o controlador/)).toBeVisible();
  await shot(page, 'privacidade', project);

  // --- The professional signs in and erases the client, typing the name.
  await page.goto('/auth');
  const login = page.getByRole('tabpanel', { name: 'Login' });
  await type(login.getByLabel('Email', { exact: true }), email);
  await type(login.getByLabel('Senha', { exact: true }), PASSWORD);
  await login.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/dashboard/clients');
  await page.getByRole('button', { name: `Mais ações para ${clientName}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Exportar dados (JSON)' })).toBeVisible();
  await shot(page, 'client-menu', project);
  await page.getByRole('menuitem', { name: 'Excluir dados pessoais' }).click();
  const erase = page.getByRole('dialog', { name: 'Excluir dados pessoais' });
  const confirm = erase.getByRole('button', { name: 'Excluir dados pessoais' });
  const nameField = erase.getByLabel(/Para confirmar, digite o nome do cliente/);
  await type(nameField, 'Quitéria');
  await expect(confirm).toBeDisabled();
  await type(nameField, ' Removível');
  await expect(confirm).toBeEnabled();
  await shot(page, 'erase-dialog', project);
  await confirm.click();
  await expectToast(page, 'Dados pessoais excluídos');
  await expect(page.getByRole('heading', { name: 'Cliente removido' })).toBeVisible();
  await expect(page.getByText(clientName)).toHaveCount(0);

  // --- The Agenda keeps the appointment, as "Cliente removido", at the price it was booked.
  await page.goto('/dashboard/appointments?vista=lista');
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Cliente removido' }) });
  await expect(card).toHaveCount(1);
  await expect(card.getByText('R$ 45,50')).toBeVisible();
  await expect(card.getByText('Corte LGPD')).toBeVisible();
  await shot(page, 'agenda', project);

  // --- Configurações > Privacidade: everything downloaded, then the account deleted.
  await page.goto('/dashboard/settings?tab=privacy');
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Exportar tudo' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^agendaki-\d{4}-\d{2}-\d{2}\.zip$/);
  const zipPath = await download.path();
  expect(fs.readFileSync(zipPath).subarray(0, 2).toString()).toBe('PK');

  const deleteForm = page.getByRole('form', { name: 'Excluir minha conta' });
  await type(deleteForm.getByLabel('Digite sua senha para confirmar'), 'senha-errada-1');
  await deleteForm.getByRole('button', { name: 'Excluir minha conta' }).click();
  await expectToast(page, 'Erro ao excluir conta', 'Senha incorreta');
  const password = deleteForm.getByLabel('Digite sua senha para confirmar');
  await password.fill('');
  await type(password, PASSWORD);
  await shot(page, 'delete-account', project);
  await deleteForm.getByRole('button', { name: 'Excluir minha conta' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectToast(page, 'Conta excluída');

  // The session is over and the public link is gone.
  expect((await page.request.get('/api/me')).status()).toBe(401);
  expect((await api.get('/api/me')).status()).toBe(401);
  await page.goto(`/book/${link}`);
  await expect(page.getByRole('heading', { name: 'Profissional não encontrado' })).toBeVisible();
  await api.dispose();
});

test('the landing footer links to the privacy notice', async ({ page }) => {
  await page.goto('/');
  const privacy = page.getByRole('contentinfo').getByRole('link', { name: 'Privacidade' });
  await expect(privacy).toHaveAttribute('href', '/privacidade');
  await privacy.click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Privacidade e dados pessoais' }),
  ).toBeVisible();
  await shot(page, 'privacidade', 'landing-' + test.info().project.name);
});

test('Configurações has the Privacidade tab with both actions', async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the wide screen');
  const email = uniqueEmail(testInfo, 'lgpd-aba');
  const api = await signUpProfessional(playwright.request, baseURL!, email);
  await api.dispose();
  await page.goto('/auth');
  const login = page.getByRole('tabpanel', { name: 'Login' });
  await type(login.getByLabel('Email', { exact: true }), email);
  await type(login.getByLabel('Senha', { exact: true }), PASSWORD);
  await login.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/dashboard/settings');
  await page.getByRole('tab', { name: 'Privacidade' }).click();
  await expect(page.getByRole('link', { name: 'Exportar tudo' })).toHaveAttribute(
    'href',
    '/api/account/export',
  );
  await expect(page.getByRole('form', { name: 'Excluir minha conta' })).toBeVisible();
  await shot(page, 'settings-privacy', testInfo.project.name);
});
