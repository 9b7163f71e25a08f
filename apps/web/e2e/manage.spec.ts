import {
  addDaysToDate,
  formatIsoDate,
  type Appointment,
  type Page as ListPage,
} from '@agendaki/shared';
import type { APIRequestContext, Page } from '@playwright/test';
import { countMailLinks, MAIL_LINKS, uniqueEmail, waitForMailLink } from './account-helpers';
import { chooseServices, openTimes, today } from './booking-helpers';
import { expect, saveShot, test } from './fixtures';

/*
 * After the booking (docs/decisions/013-after-the-booking.md), on a phone: book, open the link
 * of the confirmation e-mail, confirm presence, reschedule, cancel; past the cutoff the buttons
 * give way to the professional's WhatsApp.
 */

const PASSWORD = 'senha-segura-1';
test.use({
  allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 40[49]/],
});

async function professional(
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
      businessName: 'Studio Link E2E',
      professionalName: 'Lia Link',
    },
  });
  expect(signUp.status()).toBe(201);
  expect((await api.get(await waitForMailLink(email, MAIL_LINKS.verifyEmail))).ok()).toBe(true);
  expect((await api.post('/api/auth/sign-in', { data: { email, password: PASSWORD } })).ok()).toBe(
    true,
  );
  const service = await api.post('/api/services', {
    data: { name: 'Escova E2E', price: 40, durationMinutes: 60, description: null },
  });
  expect(service.status()).toBe(201);
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
  const profile = await api.patch('/api/profile', {
    data: {
      professionalName: 'Lia Link',
      businessName: 'Studio Link E2E',
      phone: '(11) 98765-4321',
      bio: null,
      timezone: 'America/Sao_Paulo',
    },
  });
  expect(profile.ok(), await profile.text()).toBe(true);
  return api;
}

async function slotsOf(page: Page, link: string, date: string, serviceId: string) {
  const res = await page.request.get(
    `/api/public/professionals/${link}/slots?date=${date}&serviceIds=${serviceId}`,
  );
  return ((await res.json()) as { slots: string[] }).slots;
}

