import type { MeResponse } from '@agendaki/shared';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expectToast, MAIL_LINKS, uniqueEmail, waitForMailLink } from './account-helpers';
import { expect, test } from './fixtures';

/*
 * Configurações > Negócio and Meu Link, and the Meu Link page, on the real server. Two
 * accounts per viewport, made through the API: the one signed in, and another whose link is
 * "taken" from the first one's point of view.
 */

const PASSWORD = 'senha-segura-1';

// A link taken at the last moment is refused with 409; the browser logs the refused request.
test.use({
  allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 409/],
});

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
let session: StorageState;
let other: APIRequestContext;

async function createAccount(
  request: APIRequestContext,
  email: string,
  businessName: string,
): Promise<void> {
  const signUp = await request.post('/api/auth/sign-up', {
    data: {
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      businessName,
      professionalName: 'Conta Perfil',
    },
  });
  expect(signUp.status()).toBe(201);
  expect((await request.get(await waitForMailLink(email, MAIL_LINKS.verifyEmail))).ok()).toBe(true);
  const signIn = await request.post('/api/auth/sign-in', { data: { email, password: PASSWORD } });
  expect(signIn.ok()).toBe(true);
}

async function readMe(request: APIRequestContext): Promise<MeResponse> {
  const res = await request.get('/api/me');
  expect(res.ok()).toBe(true);
  return (await res.json()) as MeResponse;
}

/** A link nobody has: project, time and randomness. */
function freshLink(testInfo: { project: { name: string } }, prefix: string): string {
  return `${prefix}-${testInfo.project.name}-${Date.now().toString(36)}`;
}

test.beforeAll(async ({ playwright, baseURL }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL });
  await createAccount(request, uniqueEmail(testInfo, 'perfil'), 'Studio Perfil');
  session = await request.storageState();
  await request.dispose();
  other = await playwright.request.newContext({ baseURL });
  await createAccount(other, uniqueEmail(testInfo, 'outra'), 'Barbearia Outra');
});

test.afterAll(async () => {
  await other.dispose();
});

test.beforeEach(async ({ context }) => {
  await context.addCookies(session.cookies);
});

async function openSettingsTab(page: Page, tab: 'Negócio' | 'Meu Link') {
  await page.goto('/dashboard/settings');
  await page.getByRole('tab', { name: tab }).click();
}

test('edits the business data in Configurações > Negócio', async ({ page }) => {
  await openSettingsTab(page, 'Negócio');
  await expect(page).toHaveURL(/\?tab=business$/);
  const form = page.getByRole('form', { name: 'Dados do negócio' });

  // The shared schema's message, before anything is sent.
  await form.getByLabel('Nome do negócio').fill('   ');
  await form.getByRole('button', { name: 'Salvar alterações' }).click();
  await expectToast(page, 'Erro de validação', 'Nome do negócio é obrigatório');

  await form.getByLabel('Seu nome').fill('Ana Perfil');
  await form.getByLabel('Nome do negócio').fill('Studio Ana Perfil');
  await form.getByLabel('Telefone').fill('(92) 98765-4321');
  await form.getByLabel('Sobre').fill('Cortes, escova e coloração.');
  await form.getByRole('combobox', { name: 'Fuso horário' }).click();
  await page.getByRole('option', { name: 'Manaus (America/Manaus)' }).click();
  await form.getByRole('button', { name: 'Salvar alterações' }).click();
  await expectToast(page, 'Perfil atualizado');

  // Stored: a reload reads it back from the server.
  await page.reload();
  await expect(form.getByLabel('Nome do negócio')).toHaveValue('Studio Ana Perfil');
  await expect(form.getByLabel('Seu nome')).toHaveValue('Ana Perfil');
  await expect(form.getByLabel('Telefone')).toHaveValue('(92) 98765-4321');
  await expect(form.getByLabel('Sobre')).toHaveValue('Cortes, escova e coloração.');
  await expect(form.getByRole('combobox', { name: 'Fuso horário' })).toHaveText(
    'Manaus (America/Manaus)',
  );

  await page.goto('/dashboard/link');
  await expect(page.getByText('Studio Ana Perfil')).toBeVisible();
  await expect(page.getByText('Ana Perfil', { exact: true })).toBeVisible();
});

