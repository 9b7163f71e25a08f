import AxeBuilder from '@axe-core/playwright';
import { addDaysToDate, zonedToday } from '@agendaki/shared';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectToast, MAIL_LINKS, uniqueEmail, waitForMailLink } from './account-helpers';
import { expect, saveShot, settleAnimations, test } from './fixtures';

/*
 * The Agenda as a calendar and Relatórios (docs/decisions/014-calendar-and-numbers.md): a free
 * hour tapped in the day view opens the form there and the new appointment lands at that hour;
 * the week view and the reports pass axe. With SHOTS_DIR set, screenshots go there.
 */

const PASSWORD = 'senha-segura-1';
const TIME_ZONE = 'America/Sao_Paulo';

async function seriousViolations(page: Page): Promise<string[]> {
  await settleAnimations(page);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help} — ` +
        violation.nodes.map((node) => node.target.join(' ')).join(', '),
    );
}

const shot = (page: Page, name: string, project: string) =>
  saveShot(page, `calendar-${name}-${project}`);

async function post(api: APIRequestContext, url: string, data: unknown) {
  const res = await api.post(url, { data });
  expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
  return (await res.json()) as { id: string };
}

test('tap a free hour in the day view, book there, see it at that hour; week and reports pass axe', async ({
  page,
  playwright,
  baseURL,
  context,
  isMobile,
}, testInfo) => {
  test.setTimeout(180_000);
  const api = await playwright.request.newContext({ baseURL: baseURL! });
  const email = uniqueEmail(testInfo, 'calendario');
  expect(
    (
      await api.post('/api/auth/sign-up', {
        data: {
          email,
          password: PASSWORD,
          confirmPassword: PASSWORD,
          businessName: 'Studio Calendário',
          professionalName: 'Rita Calendário',
        },
      })
    ).status(),
  ).toBe(201);
  expect((await api.get(await waitForMailLink(email, MAIL_LINKS.verifyEmail))).ok()).toBe(true);
  expect((await api.post('/api/auth/sign-in', { data: { email, password: PASSWORD } })).ok()).toBe(
    true,
  );
  // Every day 08:00–18:00 with a lunch break: the break is shaded as closed.
  const windows = [0, 1, 2, 3, 4, 5, 6].flatMap((dayOfWeek) => [
    { dayOfWeek, startTime: '08:00', endTime: '12:00', isActive: true },
    { dayOfWeek, startTime: '13:00', endTime: '18:00', isActive: true },
  ]);
  expect((await api.put('/api/availability', { data: { windows } })).ok()).toBe(true);
  const corte = await post(api, '/api/services', {
    name: 'Corte Calendário',
    description: null,
    price: 50,
    durationMinutes: 60,
  });
  const escova = await post(api, '/api/services', {
    name: 'Escova',
    description: null,
    price: 80,
    durationMinutes: 30,
  });
  const ana = await post(api, '/api/clients', { name: 'Ana Calendário', phone: '11987654321' });
  const bia = await post(api, '/api/clients', { name: 'Bia Souza' });
  const today = zonedToday(new Date(), TIME_ZONE);
  const tomorrow = addDaysToDate(today, 1);
  const book = (clientId: string, serviceId: string, date: string, time: string, status: string) =>
    post(api, '/api/appointments', {
      clientId,
      serviceId,
      appointmentDate: date,
      startTime: time,
      status,
      notes: null,
    });
  await book(bia.id, escova.id, tomorrow, '08:30', 'confirmed');
  await book(bia.id, corte.id, tomorrow, '14:00', 'scheduled');
  expect(
    (
      await api.post('/api/blocks', {
        data: { date: tomorrow, startTime: '16:00', endTime: '17:00', note: 'Dentista' },
      })
    ).ok(),
  ).toBe(true);
  for (let week = 1; week <= 6; week += 1) {
    const date = addDaysToDate(today, -7 * week);
    await book(ana.id, corte.id, date, '09:00', week === 2 ? 'no_show' : 'completed');
    await book(bia.id, escova.id, date, '15:00', week === 3 ? 'cancelled' : 'completed');
  }
  await context.addCookies((await api.storageState()).cookies);

  await page.goto(`/dashboard/appointments?vista=dia&data=${tomorrow}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Agenda' })).toBeVisible();
  await expect(
    page.getByRole('button', { name: /^08:30 às 09:00, Bia Souza, Escova/ }),
  ).toBeVisible();
  await expect(page.getByText('Bloqueado 16:00–17:00: Dentista')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'day', testInfo.project.name);

  const slot = page.getByRole('button', { name: /^Novo agendamento: .* às 10:00$/ });
  const slotBox = (await slot.boundingBox())!;
  await (isMobile ? slot.tap() : slot.click());
  const dialog = page.getByRole('dialog', { name: 'Novo Agendamento' });
  await expect(dialog.getByLabel('Horário de início')).toHaveValue('10:00');
  const picker = dialog.getByRole('combobox', { name: 'Cliente' });
  await (isMobile ? picker.tap() : picker.click());
  await picker.pressSequentially('Ana Cal');
  await page
    .getByRole('listbox', { name: 'Clientes' })
    .getByRole('option', { name: 'Ana Calendário' })
    .click();
  await dialog.getByRole('combobox', { name: 'Serviço' }).click();
  await page.getByRole('option', { name: /Corte Calendário/ }).click();
  await dialog.getByRole('button', { name: 'Criar Agendamento' }).click();
  await expectToast(page, 'Agendamento criado com sucesso!');

  const placed = page.getByRole('button', {
    name: /^10:00 às 11:00, Ana Calendário, Corte Calendário, Agendado\. Editar$/,
  });
  await expect(placed).toBeVisible();
  const placedBox = (await placed.boundingBox())!;
  expect(Math.abs(placedBox.y - slotBox.y)).toBeLessThan(2);
  await expect(page.getByRole('button', { name: /^Novo agendamento: .* às 10:00$/ })).toHaveCount(
    0,
  );

  // A tap on it opens the edit form.
  await placed.click();
  await expect(page.getByRole('dialog', { name: 'Editar Agendamento' })).toBeVisible();
  await page.keyboard.press('Escape');

  // "Bloquear horário" from the day view: the dialog starts on the day shown, and the grid
  // shades the new block at once, the free hour gone (no reload).
  await expect(page.getByRole('button', { name: /^Novo agendamento: .* às 11:00$/ })).toHaveCount(
    1,
  );
  await page.getByRole('button', { name: 'Bloquear horário' }).click();
  const blockForm = page.getByRole('form', { name: 'Bloquear horário' });
  await expect(blockForm.getByLabel('Data')).toHaveValue(tomorrow);
  await blockForm.getByLabel('Início').fill('11:00');
  await blockForm.getByLabel('Fim').fill('12:00');
  await blockForm.getByLabel('Observação (opcional)').pressSequentially('Reunião');
  await blockForm.getByRole('button', { name: 'Bloquear' }).click();
  await expectToast(page, 'Horário bloqueado');
  await expect(page.getByText('Bloqueado 11:00–12:00: Reunião')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Novo agendamento: .* às 11:00$/ })).toHaveCount(
    0,
  );

  await page.getByRole('link', { name: 'Semana' }).click();
  await expect(page.getByRole('group', { name: /^sábado,/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'week', testInfo.project.name);

  await page.getByRole('link', { name: 'Lista', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Agendamentos' })).toBeVisible();
  await shot(page, 'list', testInfo.project.name);

  await page.goto('/dashboard/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Relatórios' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Taxa de não comparecimento' })).toContainText(
    '1 de',
  );
  await expect(page.locator('canvas').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'reports', testInfo.project.name);
  await page.getByText('Ver em tabela').first().click();
  await expect(page.getByRole('table', { name: 'Faturamento por semana' })).toBeVisible();

  // The no-show counts on the client's card and on the home.
  await page.goto('/dashboard/clients');
  await expect(page.getByText('Não compareceu 1 vez')).toBeVisible();
  await shot(page, 'clients', testInfo.project.name);

  // The home counts this month's no-shows (the one two weeks ago, when it fell in this month).
  await page.goto('/dashboard');
  const noShowDate = addDaysToDate(today, -14);
  await expect(page.getByRole('group', { name: 'Agendamentos do Mês' })).toContainText(
    noShowDate.slice(0, 7) === today.slice(0, 7)
      ? '1 cliente não compareceu'
      : 'Nenhuma falta este mês',
  );
  await shot(page, 'home', testInfo.project.name);

  // Configurações > Calendário: a webcal:// address whose feed a calendar app can read.
  await page.goto('/dashboard/settings?tab=calendar');
  await expect(page.getByText(/atualiza a cada poucas horas/)).toBeVisible();
  await page.getByRole('button', { name: 'Gerar endereço do calendário' }).click();
  const address = page.getByLabel('Endereço do calendário');
  await expect(address).toHaveValue(/^webcal:\/\/.+\/ics\/[A-Za-z0-9_-]{43}\.ics$/);
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'settings-calendar', testInfo.project.name);
  const feedPath = new URL((await address.inputValue()).replace(/^webcal:/, 'http:')).pathname;
  const anonymous = await playwright.request.newContext({ baseURL: baseURL! });
  const feed = await anonymous.get(feedPath);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const ics = await feed.text();
  expect(ics).toContain(`DTSTART;TZID=${TIME_ZONE}:${tomorrow.replaceAll('-', '')}T100000`);
  expect(ics).toContain('SUMMARY:Corte Calendário – Ana Calendário');
  await anonymous.dispose();
  await api.dispose();
});
