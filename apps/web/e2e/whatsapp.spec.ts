import { addDaysToDate, formatIsoDate } from '@agendaki/shared';
import type { APIRequestContext } from '@playwright/test';
import {
  expectToast,
  MAIL_LINKS,
  REFUSED_REQUEST_ERRORS,
  signInThroughForm,
  uniqueEmail,
  waitForMailLink,
} from './account-helpers';
import { chooseServices, openTimes, today } from './booking-helpers';
import { expect, saveShot, test } from './fixtures';

/*
 * WhatsApp that sends itself (docs/decisions/037-whatsapp-cloud-api.md), against the Cloud API
 * stand-in scripts/test-e2e.mjs starts: the professional turns it on, a booking sends the
 * confirmation template, the client's signed "Cancelar" frees the time, "PARAR" shows on the
 * client's card.
 */

const PASSWORD = 'senha-segura-1';
const standIn = process.env.E2E_WHATSAPP_URL ?? 'http://127.0.0.1:0';
test.use({ allowedConsoleErrors: REFUSED_REQUEST_ERRORS });

interface Sent {
  id: string;
  to: string;
  type: string;
  template?: {
    name: string;
    components: { type: string; parameters: { text?: string; payload?: string }[] }[];
  };
}

async function sentTo(request: APIRequestContext, wa: string): Promise<Sent[]> {
  const all = (await (await request.get(`${standIn}/_stand-in/sent`)).json()) as Sent[];
  return all.filter((message) => message.to === wa);
}

/** Posts a webhook body to the app through the stand-in, signed by it unless `signed` is false. */
async function deliver(request: APIRequestContext, target: string, body: object, signed = true) {
  const res = await request.post(`${standIn}/_stand-in/deliver`, {
    data: { target, body: JSON.stringify(body), signed },
  });
  return ((await res.json()) as { status: number }).status;
}

function answer(from: string, message: object) {
  const id = `wamid.e2e${Date.now()}${Math.random().toString(36).slice(2)}`;
  return {
    object: 'whatsapp_business_account',
    entry: [{ changes: [{ value: { messages: [{ id, from, ...message }] } }] }],
  };
}

test('WhatsApp on: the confirmation goes, Cancelar frees the time, PARAR shows', async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  test.setTimeout(150_000);
  const width = testInfo.project.name === 'mobile' ? 390 : 1280;
  const email = uniqueEmail(testInfo, 'wa');
  const api = await playwright.request.newContext({ baseURL });
  const signUp = await api.post('/api/auth/sign-up', {
    data: {
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      businessName: 'Studio WhatsApp E2E',
      professionalName: 'Wanda Zap',
    },
  });
  expect(signUp.status()).toBe(201);
  expect((await api.get(await waitForMailLink(email, MAIL_LINKS.verifyEmail))).ok()).toBe(true);
  const signIn = await api.post('/api/auth/sign-in', { data: { email, password: PASSWORD } });
  expect(signIn.ok()).toBe(true);
  const service = await api.post('/api/services', {
    data: { name: 'Corte WhatsApp', price: 50, durationMinutes: 60, description: null },
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

  // Configurações > WhatsApp: off by default; turned on with the switch.
  await page.goto('/auth?view=login');
  await signInThroughForm(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/dashboard/settings?tab=whatsapp');
  await expect(page.getByText('Mensagens este mês: 0 de 1000')).toBeVisible();
  const enabled = page.getByRole('switch', { name: 'Enviar mensagens pelo WhatsApp' });
  await expect(enabled).toHaveAttribute('aria-checked', 'false');
  await enabled.click();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expectToast(page, 'Configurações do WhatsApp salvas');
  await saveShot(page, `whatsapp-settings-${width}`);

  // A client books with a mobile, typed as a person does: the confirmation template goes.
  const me = (await (await page.request.get('/api/me')).json()) as {
    profile: { customLink: string };
  };
  const date = addDaysToDate(today(), 2);
  const line = String(Date.now()).slice(-8);
  const wa = `55119${line}`;
  const booking = page;
  await booking.goto(`/book/${me.profile.customLink}`);
  await chooseServices(booking, ['Corte WhatsApp']);
  await openTimes(booking, date);
  await booking.getByRole('button', { name: '10:00', exact: true }).click();
  const dialog = booking.getByRole('dialog', { name: 'Confirmar Agendamento' });
  await dialog.getByLabel('Nome completo').pressSequentially('Bia WhatsApp');
  await dialog.getByLabel('E-mail').pressSequentially(uniqueEmail(testInfo, 'cli-wa'));
  await dialog.getByLabel('Telefone').pressSequentially(`119${line}`);
  await dialog.getByRole('button', { name: 'Confirmar agendamento' }).click();
  await expect(booking.getByRole('heading', { name: 'Seu horário está reservado' })).toBeVisible();

  await expect
    .poll(async () => (await sentTo(page.request, wa)).length, { timeout: 30_000 })
    .toBe(1);
  const [confirmation] = await sentTo(page.request, wa);
  expect(confirmation!.template!.name).toBe('agendaki_agendamento_confirmado');
  const params = confirmation!.template!.components[0]!.parameters.map((p) => p.text);
  expect(params.slice(0, 4)).toEqual([
    'Bia WhatsApp',
    'Studio WhatsApp E2E',
    formatIsoDate(date),
    '10:00',
  ]);
  expect(params[4]).toContain('/agendamento/');

  // The Agenda's card shows the message; the one-tap link stays.
  await page.goto('/dashboard/appointments?vista=lista');
  await expect(page.getByText('WhatsApp: Confirmação — enviada')).toBeVisible();
  await expect(
    page.getByRole('button', { name: 'Lembrar Bia WhatsApp pelo WhatsApp' }),
  ).toBeVisible();
  await saveShot(page, `whatsapp-agenda-${width}`);

  // An unsigned "Cancelar" is refused; the signed one cancels and frees 10:00.
  const cancel = confirmation!.template!.components.find(
    (c) => c.type === 'button' && c.parameters[0]?.payload?.startsWith('CANCELAR'),
  )!.parameters[0]!.payload!;
  const target = `${baseURL}/api/webhooks/whatsapp`;
  const pressed = answer(wa, { type: 'button', button: { payload: cancel, text: 'Cancelar' } });
  expect(await deliver(page.request, target, pressed, false)).toBe(401);
  expect(await deliver(page.request, target, pressed)).toBe(200);
  const slots = await page.request.get(
    `/api/public/professionals/${me.profile.customLink}/slots?date=${date}&serviceIds=${((await service.json()) as { id: string }).id}`,
  );
  expect(((await slots.json()) as { slots: string[] }).slots).toContain('10:00');
  await expect
    .poll(async () => (await sentTo(page.request, wa)).some((m) => m.type === 'text'), {
      timeout: 30_000,
    })
    .toBe(true);

  // PARAR: the client's card says so, with the history of messages.
  expect(
    await deliver(page.request, target, answer(wa, { type: 'text', text: { body: 'PARAR' } })),
  ).toBe(200);
  await page.goto('/dashboard/clients');
  await expect(
    page.getByText('Pediu para não receber WhatsApp (PARAR)', { exact: false }),
  ).toBeVisible();
  await page.getByText(/Mensagens do WhatsApp \(\d+\)/).click();
  await expect(page.getByRole('list', { name: 'Histórico do WhatsApp' })).toContainText(
    'Confirmação — enviada',
  );
  await saveShot(page, `whatsapp-client-${width}`);
  await api.dispose();
});
