import { addDaysToDate, APPOINTMENT_CLOSED_MESSAGE } from '@agendaki/shared';
import type { Locator, Page } from '@playwright/test';
import {
  expectToast,
  MAIL_LINKS,
  signInThroughForm,
  uniqueEmail,
  waitForMailLink,
} from './account-helpers';
import { solvedPow, today } from './booking-helpers';
import { expect, saveShot, test } from './fixtures';

/*
 * What was really paid (docs/decisions/038-money-received.md): an appointment closed with a
 * discount, a tip and two methods, money typed with the keyboard the Brazilian way, the amounts
 * on the card, in Caixa do dia and in Relatórios; a package of 5 sold on the client's card, used
 * when booking and when closing, 3 left on the client's manage page and card.
 */

const PASSWORD = 'senha-segura-1';
// Signed out, /auth asks GET /api/me (401) before the sign-in.
test.use({
  allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 401/],
});

/** With SHOTS_DIR set, the screen at 390 px and at 1280 px; nothing otherwise. */
async function shoot(page: Page, name: string) {
  if (!process.env.SHOTS_DIR) return;
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  await saveShot(page, `money-${name}-390`);
  await page.setViewportSize({ width: 1280, height: 900 });
  await saveShot(page, `money-${name}-1280`);
  await page.setViewportSize(size);
}

/** Empties a money field and types the amount key by key, as a person does. */
async function typeMoney(field: Locator, text: string) {
  await field.fill('');
  await field.pressSequentially(text);
}

