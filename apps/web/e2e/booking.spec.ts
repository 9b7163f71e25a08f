import {
  addDaysToDate,
  formatCurrencyFromCents,
  formatIsoDate,
  type Appointment,
  type Page as ListPage,
  type PublicProfessionalResponse,
} from '@agendaki/shared';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectToast, MAIL_LINKS, toasts, uniqueEmail, waitForMailLink } from './account-helpers';
import {
  chooseServices,
  openFirstDayWithTimes,
  openTimes,
  solvedPow,
  today,
} from './booking-helpers';
import { expect, test } from './fixtures';

/*
 * The public booking page on the real server: the seeded demo professional (/book/demo), and a
 * professional made here through the API whose Agenda is read back after a booking.
 */

const PASSWORD = 'senha-segura-1';
const SLOT_TAKEN = 'Este horário acabou de ser reservado. Escolha outro horário.';

// A taken slot is refused with 409, an unknown link with 404: the browser logs both.
test.use({
  allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 40[49]/],
});

async function fillContact(page: Page, name: string, email: string) {
  const dialog = page.getByRole('dialog', { name: 'Confirmar Agendamento' });
  await dialog.getByLabel('Nome completo').fill(name);
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Telefone').fill('(11) 91234-5678');
  await dialog.getByLabel('Observações').fill('Primeira vez no studio.');
  return dialog;
}

