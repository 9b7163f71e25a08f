import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { addDaysToDate, type PublicProfessionalResponse } from '@agendaki/shared';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  expectToast,
  MAIL_LINKS,
  REFUSED_REQUEST_ERRORS,
  waitForMailLink,
} from './account-helpers';
import { solvedPow } from './booking-helpers';
import { expect, saveShot, test } from './fixtures';

/**
 * The operator's side (docs/product.md section 12): an account given the role by the command
 * finds a professional, extends her trial (her banner shows the new days), suspends her (her
 * public page stops taking bookings) and reactivates her; a professional gets 403 on /api/admin.
 */

const PASSWORD = 'senha-segura-123';
test.use({ allowedConsoleErrors: REFUSED_REQUEST_ERRORS });

async function signUpAndSignIn(request: APIRequestContext, name: string, business: string) {
  const email = `${name.split(' ')[0]!.toLowerCase()}-${randomUUID().slice(0, 8)}@exemplo.com.br`;
  const signUp = await request.post('/api/auth/sign-up', {
    data: {
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      businessName: business,
      professionalName: name,
    },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  const link = new URL(await waitForMailLink(email, MAIL_LINKS.verifyEmail));
  const confirm = await request.get(`${link.pathname}${link.search}`, { maxRedirects: 0 });
  expect(confirm.headers().location).toContain('verified=1');
  const signIn = await request.post('/api/auth/sign-in', { data: { email, password: PASSWORD } });
  expect(signIn.status(), await signIn.text()).toBe(200);
  return email;
}

/** `npm run admin:grant -- email`, run as the person on the server's machine runs it. */
function grantOperator(email: string): string {
  return execFileSync('npm', ['run', '--silent', 'admin:grant', '--', email], {
    cwd: process.cwd(),
    encoding: 'utf8',
    env: {
      ...process.env,
      DATA_DIR: process.env.E2E_DATA_DIR ?? '',
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
    },
  });
}

async function act(page: Page, email: string, button: string, reason: string, days?: string) {
  const card = page.getByRole('article', { name: new RegExp(email.replace(/[.]/g, '\\.')) });
  await card.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog');
  if (days) {
    await dialog.getByLabel('Dias a mais').fill(days);
  }
  await dialog.getByLabel('Motivo').fill(reason);
  await dialog.getByRole('button', { name: button.split(' ')[0]! }).click();
  await expect(dialog).toBeHidden();
  return card;
}

test('an operator extends a trial, suspends and reactivates a professional', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const shot = (name: string) => saveShot(page, `operator-${name}-${testInfo.project.name}`);

  // Her own browser, from her own address (198.19.0.0/16: reserved for tests).
  const herContext = await browser.newContext({
    baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3100',
    extraHTTPHeaders: {
      'x-forwarded-for': `198.19.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`,
    },
  });
  const her = await herContext.newPage();
  const herEmail = await signUpAndSignIn(her.request, 'Marta Alvo', 'Estúdio Marta');
  const herLink = (await (await her.request.get('/api/me')).json()).profile.customLink as string;
  await her.goto('/dashboard');
  await expect(her.getByText('Você tem 7 dias restantes no período gratuito!')).toBeVisible();

  // A professional is refused by every console route, and by the page.
  for (const url of ['/api/admin/professionals', '/api/admin/numbers', '/api/admin/audit-log']) {
    expect((await her.request.get(url)).status(), url).toBe(403);
  }
  await her.goto('/admin');
  await expect(her.getByRole('heading', { name: 'Acesso restrito' })).toBeVisible();

  const operatorEmail = await signUpAndSignIn(page.request, 'Olga Operadora', 'Agendaki');
  expect(grantOperator(operatorEmail)).toContain('agora é operador(a)');
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Console de operação' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Contas pagantes' })).toBeVisible();

  await page.getByRole('searchbox', { name: /Buscar profissional/ }).fill(herLink);
  const card = page.getByRole('article', { name: new RegExp(herEmail.replace(/[.]/g, '\\.')) });
  await expect(card).toContainText('Teste grátis · 7 dias restantes');
  await expect(page.getByRole('article')).toHaveCount(1);
  await shot('search');

  await act(page, herEmail, 'Estender teste', 'Pediu mais prazo para testar', '5');
  await expectToast(page, 'Teste grátis estendido.');
  await expect(card).toContainText('Teste grátis · 12 dias restantes');
  const log = page.getByRole('list', { name: 'Ações registradas' });
  await expect(log).toContainText('Estendeu o teste grátis');
  await expect(log).toContainText('Motivo: Pediu mais prazo para testar');
  await her.goto('/dashboard');
  await expect(her.getByText('Você tem 12 dias restantes no período gratuito!')).toBeVisible();

  await act(page, herEmail, 'Suspender', 'Denúncia de cobrança indevida');
  await expectToast(page, 'Conta suspensa.');
  await expect(card.getByText('Suspensa', { exact: true })).toBeVisible();
  await shot('suspended');
  await her.goto(`/book/${herLink}`);
  await expect(
    her.getByRole('heading', { name: 'Agenda online pausada no momento' }),
  ).toBeVisible();
  await her.goto('/dashboard');
  await expect(her).toHaveURL(/\/auth/);

  await act(page, herEmail, 'Reativar', 'Resolvido com a profissional');
  await expectToast(page, 'Conta reativada.');
  await expect(card.getByText('Suspensa', { exact: true })).toBeHidden();
  await her.goto(`/book/${herLink}`);
  await expect(her.getByText('Nenhum serviço disponível no momento.')).toBeVisible();
  await expect(log.getByRole('listitem').filter({ hasText: herEmail })).toHaveCount(3);
  await page.getByRole('searchbox', { name: /Buscar profissional/ }).fill('');
  await shot('console');
  await herContext.close();
});

test('/metrics refuses without its token and counts a booking with it', async ({ request }) => {
  const token = process.env.E2E_METRICS_TOKEN ?? '';
  const refused = await request.get('/metrics');
  expect(refused.status()).toBe(401);
  expect(await refused.text()).not.toContain('agendaki_');
  const bookings = async () => {
    const res = await request.get('/metrics', { headers: { authorization: `Bearer ${token}` } });
    expect(res.status()).toBe(200);
    const line = (await res.text())
      .split('\n')
      .find((candidate) => candidate.startsWith('agendaki_bookings_created_total '));
    return Number(line?.split(' ')[1]);
  };
  const before = await bookings();

  const demo = (await (
    await request.get('/api/public/professionals/demo')
  ).json()) as PublicProfessionalResponse;
  const serviceId = demo.services[0]!.id;
  let date = demo.today;
  let slots: string[] = [];
  for (let day = 1; day <= 21 && slots.length === 0; day += 1) {
    date = addDaysToDate(demo.today, day);
    const query = new URLSearchParams({ date, serviceIds: serviceId });
    const res = await request.get(`/api/public/professionals/demo/slots?${query}`);
    slots = ((await res.json()) as { slots: string[] }).slots;
  }
  const booked = await request.post('/api/public/bookings', {
    data: {
      professionalId: demo.profile.id,
      serviceIds: [serviceId],
      date,
      time: slots.at(-1),
      clientName: 'Cliente das Métricas',
      clientEmail: `metricas-${randomUUID().slice(0, 8)}@exemplo.com.br`,
      clientPhone: null,
      notes: null,
      idempotencyKey: randomUUID(),
      pow: await solvedPow(request),
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  expect(await bookings()).toBe(before + 1);
});
