import {
  addDaysToDate,
  formatIsoDate,
  type Appointment,
  type Page as ListPage,
} from '@agendaki/shared';
import type { APIRequestContext, Page } from '@playwright/test';
import { format, parse } from 'date-fns';
import { ptBR } from 'date-fns/locale';
import {
  expectToast,
  MAIL_LINKS,
  signInThroughForm,
  uniqueEmail,
  waitForMailLink,
} from './account-helpers';
import { today } from './booking-helpers';
import { expect, saveShot, test } from './fixtures';

/*
 * Horário fixo (issue 46): the professional closes a state holiday, makes a weekly series that
 * crosses it (the preview says why that date cannot happen), the client skips one date from the
 * e-mailed manage link, the professional moves another ("Só este") and then changes the price
 * from the last date on, typed the Brazilian way; every other date stays as it was.
 */

const PASSWORD = 'senha-segura-1';
const STATES = ['DF', 'PR', 'TO', 'AC', 'ES', 'RJ', 'PE', 'BA', 'SE', 'SP', 'RS', 'AM'];
test.use({
  allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 40[19]/],
});

function dayLabel(isoDate: string): RegExp {
  const label = format(parse(isoDate, 'yyyy-MM-dd', new Date()), 'PPPP', { locale: ptBR });
  return new RegExp(`${label}$`, 'i');
}

async function professional(api: APIRequestContext, email: string) {
  const signUp = await api.post('/api/auth/sign-up', {
    data: {
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      businessName: 'Studio Fixo E2E',
      professionalName: 'Nina Fixa',
    },
  });
  expect(signUp.status()).toBe(201);
  expect((await api.get(await waitForMailLink(email, MAIL_LINKS.verifyEmail))).ok()).toBe(true);
  const signIn = await api.post('/api/auth/sign-in', { data: { email, password: PASSWORD } });
  expect(signIn.ok()).toBe(true);
  const week = [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
    dayOfWeek,
    startTime: '08:00',
    endTime: '20:00',
    isActive: true,
  }));
  expect((await api.put('/api/availability', { data: { windows: week } })).ok()).toBe(true);
  const service = await api.post('/api/services', {
    data: { name: 'Manicure E2E', price: 40, durationMinutes: 60, description: null },
  });
  expect(service.status()).toBe(201);
}

/** The state whose next holiday falls 8 to 80 days ahead, soonest: the series crosses it. */
async function chooseStateHoliday(api: APIRequestContext) {
  let best: { state: string; date: string; name: string } | undefined;
  const from = addDaysToDate(today(), 8);
  const to = addDaysToDate(today(), 80);
  for (const state of STATES) {
    const saved = await api.patch('/api/profile', {
      data: {
        professionalName: 'Nina Fixa',
        businessName: 'Studio Fixo E2E',
        phone: null,
        bio: null,
        timezone: 'America/Sao_Paulo',
        state,
      },
    });
    expect(saved.ok(), await saved.text()).toBe(true);
    const { holidays } = (await (await api.get('/api/availability/holidays')).json()) as {
      holidays: { date: string; name: string; scope: string }[];
    };
    const next = holidays.find((h) => h.scope === 'state' && h.date >= from && h.date <= to);
    if (next && (!best || next.date < best.date)) best = { state, ...next };
  }
  expect(best, 'um feriado estadual nos próximos 80 dias').toBeDefined();
  const saved = await api.patch('/api/profile', {
    data: {
      professionalName: 'Nina Fixa',
      businessName: 'Studio Fixo E2E',
      phone: null,
      bio: null,
      timezone: 'America/Sao_Paulo',
      state: best!.state,
    },
  });
  expect(saved.ok()).toBe(true);
  return best!;
}

async function pickDate(page: Page, scope: ReturnType<Page['getByRole']>, isoDate: string) {
  await scope
    .getByRole('button', { name: /^Data:/ })
    .first()
    .click();
  const popover = page.locator('[data-slot="popover-content"], [role="dialog"]').last();
  for (let i = 0; i < 4; i += 1) {
    const day = popover.getByRole('button', { name: dayLabel(isoDate) });
    if ((await day.count()) > 0) {
      await day.click();
      return;
    }
    await popover.getByRole('button', { name: 'Ir para o próximo mês' }).click();
  }
  throw new Error(`data ${isoDate} não encontrada no calendário`);
}

