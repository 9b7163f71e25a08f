import fs from 'node:fs';
import { addDaysToDate } from '@agendaki/shared';
import type { Page } from '@playwright/test';
import {
  expectToast,
  MAIL_LINKS,
  signInThroughForm,
  uniqueEmail,
  waitForMailLink,
} from './account-helpers';
import { chooseServices, openTimes, today } from './booking-helpers';
import { expect, saveShot, test } from './fixtures';

/*
 * "Confirmar agendamentos por código no e-mail" (docs/decisions/028-booking-gates.md), on a
 * phone: the professional turns it on in Configurações, a client books, nothing is held until
 * the code from the e-mail is typed (by keyboard), a wrong code is refused in place. The proof
 * of work is solved by the page at its real cost all along.
 */

const PASSWORD = 'senha-segura-1';
test.use({
  allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 40[01]/],
});

/** Subjects of the mails the server logged for `email` (no SMTP in the journeys). */
function loggedSubjects(email: string): string[] {
  const subjects: string[] = [];
  for (const line of fs.readFileSync(process.env.E2E_SERVER_LOG!, 'utf8').split('\n')) {
    if (!line.startsWith('{') || !line.includes('"mail"')) continue;
    try {
      const entry = JSON.parse(line) as { mail?: { to: string; subject: string } };
      if (entry.mail?.to === email) subjects.push(entry.mail.subject);
    } catch {
      // not a JSON log line
    }
  }
  return subjects;
}

/** With SHOTS_DIR set, the screen at 390 px and at 1280 px (saveShot); nothing otherwise. */
async function shoot(page: Page, name: string) {
  if (!process.env.SHOTS_DIR) return;
  await saveShot(page, `code-${name}-390`);
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 1280, height: 900 });
  await saveShot(page, `code-${name}-1280`);
  await page.setViewportSize(size);
}

test('a booking held only after the code e-mailed to the client', async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'mobile', 'the phone journey, at 390 px');
  test.setTimeout(180_000);
  const proEmail = uniqueEmail(testInfo, 'codigo');
  const api = await playwright.request.newContext({ baseURL: baseURL! });
  const signUp = await api.post('/api/auth/sign-up', {
    data: {
      email: proEmail,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      businessName: 'Studio Código E2E',
      professionalName: 'Carla Código',
    },
  });
  expect(signUp.status()).toBe(201);
  expect((await api.get(await waitForMailLink(proEmail, MAIL_LINKS.verifyEmail))).ok()).toBe(true);
  expect(
    (await api.post('/api/auth/sign-in', { data: { email: proEmail, password: PASSWORD } })).ok(),
  ).toBe(true);
  expect(
    (
      await api.post('/api/services', {
        data: { name: 'Manicure E2E', price: 40, durationMinutes: 60, description: null },
      })
    ).status(),
  ).toBe(201);
  const week = await api.put('/api/availability', {
    data: {
      windows: [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
        dayOfWeek,
        startTime: '09:00',
        endTime: '18:00',
        isActive: true,
      })),
    },
  });
  expect(week.ok()).toBe(true);
  const me = (await (await api.get('/api/me')).json()) as { profile: { customLink: string } };

  // Configurações > Agendamento online: the switch, by keyboard.
  await page.goto('/auth');
  await signInThroughForm(page, proEmail, PASSWORD);
  await page.waitForURL(/\/dashboard/);
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
  await page.goto(`/book/${me.profile.customLink}`);
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
  await shoot(page, 'step');
  const agenda = await api.get('/api/appointments');
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
  await shoot(page, 'success');
  await expect
    .poll(() => loggedSubjects(clientEmail).some((s) => s.startsWith('Agendamento confirmado')))
    .toBe(true);
});
