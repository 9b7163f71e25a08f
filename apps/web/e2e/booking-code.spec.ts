import { addDaysToDate } from '@agendaki/shared';
import { expectToast, loggedSubjects, uniqueEmail } from './account-helpers';
import { chooseServices, openTimes, today } from './booking-helpers';
import { expect, saveShotsAtBothWidths, test } from './fixtures';
import { setUpProfessional, signInOnPage } from './professional-helpers';

/*
 * "Confirmar agendamentos por código no e-mail" (docs/decisions/028-booking-gates.md), on a
 * phone: the professional turns it on in Configurações, a client books, nothing is held until
 * the code from the e-mail is typed (by keyboard), a wrong code is refused in place. The proof
 * of work is solved by the page at its real cost all along.
 */

test.use({
  allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 40[01]/],
});

test('a booking held only after the code e-mailed to the client', async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'mobile', 'the phone journey, at 390 px');
  test.setTimeout(180_000);
  const professional = await setUpProfessional(playwright, baseURL!, testInfo, {
    names: { email: 'codigo', business: 'Studio Código E2E', professional: 'Carla Código' },
    service: { name: 'Manicure E2E', price: 40, durationMinutes: 60 },
  });

  // Configurações > Agendamento online: the switch, by keyboard.
  await signInOnPage(page, professional);
  await page.goto('/dashboard/settings?tab=booking');
  const toggle = page.getByRole('switch', { name: 'Confirmar agendamentos por código no e-mail' });
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await page
    .getByRole('form', { name: 'Depois do agendamento' })
    .getByRole('button', { name: 'Salvar' })
    .click();
  await expect(page.getByText('Configurações salvas').first()).toBeVisible();

  // The client asks for tomorrow at 10:00: a code is sent, nothing is held yet.
  const date = addDaysToDate(today(), 1);
  await page.goto(`/book/${professional.customLink}`);
  await chooseServices(page, ['Manicure E2E']);
  await openTimes(page, date);
  await page.getByRole('button', { name: '10:00', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirmar Agendamento' });
  const clientEmail = uniqueEmail(testInfo, 'cliente-codigo');
  await dialog.getByLabel('Nome completo').pressSequentially('Bruna Código');
  await dialog.getByLabel('E-mail').pressSequentially(clientEmail);
  await dialog.getByRole('button', { name: 'Confirmar agendamento' }).click();
  await expect(dialog.getByText('Enviamos um código para seu e-mail')).toBeVisible();
  const codeField = dialog.getByLabel('Código do e-mail');
  await expect(codeField).toBeFocused();
  await saveShotsAtBothWidths(page, 'code-step');
  const agenda = await professional.api.get('/api/appointments');
  expect(agenda.ok()).toBe(true);
  expect(JSON.stringify(await agenda.json())).not.toContain('Bruna Código');

  let code = '';
  await expect
    .poll(() => {
      code = /^(\d{6}) é seu código/.exec(loggedSubjects(clientEmail).at(-1) ?? '')?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);

  // A wrong code first, typed; then the right one, typed and sent with Enter.
  await page.keyboard.type(code === '000000' ? '111111' : '000000');
  await page.keyboard.press('Enter');
  // The toast sits outside the open dialog, hidden from the accessibility tree meanwhile.
  await expect(
    page.getByText('Código incorreto. Confira o e-mail e tente novamente.'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Seu horário está reservado' })).toHaveCount(0);
  await codeField.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Seu horário está reservado' })).toBeVisible();
  await expectToast(page, 'Agendamento confirmado!');
  await saveShotsAtBothWidths(page, 'code-success');
  await expect
    .poll(() => loggedSubjects(clientEmail).some((s) => s.startsWith('Agendamento confirmado')))
    .toBe(true);
});
