import { addDaysToDate } from '@agendaki/shared';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { countMailLinks, MAIL_LINKS, uniqueEmail, waitForMailLink } from './account-helpers';
import { today } from './booking-helpers';
import { expect, saveShot, test } from './fixtures';

/*
 * Clients who come back (issue 50) as a person does it. The journeys' server counts a "day" of
 * the automations as 5 seconds at any hour (scripts/test-e2e.mjs): the professional switches
 * "Hora de voltar" on with 1 day for the cut; a client whose cut is completed gets exactly one
 * message at the next minute's tick, one with a cut ahead and one who opted out get none; the
 * message's link opens the booking page with the cut chosen, its stop link records the choice,
 * and the client's page tells the whole story.
 */

const PASSWORD = 'senha-segura-1';

// The sign-in page asks /api/me before the session exists (401); the browser logs it.
test.use({
  allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 401/],
});
const shot = (page: Page, name: string) =>
  saveShot(page, `comeback-${test.info().project.name}-${name}`);

async function type(field: Locator, text: string) {
  await field.click();
  await field.pressSequentially(text);
}

async function signUp(api: APIRequestContext, email: string) {
  const signUp = await api.post('/api/auth/sign-up', {
    data: {
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      businessName: 'Studio Volta E2E',
      professionalName: 'Rita Volta',
    },
  });
  expect(signUp.status()).toBe(201);
  expect((await api.get(await waitForMailLink(email, MAIL_LINKS.verifyEmail))).ok()).toBe(true);
  const signIn = await api.post('/api/auth/sign-in', { data: { email, password: PASSWORD } });
  expect(signIn.ok()).toBe(true);
}

