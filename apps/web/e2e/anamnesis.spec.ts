import { addDaysToDate } from '@agendaki/shared';
import type { Locator, Page } from '@playwright/test';
import { expectToast, MAIL_LINKS, uniqueEmail, waitForMailLink } from './account-helpers';
import { chooseServices, openTimes, today } from './booking-helpers';
import { expect, saveShot, test } from './fixtures';

/*
 * Fichas de anamnese (issue 50) as people do it: the professional builds a form for a service;
 * a client books it, is offered the form, answers after ticking the consent; the professional
 * reads the answers on the appointment and on the client's page; erasing the client's data
 * removes them.
 */

const PASSWORD = 'senha-segura-1';

// The sign-in page asks /api/me before the session exists (401); the browser logs it.
test.use({
  allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 401/],
});
const ANSWER = 'Alergia a dipirona';
const shot = (page: Page, name: string) =>
  saveShot(page, `anamnesis-${test.info().project.name}-${name}`);

async function type(field: Locator, text: string) {
  await field.click();
  await field.pressSequentially(text);
}

test('a form answered on the booking page shows on the appointment, and goes with erasure', async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const email = uniqueEmail(testInfo, 'ficha');
  const api = await playwright.request.newContext({ baseURL });
  const signUp = await api.post('/api/auth/sign-up', {
    data: {
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      businessName: 'Clínica Ficha E2E',
      professionalName: 'Dra. Ficha',
    },
  });
  expect(signUp.status()).toBe(201);
  expect((await api.get(await waitForMailLink(email, MAIL_LINKS.verifyEmail))).ok()).toBe(true);
  await api.dispose();

  await page.goto('/auth');
  const login = page.getByRole('tabpanel', { name: 'Login' });
  await type(login.getByLabel('Email', { exact: true }), email);
  await type(login.getByLabel('Senha', { exact: true }), PASSWORD);
  await login.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/dashboard/, { timeout: 30_000 });
  const created = await page.request.post('/api/services', {
    data: { name: 'Limpeza de pele', description: null, price: 120, durationMinutes: 60 },
  });
  expect(created.status()).toBe(201);
  const week = await page.request.put('/api/availability', {
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
  const me = (await (await page.request.get('/api/me')).json()) as {
    profile: { customLink: string };
  };

  // --- The builder: two questions, the service attached.
  await page.goto('/dashboard/forms');
  await page.getByRole('button', { name: 'Nova ficha' }).click();
  await type(page.getByLabel('Nome da ficha'), 'Ficha facial');
  await type(page.getByRole('textbox', { name: 'Pergunta 1' }), 'Está gestante?');
  await page.getByRole('button', { name: 'Adicionar pergunta' }).click();
  await type(page.getByRole('textbox', { name: 'Pergunta 2' }), 'Alergias');
  await page.getByRole('checkbox', { name: 'Limpeza de pele' }).check();
  await shot(page, 'builder');
  await page.getByRole('button', { name: 'Salvar ficha' }).click();
  await expectToast(page, 'Ficha criada');
  await expect(page.getByRole('heading', { name: 'Ficha facial' })).toBeVisible();
  await shot(page, 'fichas');

  // --- A client books, and answers from the success screen.
  const client = await page.context().browser()!.newContext({ baseURL });
  const visitor = await client.newPage();
  await visitor.goto(`/book/${me.profile.customLink}`);
  await chooseServices(visitor, ['Limpeza de pele']);
  await openTimes(visitor, addDaysToDate(today(), 1));
  await visitor.getByRole('button', { name: '10:00', exact: true }).click();
  const dialog = visitor.getByRole('dialog', { name: 'Confirmar Agendamento' });
  await type(dialog.getByLabel('Nome completo'), 'Olga Ficha');
  await type(dialog.getByLabel('E-mail'), uniqueEmail(testInfo, 'olga'));
  await dialog.getByRole('button', { name: 'Confirmar agendamento' }).click();
  await visitor.getByRole('link', { name: 'Responder ficha de anamnese' }).click();
  const form = visitor.getByRole('form', { name: 'Ficha facial' });
  await form.getByRole('button', { name: 'Enviar ficha' }).click();
  await expect(form.getByRole('alert')).toHaveText('Responda: Está gestante?');
  await form.getByRole('radio', { name: 'Não' }).check();
  await type(form.getByLabel('Alergias'), ANSWER);
  await form.getByRole('button', { name: 'Enviar ficha' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    'Para enviar a ficha, aceite o termo de consentimento.',
  );
  await form.getByRole('checkbox', { name: /Autorizo o uso das minhas respostas/ }).check();
  await saveShot(visitor, `anamnesis-${testInfo.project.name}-client-form`);
  await form.getByRole('button', { name: 'Enviar ficha' }).click();
  await expect(visitor.getByText('Ficha “Ficha facial” enviada. Obrigado!')).toBeVisible();
  await client.close();

  // --- On the appointment, in the Agenda.
  await page.goto('/dashboard/appointments?vista=lista');
  const card = page.getByRole('listitem').filter({ hasText: 'Olga Ficha' });
  await card.getByRole('button', { name: 'Ficha de anamnese' }).click();
  const answers = page.getByRole('dialog', { name: 'Ficha de anamnese' });
  await expect(answers.getByText(ANSWER)).toBeVisible();
  await expect(answers.getByText('Não', { exact: true })).toBeVisible();
  await shot(page, 'appointment');
  await page.keyboard.press('Escape');

  // --- On her page; then her data erased, and the answers with it.
  await page.goto('/dashboard/clients');
  await page.getByRole('link', { name: 'Olga Ficha' }).click();
  await expect(page.getByTestId('story-form')).toContainText(ANSWER);
  await expect(page.getByText('Consentiu com a ficha de anamnese')).toBeVisible();
  await shot(page, 'client');
  const clientUrl = page.url();
  await page.goto('/dashboard/clients');
  await page.getByRole('button', { name: 'Mais ações para Olga Ficha' }).click();
  await page.getByRole('menuitem', { name: 'Excluir dados pessoais' }).click();
  const erase = page.getByRole('dialog', { name: 'Excluir dados pessoais' });
  await type(erase.getByLabel(/Para confirmar, digite o nome do cliente/), 'Olga Ficha');
  await erase.getByRole('button', { name: 'Excluir dados pessoais' }).click();
  await expectToast(page, 'Dados pessoais excluídos');
  await page.goto(clientUrl);
  await expect(page.getByTestId('story-appointment')).toBeVisible();
  await expect(page.getByTestId('story-form')).toHaveCount(0);
  await expect(page.getByText(ANSWER)).toHaveCount(0);
});
