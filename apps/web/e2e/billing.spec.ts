import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import {
  formatCurrencyFromCents,
  formatIsoDate,
  zonedToday,
  type BillingSummary,
  type PublicConfig,
} from '@agendaki/shared';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Billing journey on the embedded default (no Stripe keys): the local demonstration checkout
 * drives the same event path as Stripe's webhooks (docs/product.md, Subscription).
 */

const PASSWORD = 'senha-segura-123';
const TIME_ZONE = 'America/Sao_Paulo';

const formatDate = (iso: string) => formatIsoDate(zonedToday(new Date(iso), TIME_ZONE));

/** The confirmation link the server logged for `email` (no SMTP: mails go to the log). */
async function findConfirmationLink(email: string): Promise<string> {
  const logPath = process.env.E2E_SERVER_LOG;
  if (!logPath) throw new Error('E2E_SERVER_LOG is not set (run through npm run test:e2e)');
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    for (const line of fs.readFileSync(logPath, 'utf8').split('\n')) {
      if (!line.includes(email)) continue;
      try {
        const entry = JSON.parse(line) as { mail?: { to?: string; links?: string[] } };
        const link =
          entry.mail?.to === email && entry.mail.links?.find((l) => l.includes('verify-email'));
        if (link) return link;
      } catch {
        // not a JSON log line
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no confirmation mail for ${email} in ${logPath}`);
}

/** Signs up, confirms through the logged link and signs in; the session cookie lands in the page's context. */
async function createSignedInAccount(request: APIRequestContext): Promise<string> {
  const email = `assinatura-${randomUUID().slice(0, 8)}@exemplo.com.br`;
  const signUp = await request.post('/api/auth/sign-up', {
    data: {
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      businessName: 'Studio Assinatura',
      professionalName: 'Bia Lima',
    },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  const link = new URL(await findConfirmationLink(email));
  const confirm = await request.get(`${link.pathname}${link.search}`, { maxRedirects: 0 });
  expect(confirm.headers().location).toContain('verified=1');
  const signIn = await request.post('/api/auth/sign-in', { data: { email, password: PASSWORD } });
  expect(signIn.status(), await signIn.text()).toBe(200);
  return email;
}

function detail(page: Page, label: string): Locator {
  return page
    .getByTestId('subscription-details')
    .getByText(label)
    .locator('xpath=following-sibling::dd');
}

test('in the trial, "Assinar Agora" → demonstration checkout → "Pagar" → active', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await createSignedInAccount(page.request);
  const config = (await (await page.request.get('/api/config')).json()) as PublicConfig;
  const price = `${formatCurrencyFromCents(config.planPriceCents)}/mês`;

  // The one price: the landing page, the Assinaturas page and the checkout say the same.
  await page.goto('/');
  await expect(page.getByTestId('plan-price')).toHaveText(price);

  await page.goto('/dashboard/billing');
  await expect(page.getByRole('heading', { level: 1, name: 'Assinaturas' })).toBeVisible();
  await expect(page.getByText('Você tem 7 dias restantes no período gratuito!')).toBeVisible();
  await expect(page.getByTestId('billing-plan-price')).toHaveText(price);
  await expect(page.getByText('Link personalizado para agendamentos')).toBeVisible();
  await expect(page.getByText('7 dias grátis', { exact: true })).toBeVisible();
  await expect(page.getByText('Pagamento antecipado')).toBeVisible();
  await expect(detail(page, 'Status')).toHaveText('Período gratuito');

  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Assinar Agora' }).click();
  const checkout = await popup;
  await checkout.waitForURL(/\/checkout\/demo\?session=cs_local_[0-9a-f]+$/);
  await expect(checkout.getByText('Demonstração — nenhum pagamento real')).toBeVisible();
  await expect(checkout.getByTestId('demo-checkout-price')).toHaveText(price);
  await checkout.getByRole('button', { name: 'Pagar' }).click();
  await expect(checkout.getByText('Pagamento confirmado!')).toBeVisible();

  const summary = (await (await page.request.get('/api/billing')).json()) as BillingSummary;
  expect(summary).toMatchObject({ status: 'active', isActive: true, hasAccess: true });
  const days = summary.renewalDaysLeft;
  expect(days).toBeGreaterThanOrEqual(28);
  expect(days).toBeLessThanOrEqual(31);

  // The first tab hears about the payment and shows it without a reload.
  await page.bringToFront();
  await expect(page.getByText(`Assinatura ativa - Próxima cobrança em ${days} dias`)).toBeVisible();
  await expect(detail(page, 'Status')).toHaveText('Ativa');
  await expect(detail(page, 'Fim do período gratuito')).toHaveText(formatDate(summary.trialEnd!));
  await expect(detail(page, 'Próxima renovação')).toHaveText(formatDate(summary.currentPeriodEnd!));
  await expect(detail(page, 'Membro desde')).toHaveText(formatDate(summary.memberSince!));
  await expect(page.getByRole('button', { name: 'Assinar Agora' })).toHaveCount(0);
  await expect(page.getByText('Pagamento antecipado')).toHaveCount(0);

  // The dashboard's banner says the same.
  await page.goto('/dashboard');
  await expect(page.getByText(`Assinatura ativa - Próxima cobrança em ${days} dias`)).toBeVisible();

  // Cancelling the recurring payment keeps access until the period ends.
  await page.goto('/dashboard/billing');
  const cancelPopup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Cancelar Pagamento Recorrente' }).click();
  const portal = await cancelPopup;
  await portal.waitForURL(/\/checkout\/demo\?intent=cancel$/);
  await portal.getByRole('button', { name: 'Cancelar assinatura' }).click();
  const periodEnd = formatDate(summary.currentPeriodEnd!);
  await expect(portal.getByText(`Renovação cancelada: acesso até ${periodEnd}.`)).toBeVisible();
  await page.bringToFront();
  await expect(
    page.getByText(`Assinatura ativa até ${periodEnd} - renovação automática cancelada`),
  ).toBeVisible();
  await expect(detail(page, 'Próxima renovação')).toHaveText(
    `Não será renovada (acesso até ${periodEnd})`,
  );
});