test('changes the link; a link of another account is refused', async ({ page }, testInfo) => {
  const taken = (await readMe(other)).profile.customLink;
  await openSettingsTab(page, 'Meu Link');
  const editor = page.getByRole('form', { name: 'Editar link personalizado' });
  const field = editor.getByLabel('Link personalizado');
  const save = editor.getByRole('button', { name: 'Salvar link' });

  // Another account's link: the check says so and save stays disabled.
  await field.fill(taken);
  await expect(editor.getByText('Este link já está em uso. Escolha outro.')).toBeVisible();
  await expect(save).toBeDisabled();

  // A reserved word never reaches the server.
  await field.fill('dashboard');
  await expect(editor.getByText('Este link é reservado. Escolha outro.')).toBeVisible();
  await expect(save).toBeDisabled();

  // Typed loosely, normalized while typing, then checked.
  const wanted = freshLink(testInfo, 'ana-perfil');
  await field.fill('');
  await field.pressSequentially(`${wanted.toUpperCase()}_!`);
  await expect(field).toHaveValue(wanted);
  await expect(editor.getByText('Disponível')).toBeVisible();
  await save.click();
  await expectToast(page, 'Link personalizado atualizado');
  await expect(page.getByTestId('public-link')).toHaveText(new RegExp(`/book/${wanted}$`));

  // On Meu Link: a link free when checked but taken by the other account before the save.
  await page.goto('/dashboard/link');
  await expect(page.getByTestId('public-link')).toHaveText(new RegExp(`/book/${wanted}$`));
  await page.getByRole('button', { name: 'Editar link' }).click();
  const contested = freshLink(testInfo, 'disputado');
  await page.getByLabel('Link personalizado', { exact: true }).fill(contested);
  await expect(page.getByText('Disponível')).toBeVisible();
  const stolen = await other.put('/api/profile/link', { data: { customLink: contested } });
  expect(stolen.ok()).toBe(true);
  await page.getByRole('button', { name: 'Salvar link' }).click();
  await expectToast(page, 'Link inválido ou já em uso.');
  // The editor asks again and now shows why; the link did not change.
  await expect(page.getByText('Este link já está em uso. Escolha outro.')).toBeVisible();
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByTestId('public-link')).toHaveText(new RegExp(`/book/${wanted}$`));
});

test('copies the public link and opens the public page', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await page.goto('/dashboard/link');
  await expect(page.getByText('Ativo', { exact: true })).toBeVisible();
  const me = await page.request.get('/api/me').then((res) => res.json() as Promise<MeResponse>);
  const url = `${baseURL}/book/${me.profile.customLink}`;
  await expect(page.getByTestId('public-link')).toHaveText(url);

  await page.getByRole('button', { name: 'Copiar link' }).click();
  await expectToast(page, 'Link copiado!');
  await expect(page.getByRole('button', { name: 'Copiado!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  // docs/product.md section 9: the copied state lasts 2 s.
  await expect(page.getByRole('button', { name: 'Copiar link' })).toBeVisible({ timeout: 4000 });

  const open = page.getByRole('link', { name: 'Abrir página pública' });
  await expect(open).toHaveAttribute('href', url);
  await expect(open).toHaveAttribute('target', '_blank');
  const [publicPage] = await Promise.all([context.waitForEvent('page'), open.click()]);
  await publicPage.waitForLoadState();
  expect(publicPage.url()).toBe(url);
  await expect(
    publicPage.getByRole('heading', { level: 1, name: me.profile.businessName }),
  ).toBeVisible();
  await publicPage.close();
});