test('an appointment closed, the day’s cash, a package sold and used', async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name === 'mobile', 'one run is enough: shots at both widths');
  test.setTimeout(240_000);
  const proEmail = uniqueEmail(testInfo, 'caixa');
  const api = await playwright.request.newContext({ baseURL: baseURL! });
  const signUp = await api.post('/api/auth/sign-up', {
    data: {
      email: proEmail,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      businessName: 'Studio Caixa E2E',
      professionalName: 'Rita Caixa',
    },
  });
  expect(signUp.status()).toBe(201);
  expect((await api.get(await waitForMailLink(proEmail, MAIL_LINKS.verifyEmail))).ok()).toBe(true);
  expect(
    (await api.post('/api/auth/sign-in', { data: { email: proEmail, password: PASSWORD } })).ok(),
  ).toBe(true);
  const serviceIds: string[] = [];
  for (const service of [
    { name: 'Massagem E2E', price: 50, durationMinutes: 60 },
    { name: 'Escalda-pés E2E', price: 35.5, durationMinutes: 30 },
  ]) {
    const res = await api.post('/api/services', { data: { ...service, description: null } });
    expect(res.status()).toBe(201);
    serviceIds.push(((await res.json()) as { id: string }).id);
  }
  expect(
    (
      await api.put('/api/availability', {
        data: {
          windows: [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
            dayOfWeek,
            startTime: '08:00',
            endTime: '20:00',
            isActive: true,
          })),
        },
      })
    ).ok(),
  ).toBe(true);
  const me = (await (await api.get('/api/me')).json()) as { profile: { id: string } };
  const clientEmail = uniqueEmail(testInfo, 'carla');
  const client = await api.post('/api/clients', {
    data: { name: 'Carla Caixa', email: clientEmail, phone: '11 98765-1234' },
  });
  expect(client.status()).toBe(201);
  const clientId = ((await client.json()) as { id: string }).id;
  const first = await api.post('/api/appointments', {
    data: { clientId, serviceId: serviceIds[0], appointmentDate: today(), startTime: '08:00' },
  });
  expect(first.status()).toBe(201);

  // "Concluir e receber" on the Agenda's card.
  await page.goto('/auth');
  await signInThroughForm(page, proEmail, PASSWORD);
  await page.waitForURL(/\/dashboard/);
  await page.goto('/dashboard/appointments?vista=lista');
  await page.getByRole('button', { name: 'Concluir e receber de Carla Caixa' }).click();
  const form = page.getByRole('form', { name: 'Concluir e receber' });
  await expect(form.getByLabel('Preço do serviço 1')).toHaveValue('50,00');
  await form.getByRole('button', { name: 'Adicionar serviço' }).click();
  await form.getByLabel('Serviço 2', { exact: true }).selectOption('Escalda-pés E2E');
  await typeMoney(form.getByLabel('Preço do serviço 2'), '35,50');
  await form.getByLabel('Tipo de desconto').selectOption('%');
  await form.getByLabel('Desconto', { exact: true }).pressSequentially('10');
  await typeMoney(form.getByLabel('Gorjeta'), '10');
  await typeMoney(form.getByLabel('Valor do pagamento 1'), '45,50');
  await form.getByRole('button', { name: 'Adicionar pagamento' }).click();
  await form.getByLabel('Forma de pagamento 2').selectOption('Dinheiro');
  await typeMoney(form.getByLabel('Valor do pagamento 2'), '30,00');
  await expect(form.getByLabel('Totais')).toContainText('R$ 86,95');
  await expect(form.getByLabel('Totais')).toContainText('Fica em aberto (fiado)R$ 11,45');
  await shoot(page, 'closing-form');
  await form.getByRole('button', { name: 'Concluir e receber' }).click();
  await expectToast(page, 'Atendimento concluído');
  await expect(page.getByTestId('closing-line')).toHaveText(
    'Recebido R$ 75,50 de R$ 86,95 · Em aberto R$ 11,45',
  );
  // Closed, it is history: not deleted, and only its notes change (decision 038).
  await expect(
    page.getByRole('button', { name: 'Excluir agendamento de Carla Caixa' }),
  ).toBeDisabled();
  await expect(page.getByText(APPOINTMENT_CLOSED_MESSAGE)).toBeVisible();
  await shoot(page, 'agenda-card');
  // The day's grid opens it with its closing, the reason, and the notes to write.
  await page.goto(`/dashboard/appointments?vista=dia&data=${today()}`);
  await page.getByRole('button', { name: /Carla Caixa, .*\. Editar$/ }).click();
  const opened = page.getByRole('dialog', { name: 'Atendimento concluído' });
  await expect(opened).toHaveAccessibleDescription(
    `${APPOINTMENT_CLOSED_MESSAGE} As observações continuam editáveis.`,
  );
  await expect(
    opened.getByRole('button', { name: 'Ver recebimento de Carla Caixa' }),
  ).toBeVisible();
  await expect(opened.getByLabel('Horário de início')).toBeDisabled();
  await expect(opened.getByRole('combobox', { name: 'Status' })).toBeDisabled();
  await expect(opened.getByLabel('Observações')).toBeFocused();
  await shoot(page, 'closed-in-grid');
  await opened.getByLabel('Observações').fill('Prefere pressão leve');
  await opened.getByRole('button', { name: 'Salvar Alterações' }).click();
  await expectToast(page, 'Agendamento atualizado com sucesso!');

  // Caixa do dia.
  await page.getByRole('link', { name: 'Caixa do dia' }).first().click();
  const summary = page.getByRole('region', { name: 'Resumo do caixa' });
  await expect(summary).toContainText('Total recebidoR$ 75,50');
  await expect(summary).toContainText('GorjetasR$ 10,00');
  await expect(summary).toContainText('DescontosR$ 8,55');
  await expect(summary).toContainText('Em aberto (fiado)R$ 11,45');
  const methods = page.getByLabel('Por forma de pagamento', { exact: true });
  await expect(methods).toContainText('Pix (1)R$ 45,50');
  await expect(methods).toContainText('Dinheiro (1)R$ 30,00');
  await shoot(page, 'cash');

  // Relatórios: received next to booked.
  await page.goto('/dashboard/reports');
  await expect(page.getByRole('group', { name: 'Recebido no período' })).toContainText('R$ 75,50');
  await shoot(page, 'reports');

  // A package of 5, created under Serviços and sold on the client's card.
  await page.goto('/dashboard/services');
  await page.getByRole('button', { name: 'Novo pacote' }).click();
  const packageForm = page.getByRole('form', { name: 'Novo pacote' });
  await packageForm.getByLabel('Nome do pacote').pressSequentially('Pacote 5 massagens');
  await packageForm.getByLabel('Massagem E2E').check();
  await packageForm.getByLabel('Sessões').fill('5');
  await packageForm.getByLabel('Preço').pressSequentially('200,00');
  await packageForm.getByLabel('Validade (dias)').fill('90');
  await packageForm.getByRole('button', { name: 'Criar pacote' }).click();
  await expectToast(page, 'Pacote criado');
  await shoot(page, 'packages');
  await page.goto('/dashboard/clients');
  await page.getByRole('button', { name: 'Vender pacote para Carla Caixa' }).click();
  const sale = page.getByRole('form', { name: 'Vender pacote' });
  await sale
    .getByLabel('Pacote', { exact: true })
    .selectOption({ label: 'Pacote 5 massagens (R$ 200,00)' });
  await expect(sale.getByLabel('Valor do pagamento 1')).toHaveValue('200,00');
  await sale.getByRole('button', { name: 'Vender pacote' }).click();
  await expectToast(page, 'Pacote vendido');
  const card = page.getByLabel('Pacotes e pagamentos de Carla Caixa');
  await expect(card).toContainText('Pacote 5 massagens: 5 de 5 sessões');

  // Used when booking (the client's own booking) and when closing.
  const tomorrow = addDaysToDate(today(), 1);
  const booked = await page.request.post('/api/public/bookings', {
    data: {
      professionalId: me.profile.id,
      serviceIds: [serviceIds[0]],
      date: tomorrow,
      time: '10:00',
      clientName: 'Carla Caixa',
      clientEmail,
      clientPhone: null,
      notes: null,
      pow: await solvedPow(page.request),
      idempotencyKey: `caixa-${Date.now()}`,
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const bookedBody = (await booked.json()) as { manageUrl: string; appointments: { id: string }[] };
  const sold = (await (await api.get(`/api/clients/${clientId}/money`)).json()) as {
    packages: { id: string }[];
  };
  const used = await api.post(
    `/api/appointments/${bookedBody.appointments[0]!.id}/package-session`,
    {
      data: { clientPackageId: sold.packages[0]!.id },
    },
  );
  expect(used.status()).toBe(204);
  const second = await api.post('/api/appointments', {
    data: { clientId, serviceId: serviceIds[0], appointmentDate: tomorrow, startTime: '15:00' },
  });
  expect(second.status()).toBe(201);
  await page.goto('/dashboard/appointments?vista=lista');
  await page
    .getByRole('listitem')
    .filter({ hasText: '15:00' })
    .getByRole('button', { name: 'Concluir e receber de Carla Caixa' })
    .click();
  const closing = page.getByRole('form', { name: 'Concluir e receber' });
  await closing.getByLabel('Forma de pagamento 1').selectOption('Sessão de pacote');
  await closing.getByLabel('Pacote do pagamento 1').selectOption({ index: 1 });
  await closing.getByRole('button', { name: 'Concluir e receber' }).click();
  await expectToast(page, 'Atendimento concluído');

  await page.goto('/dashboard/clients');
  await expect(card).toContainText('Pacote 5 massagens: 3 de 5 sessões');
  await shoot(page, 'client-card');
  await page.goto(new URL(bookedBody.manageUrl).pathname);
  await expect(page.getByRole('region', { name: 'Seus pacotes' })).toContainText(
    'Pacote 5 massagens: 3 de 5 sessões restantes',
  );
  await shoot(page, 'manage');
});
