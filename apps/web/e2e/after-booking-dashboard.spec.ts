import { addDaysToDate } from '@agendaki/shared';
import {
  MAIL_LINKS,
  REFUSED_REQUEST_ERRORS,
  signInThroughForm,
  uniqueEmail,
  waitForMailLink,
} from './account-helpers';
import { today } from './booking-helpers';
import { expect, saveShot, test } from './fixtures';

/*
 * The professional's side of "after the booking" (docs/decisions/013-after-the-booking.md):
 * the settings with the WhatsApp preview, "Lembretes de amanhã" on the home, and the agenda
 * card's "Lembrar pelo WhatsApp" (or why not).
 */

const PASSWORD = 'senha-segura-1';
// The sign-in page asks /api/me before signing in (401).
test.use({ allowedConsoleErrors: REFUSED_REQUEST_ERRORS });

test('settings preview, tomorrow reminders and agenda cards with WhatsApp', async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  test.setTimeout(150_000);
  const email = uniqueEmail(testInfo, 'zap');
  const api = await playwright.request.newContext({ baseURL });
  expect(
    (
      await api.post('/api/auth/sign-up', {
        data: {
          email,
          password: PASSWORD,
          confirmPassword: PASSWORD,
          businessName: 'Studio Zap E2E',
          professionalName: 'Zuca Zap',
        },
      })
    ).status(),
  ).toBe(201);
  expect((await api.get(await waitForMailLink(email, MAIL_LINKS.verifyEmail))).ok()).toBe(true);
  expect((await api.post('/api/auth/sign-in', { data: { email, password: PASSWORD } })).ok()).toBe(
    true,
  );
  const service = await api.post('/api/services', {
    data: { name: 'Manicure E2E', price: 35, durationMinutes: 30, description: null },
  });
  const serviceId = ((await service.json()) as { id: string }).id;
  const tomorrow = addDaysToDate(today(), 1);
  const book = async (name: string, phone: string, startTime: string) => {
    const client = await api.post('/api/clients', { data: { name, phone } });
    expect(client.status(), await client.text()).toBe(201);
    const created = await api.post('/api/appointments', {
      data: {
        clientId: ((await client.json()) as { id: string }).id,
        serviceId,
        appointmentDate: tomorrow,
        startTime,
        notes: null,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
  };
  await book('Mara Celular', '(11) 98765-4321', '10:00');
  await book('Fábio Fixo', '(11) 3333-4444', '11:00');

  await page.goto('/auth?view=login');
  await signInThroughForm(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard/);

  // "Lembretes de amanhã": a wa.me link with the filled message; the landline says why not.
  const list = page.getByRole('list', { name: 'Lembretes de amanhã' });
  const mara = list.getByRole('link', { name: 'Lembrar Mara Celular pelo WhatsApp' });
  await expect(mara).toHaveAttribute('href', /^https:\/\/wa\.me\/5511987654321\?text=/);
  const href = (await mara.getAttribute('href'))!;
  const text = new URL(href).searchParams.get('text')!;
  expect(text).toContain('Olá, Mara Celular!');
  expect(text).toMatch(/\/agendamento\/[\w-]{43}/);
  await expect(list.getByText('Sem celular válido para WhatsApp')).toBeVisible();
  await saveShot(page, `after-booking-home-${testInfo.project.name}`);

  // The agenda cards: the button for the mobile, the reason for the landline.
  await page.goto('/dashboard/appointments?vista=lista');
  await expect(
    page.getByRole('button', { name: 'Lembrar Mara Celular pelo WhatsApp' }),
  ).toBeVisible();
  await expect(page.getByText('Sem celular válido para WhatsApp').first()).toBeVisible();
  await saveShot(page, `after-booking-agenda-${testInfo.project.name}`);

  // Configurações > Agendamento online: the template's live preview, then saved.
  await page.goto('/dashboard/settings?tab=booking');
  const template = page.getByLabel('Mensagem do WhatsApp');
  await template.clear();
  await template.pressSequentially('Oi {cliente}! {data} às {hora}: {servicos}. {link}');
  await expect(page.getByTestId('whatsapp-preview')).toHaveText(
    /^Oi Maria! 25\/11\/2026 às 14:30: Corte, Escova\. http.+\/agendamento\/…$/,
  );
  await page.getByLabel('Cliente pode confirmar, remarcar ou cancelar pelo link').selectOption('4');
  await page
    .getByRole('form', { name: 'Depois do agendamento' })
    .getByRole('button', { name: 'Salvar' })
    .click();
  await expect(page.getByText('Configurações salvas').first()).toBeVisible();
  const saved = (await (await api.get('/api/settings/after-booking')).json()) as {
    cancelCutoffHours: number;
    whatsappTemplate: string;
  };
  expect(saved).toMatchObject({
    cancelCutoffHours: 4,
    whatsappTemplate: 'Oi {cliente}! {data} às {hora}: {servicos}. {link}',
  });
  await saveShot(page, `after-booking-settings-${testInfo.project.name}`);
});