test('a weekly horário fixo across a state holiday: one date skipped, one moved', async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  test.setTimeout(240_000);
  const shot = (name: string) => saveShot(page, `series-${name}-${testInfo.project.name}`);
  const email = uniqueEmail(testInfo, 'fixo');
  const api = await playwright.request.newContext({ baseURL: baseURL! });
  await professional(api, email);
  const holiday = await chooseStateHoliday(api);
  const clientEmail = uniqueEmail(testInfo, 'clara-fixa');
  const client = await api.post('/api/clients', {
    data: { name: 'Clara Fixa', email: clientEmail, phone: null, notes: null },
  });
  expect(client.status()).toBe(201);
  // Two weeks before the holiday (one when it is close): the holiday is the series' third date
  // (its second when close); the other four are the ones booked.
  const weeksBefore = holiday.date >= addDaysToDate(today(), 15) ? 2 : 1;
  const first = addDaysToDate(holiday.date, -7 * weeksBefore);
  const dates = [0, 1, 2, 3, 4]
    .map((week) => addDaysToDate(first, 7 * week))
    .filter((date) => date !== holiday.date);

  await page.goto('/auth');
  await signInThroughForm(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard/);

  // Horário de Atendimento: the state holiday switched on (closed).
  await page.goto('/dashboard/availability');
  const holidaySwitch = page.getByRole('switch', { name: `Fechar em ${holiday.name}` });
  await holidaySwitch.click();
  await expect(holidaySwitch).toBeChecked();

  // Agenda > Novo horário fixo, typed as a person types.
  await page.goto('/dashboard/appointments?vista=lista');
  await page.getByRole('button', { name: 'Novo horário fixo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo horário fixo' });
  await dialog.getByRole('combobox', { name: 'Cliente' }).pressSequentially('Clara');
  await page.getByRole('option', { name: /Clara Fixa/ }).click();
  await dialog.getByLabel(/Manicure E2E/).check();
  await pickDate(page, dialog, first);
  await dialog.getByLabel('Horário', { exact: true }).fill('10:00');
  const count = dialog.getByLabel('Quantas vezes');
  await count.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('5');
  await dialog.getByRole('button', { name: 'Ver datas' }).click();
  const preview = dialog.getByRole('list', { name: 'Datas do horário fixo' });
  await expect(preview.getByRole('listitem')).toHaveCount(5);
  await expect(preview.getByText(`Feriado: ${holiday.name}`, { exact: false })).toBeVisible();
  await expect(dialog.getByText('4 datas serão marcadas; 1 fora.')).toBeVisible();
  await preview.getByText(`Feriado: ${holiday.name}`, { exact: false }).scrollIntoViewIfNeeded();
  await shot('preview');
  await dialog.getByRole('button', { name: 'Salvar horário fixo' }).click();
  await expectToast(page, 'Horário fixo criado!');

  const seriesOf = async () =>
    (
      (await (await api.get('/api/appointments?pageSize=100')).json()) as ListPage<Appointment>
    ).items
      .filter((a) => a.seriesId)
      .map((a) => [a.appointmentDate, a.startTime, a.status, a.totalPriceCents]);
  expect(await seriesOf()).toEqual([
    [dates[0], '10:00', 'scheduled', 4000],
    [dates[1], '10:00', 'scheduled', 4000],
    [dates[2], '10:00', 'scheduled', 4000],
    [dates[3], '10:00', 'scheduled', 4000],
  ]);

  // The client, from the e-mailed link, sees the next dates and skips the third of the four.
  await page.goto(await waitForMailLink(clientEmail, '/agendamento/'));
  const section = page.getByRole('region', { name: 'Horário fixo' });
  await expect(section.getByText('Toda semana', { exact: false })).toBeVisible();
  await expect(section.getByRole('listitem')).toHaveCount(4);
  await section
    .getByRole('button', { name: `Pular esta semana: ${formatIsoDate(dates[2]!)}` })
    .click();
  await section.getByRole('button', { name: `Sim, pular ${formatIsoDate(dates[2]!)}` }).click();
  await expect(page.getByRole('status')).toContainText(`Você pulou ${formatIsoDate(dates[2]!)}.`);
  await shot('manage');

  // The professional moves the second date to 15:00, "Só este".
  await page.goto('/dashboard/appointments?vista=lista');
  await page
    .getByRole('button', { name: `Horário fixo de Clara Fixa, ${formatIsoDate(dates[1]!)}` })
    .click();
  const seriesDialog = page.getByRole('dialog', { name: 'Horário fixo' });
  await expect(seriesDialog.getByLabel('Só este')).toBeChecked();
  await seriesDialog.getByLabel('Horário', { exact: true }).fill('15:00');
  await shot('change');
  await seriesDialog.getByRole('button', { name: 'Salvar alteração' }).click();
  await expectToast(page, 'Horário fixo alterado!');
  expect(await seriesOf()).toEqual([
    [dates[0], '10:00', 'scheduled', 4000],
    [dates[1], '15:00', 'scheduled', 4000],
    [dates[2], '10:00', 'cancelled', 4000],
    [dates[3], '10:00', 'scheduled', 4000],
  ]);
  await expect(page.getByText('Horário fixo', { exact: true }).first()).toBeVisible();
  await shot('agenda');

  // A new price from the last date on, typed the Brazilian way: the earlier dates keep theirs.
  await page
    .getByRole('button', { name: `Horário fixo de Clara Fixa, ${formatIsoDate(dates[3]!)}` })
    .click();
  await seriesDialog.getByLabel('Este e os seguintes').check();
  const price = seriesDialog.getByLabel('Valor', { exact: true });
  await price.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('45,50');
  await seriesDialog.getByRole('button', { name: 'Salvar alteração' }).click();
  await expectToast(page, 'Horário fixo alterado!');
  expect((await seriesOf()).map((row) => row[3])).toEqual([4000, 4000, 4000, 4550]);

  // The day view marks the occurrence as part of a series.
  await page.goto(`/dashboard/appointments?vista=dia&data=${dates[0]}`);
  await expect(
    page.getByRole('button', { name: /10:00 às 11:00, Clara Fixa, .*horário fixo/ }),
  ).toBeVisible();
  await shot('day');
  await api.dispose();
});