async function addClient(api: APIRequestContext, name: string, email: string, phone?: string) {
  const res = await api.post('/api/clients', {
    data: { name, email, ...(phone ? { phone } : {}) },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function addAppointment(
  api: APIRequestContext,
  data: { clientId: string; serviceId: string; date: string; time: string; status: string },
) {
  const res = await api.post('/api/appointments', {
    data: {
      clientId: data.clientId,
      serviceId: data.serviceId,
      appointmentDate: data.date,
      startTime: data.time,
      status: data.status,
    },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

test('hora de voltar: one message, none with a cut ahead or after opting out', async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  test.setTimeout(240_000);
  const email = uniqueEmail(testInfo, 'volta');
  const api = await playwright.request.newContext({ baseURL });
  await signUp(api, email);
  const created = await api.post('/api/services', {
    data: { name: 'Corte Volta', description: null, price: 60, durationMinutes: 30 },
  });
  expect(created.status()).toBe(201);
  const serviceId = ((await created.json()) as { id: string }).id;
  const me = (await (await api.get('/api/me')).json()) as { profile: { customLink: string } };

  const returning = uniqueEmail(testInfo, 'ana');
  const booked = uniqueEmail(testInfo, 'bia');
  const stopped = uniqueEmail(testInfo, 'cris');
  const ana = await addClient(api, 'Ana Retorno', returning);
  const bia = await addClient(api, 'Bia Agendada', booked, '(11) 98765-4321');
  const cris = await addClient(api, 'Cris Sem Mensagem', stopped);
  const yesterday = addDaysToDate(today(), -1);
  const appointments: string[] = [];
  for (const [clientId, time] of [
    [ana, '08:00'],
    [bia, '09:00'],
    [cris, '10:00'],
  ] as const) {
    appointments.push(
      await addAppointment(api, {
        clientId,
        serviceId,
        date: yesterday,
        time,
        status: 'completed',
      }),
    );
  }
  // Ana paid part of her cut by Pix: 60,00 with 40,00 received (issue 49's closing).
  const closing = await api.post(`/api/appointments/${appointments[0]}/closing`, {
    data: {
      items: [{ serviceId, priceCents: 6000 }],
      discountKind: 'amount',
      discountValue: 0,
      tipCents: 0,
      payments: [{ method: 'pix', amountCents: 4000 }],
    },
  });
  expect(closing.status()).toBe(201);
  await addAppointment(api, {
    clientId: bia,
    serviceId,
    date: addDaysToDate(today(), 3),
    time: '10:00',
    status: 'scheduled',
  });

  // --- The professional signs in, records Cris's refusal and switches the automation on.
  await page.goto('/auth');
  const login = page.getByRole('tabpanel', { name: 'Login' });
  await type(login.getByLabel('Email', { exact: true }), email);
  await type(login.getByLabel('Senha', { exact: true }), PASSWORD);
  await login.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/dashboard/, { timeout: 30_000 });

  await page.goto('/dashboard/clients');
  // Bia's card with its WhatsApp row stays within the card at 390 and 1280 px.
  const row = page.getByRole('link', { name: 'WhatsApp de Bia Agendada' }).locator('..');
  const card = row.locator('xpath=ancestor::*[@data-slot="card"][1]');
  const [rowBox, cardBox] = [await row.boundingBox(), await card.boundingBox()];
  expect(rowBox!.x + rowBox!.width).toBeLessThanOrEqual(cardBox!.x + cardBox!.width);
  expect(await row.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await shot(page, 'clientes');
  await page.getByRole('link', { name: 'Cris Sem Mensagem' }).click();
  await expect(page.getByRole('heading', { name: 'Cris Sem Mensagem' })).toBeVisible();
  const allows = page.getByRole('switch', { name: 'Recebe mensagens automáticas' });
  await expect(allows).toBeChecked();
  await allows.click();
  await expect(page.getByText('Pediu para não receber mensagens')).toBeVisible();
  await expect(allows).not.toBeChecked();

  // Her birthday, typed as a person types it: an impossible date is refused in pt-BR.
  const birthday = page.getByLabel('Aniversário (opcional)');
  await type(birthday, '31021990');
  await expect(birthday).toHaveValue('31/02/1990');
  await page.getByRole('button', { name: 'Salvar aniversário' }).click();
  await expect(page.getByText('Essa data não existe')).toBeVisible();
  await birthday.fill('');
  await birthday.pressSequentially('25/12');
  await page.getByRole('button', { name: 'Salvar aniversário' }).click();
  await expect(page.getByText('Aniversário salvo').first()).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Aniversário (opcional)')).toHaveValue('25/12');

  // The sidebar's "Mensagens" (behind "Abrir menu" on a phone).
  await page.goto('/dashboard/messages');
  await expect(page.getByRole('heading', { name: 'Mensagens', level: 1 })).toBeVisible();
  await page.getByRole('switch', { name: 'Enviar “Hora de voltar”' }).click();
  await page.getByLabel('Dias para voltar: Corte Volta').pressSequentially('1');
  await expect(page.getByTestId('return-preview')).toContainText(
    `Olá, Maria! Já faz um tempinho desde o seu último Corte Volta.`,
  );
  await expect(page.getByTestId('return-preview')).toContainText(`?servico=${serviceId}`);
  await shot(page, 'mensagens');
  await page.getByRole('button', { name: 'Salvar mensagens' }).click();
  await expect(page.getByText('Mensagens salvas').first()).toBeVisible();

  // --- The next minute's tick: Ana's message, with the booking link and the stop link.
  const bookingLink = await waitForReturn(returning, `/book/${me.profile.customLink}?servico=`);
  expect(bookingLink).toContain(`?servico=${serviceId}`);
  expect(countMailLinks(booked, '/book/')).toBe(0);
  expect(countMailLinks(stopped, '/book/')).toBe(0);

  // The link opens the booking page with the cut chosen.
  await page.goto(bookingLink);
  await expect(page.getByRole('button', { name: 'Corte Volta', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // The stop link: opening shows the choice, the button records it.
  await page.goto(await waitForMailLink(returning, '/descadastro/'));
  await expect(
    page.getByRole('heading', { name: 'Não quer mais receber mensagens?' }),
  ).toBeVisible();
  await shot(page, 'descadastro');
  await page.getByRole('button', { name: 'Não quero mais receber mensagens' }).click();
  await expect(
    page.getByRole('heading', { name: 'Pronto, você foi descadastrada.' }),
  ).toBeVisible();

  // --- Ana's page: the message and her choice, newest first, above her appointment.
  await page.goto('/dashboard/clients');
  await page.getByRole('link', { name: 'Ana Retorno' }).click();
  const story = page.getByRole('list').filter({ has: page.getByTestId('story-message') });
  await expect(story.getByText('Mensagem “Hora de voltar” por e-mail')).toBeVisible();
  await expect(story.getByText('Pediu para não receber mensagens')).toBeVisible();
  await expect(story.getByText(/pelo link de descadastro do e-mail/)).toBeVisible();
  await expect(story.getByTestId('story-appointment')).toContainText('Concluído');
  await expect(story.getByTestId('story-paid')).toContainText(
    /Pago: R\$\s?40,00 de R\$\s?60,00 \(Pix R\$\s?40,00\) · Em aberto: R\$\s?20,00/,
  );
  await expect(
    page.getByRole('switch', { name: 'Recebe mensagens automáticas' }),
  ).not.toBeChecked();
  await shot(page, 'cliente');

  // Still exactly one message for Ana, and none for the others, a tick later (once: the phone run).
  if (testInfo.project.name === 'mobile') await page.waitForTimeout(65_000);
  expect(countMailLinks(returning, '/book/')).toBe(1);
  expect(countMailLinks(booked, '/book/')).toBe(0);
  expect(countMailLinks(stopped, '/book/')).toBe(0);
  await api.dispose();
});

/** The minute cron and the mail worker: up to about a minute and a half. */
async function waitForReturn(email: string, kind: string): Promise<string> {
  await expect
    .poll(() => countMailLinks(email, kind), { timeout: 150_000, intervals: [2_000] })
    .toBeGreaterThan(0);
  return waitForMailLink(email, kind);
}
