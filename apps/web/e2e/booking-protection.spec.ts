import {
  addDaysToDate,
  formatIsoDate,
  UNCONFIRMED_CAP_MESSAGE,
  type BookingProtection,
} from '@agendaki/shared';
import type { Page } from '@playwright/test';
import { expectToast, uniqueEmail } from './account-helpers';
import { chooseServices, openTimes, today } from './booking-helpers';
import { expect, saveShotsAtBothWidths, test } from './fixtures';
import { setUpProfessional, signInOnPage } from './professional-helpers';

/*
 * "Proteção contra reservas em massa" (docs/decisions/027-booking-hold-caps.md), on a phone:
 * the professional lowers the day's cap of unconfirmed bookings, a visitor fills a day up to it
 * from one address and is refused the next, the dashboard shows those bookings as
 * "Agendamentos suspeitos", "Cancelar todos" cancels them and the day's times are offered again.
 */

// The sign-in page asks who is signed in (401), the booking over the cap is refused (409): the
// browser logs both.
test.use({
  allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 40[19]/],
});

const SERVICE = 'Limpeza de pele E2E';
const CAP = 3;
// Open 09:00 to 13:00, a 60-minute service: every half hour from 09:00 to 12:00.
const DAY_TIMES = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00'];
const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
const BURST = [
  { name: 'Ana Rajada', time: '09:00' },
  { name: 'Bruno Rajada', time: '10:00' },
  { name: 'Carla Rajada', time: '11:00' },
];

interface Visit {
  date: string;
  time: string;
  name: string;
  email: string;
  /** The times the page offers that day, before `time` is pressed. */
  offered: string[];
}

/** On the public page, from the services step: `time` of `date`, the contact typed, sent. */
async function askForBooking(page: Page, visit: Visit) {
  await chooseServices(page, [SERVICE]);
  expect(await openTimes(page, visit.date)).toEqual(visit.offered);
  await page.getByRole('button', { name: visit.time, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirmar Agendamento' });
  await dialog.getByLabel('Nome completo').pressSequentially(visit.name);
  await dialog.getByLabel('E-mail').pressSequentially(visit.email);
  await dialog.getByRole('button', { name: 'Confirmar agendamento' }).click();
  return dialog;
}

async function book(page: Page, visit: Visit) {
  const dialog = await askForBooking(page, visit);
  await expect(dialog).toBeHidden();
  await expectToast(
    page,
    'Agendamento confirmado!',
    `1 serviço agendado para ${formatIsoDate(visit.date)} às ${visit.time}.`,
  );
  await expect(page.getByRole('heading', { name: 'Seu horário está reservado' })).toBeVisible();
}

test('a day filled from one address: refused over the cap, then cancelled at once', async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'mobile', 'the phone journey, at 390 px');
  test.setTimeout(240_000);
  const professional = await setUpProfessional(playwright, baseURL!, testInfo, {
    names: { email: 'protecao', business: 'Studio Proteção E2E', professional: 'Rosa Proteção' },
    service: { name: SERVICE, price: 90, durationMinutes: 60 },
    hours: { start: '09:00', end: '13:00' },
  });

  // Configurações > Agendamento online: the cap cleared and typed by keyboard, then saved.
  await signInOnPage(page, professional);
  await page.goto('/dashboard/settings?tab=booking');
  const form = page.getByRole('form', { name: 'Limites de reservas por dia' });
  const unconfirmed = form.getByLabel('Agendamentos não confirmados por dia');
  await expect(unconfirmed).toHaveValue('12');
  await expect(form.getByLabel('Reservas aguardando sinal por dia')).toHaveValue('4');
  await expect(form.getByRole('button', { name: 'Salvar limites' })).toBeDisabled();
  await unconfirmed.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  await expect(unconfirmed).toHaveValue('');
  await page.keyboard.type(String(CAP));
  const card = page.locator('[data-slot="card"]').filter({ has: form });
  await saveShotsAtBothWidths(page, 'protection-card', card);
  await form.getByRole('button', { name: 'Salvar limites' }).click();
  await expectToast(page, 'Limites salvos');
  await expect(unconfirmed).toHaveValue(String(CAP));
  const saved = await professional.api.get('/api/settings/booking-protection');
  expect((await saved.json()) as BookingProtection).toEqual({
    maxUnpaidHoldsPerDay: 4,
    maxUnconfirmedPerDay: CAP,
  });

  // A visitor books the cap's worth of tomorrow, from this one address.
  const date = addDaysToDate(today(), 1);
  await page.goto(`/book/${professional.customLink}`);
  let offered = DAY_TIMES;
  for (const { name, time } of BURST) {
    await book(page, { date, time, name, email: uniqueEmail(testInfo, 'rajada'), offered });
    // The hour booked, and the half hours that would overlap it, are no longer offered.
    offered = offered.filter((free) => Math.abs(minutes(free) - minutes(time)) >= 60);
  }
  expect(offered).toEqual(['12:00']);

  // The next booking of that day is refused, with the server's words; the dialog stays.
  const refused = await askForBooking(page, {
    date,
    time: '12:00',
    name: 'Diego Rajada',
    email: uniqueEmail(testInfo, 'rajada'),
    offered,
  });
  // The toast sits outside the open dialog, hidden from the accessibility tree meanwhile.
  await expect(page.getByText(UNCONFIRMED_CAP_MESSAGE)).toBeVisible();
  await expect(refused).toBeVisible();
  await refused.getByRole('button', { name: 'Cancelar' }).click();
  await expect(refused).toBeHidden();

  // The dashboard: the three bookings as one burst, cancelled together after a question.
  await page.goto('/dashboard');
  const section = page.getByRole('region', { name: 'Agendamentos suspeitos' });
  await expect(section).toBeVisible();
  await expect(section).toContainText(
    /3 agendamentos feitos da mesma conexão (entre|às) \d\d:\d\d/,
  );
  const items = section.getByRole('list', { name: 'Agendamentos suspeitos' }).getByRole('listitem');
  await expect(items).toHaveCount(BURST.length);
  for (const { name, time } of BURST) {
    await expect(items.filter({ hasText: name })).toHaveText(
      `${name}${formatIsoDate(date)} às ${time} · Agendado`,
    );
  }
  await saveShotsAtBothWidths(page, 'protection-suspicious', section);
  await section.getByRole('button', { name: 'Cancelar todos' }).click();
  const question = page.getByRole('alertdialog', { name: 'Cancelar 3 agendamentos?' });
  await expect(question).toContainText('Os clientes não recebem e-mail de cancelamento.');
  await question.getByRole('button', { name: 'Cancelar todos' }).click();
  await expectToast(page, 'Agendamentos cancelados', '3 horários liberados.');
  await expect(section).toBeHidden();
  // Nor listed any more among tomorrow's reminders or the next appointments.
  await expect(page.getByRole('main').getByText(/Rajada/)).toHaveCount(0);

  // The Agenda shows them cancelled.
  await page.goto('/dashboard/appointments?vista=lista');
  for (const { name } of BURST) {
    const appointment = page
      .locator('[data-slot="card"]')
      .filter({ has: page.getByRole('heading', { name, exact: true }) });
    await expect(appointment).toContainText('Cancelado');
  }

  // The public page offers the day's times again, and takes a booking for it.
  await page.goto(`/book/${professional.customLink}`);
  await book(page, {
    date,
    time: '12:00',
    name: 'Elisa Cliente',
    email: uniqueEmail(testInfo, 'cliente'),
    offered: DAY_TIMES,
  });
});