test.describe('public booking', () => {
  test('the first step arrives drawn by the server, then comes alive without a redraw', async ({
    browser,
    page,
    request,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'mobile', 'the phone journey, at 390 px');
    const demo = (await (
      await request.get('/api/public/professionals/demo')
    ).json()) as PublicProfessionalResponse;
    expect(demo.services.length).toBeGreaterThan(0);

    // A phone whose script has not arrived (or never will) already reads every service and price.
    const noScript = await browser.newContext({
      javaScriptEnabled: false,
      baseURL: testInfo.project.use.baseURL,
    });
    const bare = await noScript.newPage();
    await bare.goto('/book/demo');
    await expect(
      bare.getByRole('heading', { level: 1, name: 'Studio Agendaki Demo' }),
    ).toBeVisible();
    await expect(bare.getByRole('heading', { name: 'Escolha os serviços' })).toBeVisible();
    const list = bare.getByRole('list', { name: 'Serviços' });
    for (const service of demo.services) {
      const item = list.getByRole('listitem').filter({ hasText: service.name });
      await expect(item).toBeVisible();
      await expect(item).toContainText(formatCurrencyFromCents(service.priceCents));
    }
    // With the class names that render merged, which the script reads before hydrating.
    await expect(bare.locator('script#agendaki-class-names')).toHaveCount(1);
    await noScript.close();

    // With the script held back, the server's heading is marked; once the script has run the
    // same element is still there (hydrated, not drawn again) and the page answers a tap.
    let releaseScript = () => {};
    const scriptHeld = new Promise<void>((resolve) => (releaseScript = resolve));
    await page.route(/\/assets\/book-[\w-]+\.js$/, async (route) => {
      await scriptHeld;
      await route.continue();
    });
    const loaded = page.goto('/book/demo');
    const heading = page.getByRole('heading', { level: 1, name: 'Studio Agendaki Demo' });
    await expect(heading).toBeVisible();
    await heading.evaluate((element) => Object.assign(element, { drawnByServer: true }));
    releaseScript();
    await loaded;
    expect(await heading.evaluate((element) => 'drawnByServer' in element)).toBe(true);
    await expect(page.locator('script#agendaki-class-names')).toHaveCount(0);
    await chooseServices(page, [demo.services[0]!.name]);
  });

  test('demo: two services, a day with times, booked; the time is then gone', async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'mobile', 'the phone journey, at 390 px');
    test.setTimeout(120_000);
    const lookups: string[] = [];
    page.on('request', (request) => {
      if (
        request.url().includes('/api/public/professionals/demo') &&
        !request.url().includes('/slots')
      ) {
        lookups.push(request.url());
      }
    });

    await page.goto('/book/demo');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Studio Agendaki Demo' }),
    ).toBeVisible();
    await expect(page.getByText('Marina Costa')).toBeVisible();
    await expect(page).toHaveTitle('Studio Agendaki Demo · Agende online');
    // The server embedded the professional in the HTML: the page asked the API nothing.
    expect(lookups).toEqual([]);
    const steps = page.getByRole('list', { name: 'Etapas do agendamento' }).getByRole('listitem');
    await expect(steps.first()).toHaveAttribute('aria-current', 'step');
    await expect(page.getByRole('button', { name: 'Continuar para a data' })).toBeDisabled();

    const services = ['Design de sobrancelhas', 'Hidratação profunda'];
    await chooseServices(page, services);
    await expect(page.getByRole('button', { name: 'Continuar para horário' })).toBeDisabled();

    // The first open day, from tomorrow, that still has a time for both (60 min).
    const { date, slots } = await openFirstDayWithTimes(page, 'demo', services);
    const time = slots[0]!;

    await page.getByRole('button', { name: time, exact: true }).click();
    const dialog = await fillContact(page, 'Cliente Demo E2E', uniqueEmail(testInfo, 'demo'));
    await expect(dialog.getByText(formatIsoDate(date))).toBeVisible();
    await dialog.getByRole('button', { name: 'Confirmar agendamento' }).click();

    await expectToast(
      page,
      'Agendamento confirmado!',
      `2 serviços agendados para ${formatIsoDate(date)} às ${time}.`,
    );
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Escolha os serviços' })).toBeVisible();
    await expect(page.getByRole('button', { name: services[0]!, exact: true })).toHaveAttribute(
      'aria-pressed',
      'false',
    );

    // The same choice again: that time is no longer offered.
    await chooseServices(page, services);
    const after = await openTimes(page, date);
    expect(after).not.toContain(time);
  });

  test('an unknown link says the professional is not active yet', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'mobile', 'one viewport is enough');
    await page.goto('/book/ninguem-com-este-link');
    await expect(page.getByRole('heading', { name: 'Profissional não encontrado' })).toBeVisible();
    await expect(page.getByText(/Entre em contato diretamente/)).toBeVisible();
  });

  test('own professional: the booking lands in the Agenda; a taken time is refused', async ({
    page,
    playwright,
    baseURL,
  }, testInfo) => {
    test.setTimeout(120_000);
    const api = await signUpProfessional(
      playwright.request,
      baseURL!,
      uniqueEmail(testInfo, 'agenda'),
    );
    const barba = await createService(api, { name: 'Barba E2E', price: 30, durationMinutes: 30 });
    const corte = await createService(api, { name: 'Corte E2E', price: 45.5, durationMinutes: 45 });
    // Every day 09:00-12:00, so tomorrow is open whatever its weekday.
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
    const date = addDaysToDate(today(), 1);

    await page.goto(`/book/${me.profile.customLink}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Studio Agenda E2E' })).toBeVisible();
    await chooseServices(page, ['Corte E2E', 'Barba E2E']);
    expect(await openTimes(page, date)).toEqual(['09:00', '09:30', '10:00', '10:30']);
    await page.getByRole('button', { name: '09:00', exact: true }).click();
    const email = uniqueEmail(testInfo, 'cliente');
    const dialog = await fillContact(page, 'Joana Cliente', email);
    await expect(dialog.getByText('R$ 75,50')).toBeVisible();
    await dialog.getByRole('button', { name: 'Confirmar agendamento' }).click();
    await expectToast(
      page,
      'Agendamento confirmado!',
      `2 serviços agendados para ${formatIsoDate(date)} às 09:00.`,
    );

    // Listed by name, so booked in that order, back to back, each at its own price.
    const agenda = (await (await api.get('/api/appointments')).json()) as ListPage<Appointment>;
    const booked = agenda.items
      .filter((item) => item.appointmentDate === date)
      .sort((a, b) => a.startTime.localeCompare(b.startTime));
    expect(
      booked.map((item) => ({
        service: item.service.id,
        start: item.startTime.slice(0, 5),
        end: item.endTime.slice(0, 5),
        priceCents: item.totalPriceCents,
        client: item.client.email,
        status: item.status,
      })),
    ).toEqual([
      {
        service: barba,
        start: '09:00',
        end: '09:30',
        priceCents: 3000,
        client: email,
        status: 'scheduled',
      },
      {
        service: corte,
        start: '09:30',
        end: '10:15',
        priceCents: 4550,
        client: email,
        status: 'scheduled',
      },
    ]);
    // Stored in E.164 (issue 47, apps/server/src/lib/phone.ts).
    expect(booked[0]!.client.phone).toBe('+5511912345678');
    expect(booked[0]!.notes).toBe('Primeira vez no studio.');

    // Someone else takes 10:30 while the dialog is open: refused, and the list refreshes.
    await chooseServices(page, ['Corte E2E', 'Barba E2E']);
    expect(await openTimes(page, date)).toEqual(['10:30']);
    await page.getByRole('button', { name: '10:30', exact: true }).click();
    const second = await fillContact(page, 'Outra Cliente', uniqueEmail(testInfo, 'outra'));
    const profileId = (await (
      await page.request.get(`/api/public/professionals/${me.profile.customLink}`)
    ).json()) as PublicProfessionalResponse;
    const rival = await page.request.post('/api/public/bookings', {
      data: {
        professionalId: profileId.profile.id,
        serviceIds: [barba],
        date,
        time: '10:30',
        clientName: 'Cliente Rápido',
        clientEmail: uniqueEmail(testInfo, 'rapido'),
        clientPhone: null,
        notes: null,
        idempotencyKey: crypto.randomUUID(),
        pow: await solvedPow(page.request),
      },
    });
    expect(rival.status()).toBe(201);
    await second.getByRole('button', { name: 'Confirmar agendamento' }).click();

    await expect(toasts(page).getByText(SLOT_TAKEN)).toBeVisible();
    await expect(second).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Escolha o horário' })).toBeVisible();
    await expect(page.getByText('Nenhum horário disponível nesta data')).toBeVisible();
  });
});

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
      businessName: 'Studio Agenda E2E',
      professionalName: 'Rita Agenda',
    },
  });
  expect(signUp.status()).toBe(201);
  const link = await waitForMailLink(email, MAIL_LINKS.verifyEmail);
  expect((await api.get(link)).ok()).toBe(true);
  const signIn = await api.post('/api/auth/sign-in', { data: { email, password: PASSWORD } });
  expect(signIn.ok()).toBe(true);
  return api;
}

async function createService(
  api: APIRequestContext,
  service: { name: string; price: number; durationMinutes: number },
): Promise<string> {
  const response = await api.post('/api/services', { data: { description: null, ...service } });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}