test('the client manages the booking from the e-mailed link', async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'mobile', 'the phone journey, at 390 px');
  test.setTimeout(180_000);
  const proEmail = uniqueEmail(testInfo, 'link');
  const api = await professional(playwright.request, baseURL!, proEmail);
  const me = (await (await api.get('/api/me')).json()) as { profile: { customLink: string } };
  const link = me.profile.customLink;
  const date = addDaysToDate(today(), 1);

  // Book 09:00 tomorrow on the public page, typing as a person does.
  await page.goto(`/book/${link}`);
  await chooseServices(page, ['Escova E2E']);
  await openTimes(page, date);
  await page.getByRole('button', { name: '09:00', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirmar Agendamento' });
  const clientEmail = uniqueEmail(testInfo, 'cliente-link');
  await dialog.getByLabel('Nome completo').pressSequentially('Clara Link');
  await dialog.getByLabel('E-mail').pressSequentially(clientEmail);
  await dialog.getByLabel('Telefone').pressSequentially('11912345678');
  await dialog.getByRole('button', { name: 'Confirmar agendamento' }).click();
  await expect(page.getByRole('heading', { name: 'Seu horário está reservado' })).toBeVisible();
  await expect(
    page.getByRole('link', { name: 'Ver, confirmar ou remarcar meu agendamento' }),
  ).toBeVisible();
  await saveShot(page, 'manage-success-390');

  // The link from the confirmation e-mail.
  const manageLink = await waitForMailLink(clientEmail, '/agendamento/');
  await page.goto(manageLink);
  await expect(page.getByRole('heading', { level: 1, name: 'Studio Link E2E' })).toBeVisible();
  await expect(page.getByText('09:00 às 10:00').first()).toBeVisible();
  await expect(page.getByTestId('manage-status')).toHaveText('Agendado');
  await saveShot(page, 'manage-manage-390');

  // Confirm presence: the Agenda shows Confirmado.
  await page.getByRole('button', { name: 'Confirmar presença' }).click();
  await expect(page.getByTestId('manage-status')).toHaveText('Confirmado');
  const agenda = async () =>
    ((await (await api.get('/api/appointments')).json()) as ListPage<Appointment>).items.filter(
      (item) => item.appointmentDate === date,
    );
  expect((await agenda()).map((a) => a.status)).toEqual(['confirmed']);
  const serviceId = (await agenda())[0]!.serviceId;

  // Reschedule to 11:00: 09:00 is offered again, 11:00 no more.
  await page.getByRole('button', { name: 'Remarcar' }).click();
  await page.getByRole('button', { name: new RegExp(formatIsoDate(date)) }).click();
  await page
    .getByRole('group', { name: 'Horários' })
    .getByRole('button', { name: '11:00' })
    .click();
  await saveShot(page, 'manage-reschedule-390');
  await page.getByRole('button', { name: 'Confirmar novo horário' }).click();
  await expect(page.getByRole('status')).toContainText(
    `Agendamento remarcado para ${formatIsoDate(date)} às 11:00.`,
  );
  await expect(page.getByText('11:00 às 12:00').first()).toBeVisible();
  const afterMove = await slotsOf(page, link, date, serviceId);
  expect(afterMove).toContain('09:00');
  expect(afterMove).not.toContain('11:00');

  // Cancel: the time is free, the professional gets an e-mail.
  const noticesBefore = countMailLinks(proEmail, '/dashboard/appointments');
  await page.getByRole('button', { name: 'Cancelar agendamento' }).click();
  await page.getByRole('button', { name: 'Sim, cancelar' }).click();
  await expect(page.getByTestId('manage-status')).toHaveText('Cancelado');
  expect(await slotsOf(page, link, date, serviceId)).toContain('11:00');
  expect((await agenda()).map((a) => a.status)).toEqual(['cancelled']);
  await waitForMailLink(proEmail, '/dashboard/appointments', noticesBefore);
  await saveShot(page, 'manage-cancelled-390');

  // Past the cutoff: no buttons, the professional's WhatsApp instead.
  const saved = await api.put('/api/settings/after-booking', {
    data: { cancelCutoffHours: 168, reminderHours: 24, clientEmailRequired: true },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  await page.goto(`/book/${link}`);
  await chooseServices(page, ['Escova E2E']);
  await openTimes(page, date);
  await page.getByRole('button', { name: '14:00', exact: true }).click();
  const second = uniqueEmail(testInfo, 'cliente-prazo');
  await dialog.getByLabel('Nome completo').pressSequentially('Davi Prazo');
  await dialog.getByLabel('E-mail').pressSequentially(second);
  await dialog.getByRole('button', { name: 'Confirmar agendamento' }).click();
  await page.getByRole('link', { name: 'Ver, confirmar ou remarcar meu agendamento' }).click();
  await expect(page.getByTestId('manage-status')).toHaveText('Agendado');
  await expect(page.getByRole('button', { name: 'Confirmar presença' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Remarcar' })).toHaveCount(0);
  const whatsapp = page.getByRole('link', { name: 'Fale com Lia Link' });
  await expect(whatsapp).toHaveAttribute('href', 'https://wa.me/5511987654321');
  await saveShot(page, 'manage-cutoff-390');

  // Phone-first: with the e-mail optional, name and a mobile book; the success panel offers
  // the manage link and the .ics.
  const phoneFirst = await api.put('/api/settings/after-booking', {
    data: {
      cancelCutoffHours: 2,
      reminderHours: 24,
      clientEmailRequired: false,
      address: 'Rua das Flores, 123 - Centro, São Paulo - SP',
    },
  });
  expect(phoneFirst.ok(), await phoneFirst.text()).toBe(true);
  await page.goto(`/book/${link}`);
  await expect(page.getByText('Rua das Flores, 123 - Centro, São Paulo - SP')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ver no mapa' })).toHaveAttribute(
    'href',
    /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=Rua/,
  );
  await chooseServices(page, ['Escova E2E']);
  await openTimes(page, date);
  await page.getByRole('button', { name: '16:00', exact: true }).click();
  await dialog.getByLabel('Nome completo').pressSequentially('Bento Fone');
  await dialog.getByRole('button', { name: 'Confirmar agendamento' }).click();
  await expect(dialog.getByText('Informe um celular com DDD, ex.: (11) 98765-4321')).toBeVisible();
  await dialog.getByLabel('Celular com DDD').pressSequentially('(21) 99876-5432');
  await dialog.getByRole('button', { name: 'Confirmar agendamento' }).click();
  await expect(page.getByRole('heading', { name: 'Seu horário está reservado' })).toBeVisible();
  const ics = page.getByRole('link', { name: 'Adicionar à agenda (.ics)' });
  const icsAnswer = await page.request.get((await ics.getAttribute('href'))!);
  expect(icsAnswer.headers()['content-type']).toContain('text/calendar');
  expect(await icsAnswer.text()).toContain('SUMMARY:Escova E2E - Studio Link E2E');
  await saveShot(page, 'manage-phone-first-390');
  await page.getByRole('link', { name: 'Ver, confirmar ou remarcar meu agendamento' }).click();
  await expect(page.getByTestId('manage-status')).toHaveText('Agendado');

  // A guessed link reveals nothing.
  await page.goto('/agendamento/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
  await expect(page.getByRole('heading', { name: 'Link inválido ou expirado' })).toBeVisible();
});
