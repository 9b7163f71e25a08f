import type { PublicConfig } from '@agendaki/shared';
import { formatCurrencyFromCents } from '@agendaki/shared';
import { expect, test } from './fixtures';

const HERO_TITLE = 'Sistema de Agendamento Automático para Profissionais';
const FEATURE_TITLES = [
  'Agendamento Online 24/7',
  'Controle de Horários Sem Conflitos',
  'Gestão de Clientes',
  'Link Personalizado',
];

test.describe('landing page', () => {
  test('shows the offer with the price the server is configured with', async ({
    page,
    request,
  }) => {
    const response = await request.get('/api/config');
    expect(response.ok()).toBe(true);
    const config = (await response.json()) as PublicConfig;
    const price = formatCurrencyFromCents(config.planPriceCents);
    expect(price).toMatch(/^R\$ \d{1,3}(\.\d{3})*,\d{2}$/);

    await page.goto('/');

    await expect(page).toHaveTitle('Agendaki — Agendamento online para profissionais');
    await expect(page.getByRole('heading', { level: 1, name: HERO_TITLE })).toBeVisible();
    for (const title of FEATURE_TITLES) {
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
    }
    await expect(page.getByTestId('plan-price')).toHaveText(`${price}/mês`);
    await expect(page.getByText(`${price}/mês`).first()).toBeVisible();
    await expect(page.getByText('7 dias grátis').first()).toBeVisible();
    await expect(page.getByText('© 2024 Agendaki. Todos os direitos reservados.')).toBeVisible();
  });

  test.describe(() => {
    // /auth asks GET /api/me to redirect a signed-in visitor: signed out, the browser logs the 401.
    test.use({ allowedConsoleErrors: [/Failed to load resource: .*status of 401/] });

    test('"Cadastrar Agora - 7 Dias Grátis" leads to /auth', async ({ page }) => {
      await page.goto('/');
      await page.getByRole('link', { name: 'Cadastrar Agora - 7 Dias Grátis' }).click();

      await expect(page).toHaveURL(/\/auth$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();
    });
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('the HTML the server sends already has the texts and the configured price', async ({
      page,
      request,
    }) => {
      const config = (await (await request.get('/api/config')).json()) as PublicConfig;
      const price = `${formatCurrencyFromCents(config.planPriceCents)}/mês`;

      const response = await page.goto('/');
      const html = await response!.text();
      expect(html).toContain(
        HERO_TITLE.replace('Automático', '<span class="text-primary">Automático</span>'),
      );
      expect(html).not.toMatch(/<script\b/i);
      expect(html).not.toContain('modulepreload');

      await expect(page.getByRole('heading', { level: 1, name: HERO_TITLE })).toBeVisible();
      for (const title of FEATURE_TITLES) {
        await expect(page.getByRole('heading', { name: title })).toBeVisible();
      }
      await expect(page.getByTestId('plan-price')).toHaveText(price);
      await expect(page.getByText(price).first()).toBeVisible();
      await expect(page.getByText('Quem usa, recomenda')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Ver Demonstração' })).toHaveAttribute(
        'href',
        '/book/demo',
      );
    });
  });

  test.describe(() => {
    // /auth asks GET /api/me to redirect a signed-in visitor: signed out, the browser logs the 401.
    test.use({ allowedConsoleErrors: [/Failed to load resource: .*status of 401/] });

    test('loads no script (no dashboard chunk); its links lead into the app', async ({ page }) => {
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(request.url());
      });
      await page.goto('/');
      await page.waitForLoadState('load');
      expect(scripts).toEqual([]);

      await page
        .getByRole('navigation', { name: 'Acesso' })
        .getByRole('link', { name: 'Entrar' })
        .click();
      await expect(page).toHaveURL(/\/auth$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();

      await page.goto('/');
      await page.getByRole('link', { name: 'Começar meu teste grátis' }).click();
      await expect(page).toHaveURL(/\/auth$/);

      await page.goto('/');
      await page.getByRole('link', { name: 'Ver Demonstração' }).click();
      await expect(page).toHaveURL(/\/book\/demo$/);
    });
  });

  test('nothing overflows the viewport horizontally', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('plan-price')).toBeVisible();

    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
  });
});

test.describe('not-found page', () => {
  // The server answers an unknown address with the app and 404 (issue 44): the browser logs it.
  test.use({
    allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 404/],
  });

  test('an unknown path shows the 404 page and "Voltar para Home" returns to /', async ({
    page,
  }) => {
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });

    await page.goto('/essa-pagina-nao-existe');

    await expect(page.getByText('404', { exact: true })).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Página não encontrada' }),
    ).toBeVisible();
    expect(warnings).toContain('404: rota inexistente acessada: /essa-pagina-nao-existe');

    await page.getByRole('link', { name: 'Voltar para Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: HERO_TITLE })).toBeVisible();
  });
});
