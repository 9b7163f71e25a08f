import { addDaysToDate } from '@agendaki/shared';
import { expectToast, loggedSubjects, uniqueEmail } from './account-helpers';
import { chooseServices, openTimes, today } from './booking-helpers';
import { expect, saveShotsAtBothWidths, test } from './fixtures';
import { setUpProfessional, signInOnPage } from './professional-helpers';

/*
 * Pix sinal (docs/decisions/017-pix-sinal.md), on a phone: the professional sets a Pix key and
 * a sinal in Configurações > Pagamentos, a client books and sees the QR code and the "Pix Copia
 * e Cola", the professional taps "Sinal recebido", the client gets the e-mail.
 */

test.use({
  allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 40[149]/],
});

test('a booking with a Pix sinal, confirmed by the professional', async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'mobile', 'the phone journey, at 390 px');
  test.setTimeout(180_000);
  const professional = await setUpProfessional(playwright, baseURL!, testInfo, {
    names: { email: 'pix', business: 'Studio Pix E2E', professional: 'Paula Pix' },
    service: { name: 'Coloração E2E', price: 80, durationMinutes: 60 },
  });

  // Configurações > Pagamentos, typed as a person does.
  await signInOnPage(page, professional);
  await page.goto('/dashboard/settings?tab=payments');
  const form = page.getByRole('form', { name: 'Pagamentos' });
  await form.getByLabel('Tipo da chave Pix').selectOption('Celular');
  await form.getByLabel('Chave Pix', { exact: true }).pressSequentially('(11) 98765-4321');
  await form.getByLabel('Nome do recebedor').pressSequentially('Paula Conceição');
  await form.getByLabel('Cidade').pressSequentially('São Paulo');
  await form.getByLabel('Sinal no agendamento online').selectOption('Valor fixo (R$)');
  await form.getByLabel('Valor do sinal').pressSequentially('30,00');
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Configurações salvas').first()).toBeVisible();
  await expect(form.getByLabel('Chave Pix', { exact: true })).toHaveValue('+5511987654321');
  await saveShotsAtBothWidths(page, 'pix-settings-payments');

  // The client books tomorrow at 10:00 on the public page.
  const date = addDaysToDate(today(), 1);
  await page.goto(`/book/${professional.customLink}`);
  await chooseServices(page, ['Coloração E2E']);
  await openTimes(page, date);
  await page.getByRole('button', { name: '10:00', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirmar Agendamento' });
  const clientEmail = uniqueEmail(testInfo, 'cliente-pix');
  await dialog.getByLabel('Nome completo').pressSequentially('Clara Pix');
  await dialog.getByLabel('E-mail').pressSequentially(clientEmail);
  await dialog.getByLabel('Telefone').pressSequentially('11912345678');
  await dialog.getByRole('button', { name: 'Confirmar agendamento' }).click();
  await expect(page.getByRole('heading', { name: 'Seu horário está reservado' })).toBeVisible();
  // Not "confirmado": the time is held until the sinal is paid.
  await expectToast(page, 'Horário reservado!');
  await expect(
    page.getByRole('heading', { name: 'Pague o sinal de R$ 30,00 por Pix' }),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR Code do Pix' }).locator('svg')).toBeVisible();
  const brCode = await page.getByTestId('pix-copia-e-cola').inputValue();
  expect(brCode).toMatch(
    /^000201.*br\.gov\.bcb\.pix.*\+5511987654321.*540530\.00.*6304[0-9A-F]{4}$/,
  );
  await expect(page.getByTestId('pix-countdown')).toHaveText(/^(29|30):\d\d$/);
  await expect(page.getByRole('button', { name: 'Copiar código Pix' })).toBeVisible();
  await saveShotsAtBothWidths(page, 'pix-success');
  await expect.poll(() => loggedSubjects(clientEmail).join('|')).toContain('aguardando sinal');

  // The professional's Agenda card: "Sinal: R$ 30,00 (pendente)", then "Sinal recebido".
  await page.goto('/dashboard/appointments?vista=lista');
  await expect(page.getByTestId('deposit-line')).toHaveText('Sinal: R$ 30,00 (pendente)');
  await page.getByRole('button', { name: 'Sinal recebido de Clara Pix' }).click();
  await expect(page.getByTestId('deposit-line')).toHaveText('Sinal: R$ 30,00 (recebido)');
  await expect(page.getByText('Confirmado').first()).toBeVisible();

  // The client is told.
  await expect
    .poll(() => loggedSubjects(clientEmail).filter((s) => s.startsWith('Sinal recebido')).length, {
      timeout: 15_000,
    })
    .toBe(1);
});
