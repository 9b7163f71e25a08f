import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { openFirstDayWithTimes } from './booking-helpers';
import { expect, settleAnimations, test } from './fixtures';

/*
 * The public booking page for a client on a cheap phone, with a keyboard or a screen reader:
 * its own small app (book.html), axe at every step, nothing wider than a 360 px screen, and
 * the whole booking reachable with the keyboard alone.
 */

// An unknown link is answered 404 by the API: the browser logs it.
test.use({
  allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 404/],
});

const PHONE = { width: 360, height: 740 };

/** axe's serious and critical findings, one readable line each (empty when there are none). */
async function seriousViolations(page: Page): Promise<string[]> {
  await settleAnimations(page);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help} — ` +
        violation.nodes
          .map((node) => `${node.target.join(' ')} (${node.failureSummary ?? ''})`)
          .join(', '),
    );
}

/** Horizontal overflow of the page, in CSS pixels (0: nothing needs a sideways scroll). */
function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

/**
 * Elements sticking out sideways of the booking card or the dialog that holds them: the
 * page may not scroll, yet a label crossing the card's border is cut or overlaps it.
 */
function elementsOutsideTheirBox(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const boxes = document.querySelectorAll('section[aria-label="Agendamento"], [role="dialog"]');
    const outside: string[] = [];
    for (const box of boxes) {
      const bounds = box.getBoundingClientRect();
      for (const element of box.querySelectorAll('*')) {
        const rect = element.getBoundingClientRect();
        if (rect.width === 0 || rect.height === 0) continue;
        if (rect.left < bounds.left - 0.5 || rect.right > bounds.right + 0.5) {
          const text = (element.textContent ?? '').trim().slice(0, 30);
          outside.push(
            `${element.tagName.toLowerCase()} "${text}" (${Math.round(rect.right)} > ${Math.round(bounds.right)})`,
          );
        }
      }
    }
    return outside;
  });
}

/**
 * Waits for the finite animations and transitions (a toast sliding in, a dialog fading in):
 * halfway through, axe would measure the contrast of colours still blending.
 */
async function waitForAnimations(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Infinity,
      ),
  );
}

/** At every step: no serious or critical axe finding; on the phone, nothing too wide. */
async function checkStep(page: Page, testInfo: TestInfo, step: string) {
  await waitForAnimations(page);
  expect(await seriousViolations(page), `axe: ${step}`).toEqual([]);
  if (testInfo.project.name === 'mobile') {
    expect(await horizontalOverflow(page), `largura em 360 px: ${step}`).toBe(0);
    expect(await elementsOutsideTheirBox(page), `fora do cartão em 360 px: ${step}`).toEqual([]);
  }
}

test.describe('public booking page, accessibility', () => {
  test.beforeEach(async ({ page }, testInfo) => {
    // The phone project at 360 px, the narrowest common Android screen.
    if (testInfo.project.name === 'mobile') await page.setViewportSize(PHONE);
  });

  test('every step of /book/demo: axe finds nothing serious, nothing overflows', async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    await page.goto('/book/demo');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Studio Agendaki Demo' }),
    ).toBeVisible();
    await checkStep(page, testInfo, 'serviços');

    await page.getByRole('button', { name: 'Design de sobrancelhas', exact: true }).click();
    await expect(page.getByTestId('booking-summary')).toContainText('1 serviço selecionado');
    await checkStep(page, testInfo, 'serviço escolhido');

    await page.getByRole('button', { name: 'Continuar para a data' }).click();
    await expect(page.getByRole('grid').first()).toBeVisible();
    await checkStep(page, testInfo, 'calendário');

    await openFirstDayWithTimes(page, 'demo', ['Design de sobrancelhas']);
    await checkStep(page, testInfo, 'horários');

    await page
      .getByRole('group')
      .getByRole('button', { name: /^\d\d:\d\d$/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Confirmar Agendamento' });
    await expect(dialog).toBeVisible();
    await checkStep(page, testInfo, 'confirmação');

    // Sent empty: every required field says what is wrong.
    await dialog.getByRole('button', { name: 'Confirmar agendamento' }).click();
    await expect(dialog.getByLabel('Nome completo')).toHaveAttribute('aria-invalid', 'true');
    await checkStep(page, testInfo, 'confirmação com erros');

    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialog).toBeHidden();

    // A toast (sonner, loaded on demand) on the page.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Compartilhar link' }).click();
    await expect(
      page.getByText('Link copiado!').or(page.getByText('Não foi possível copiar o link')),
    ).toBeVisible();
    await checkStep(page, testInfo, 'aviso (toast)');
  });

  test('the unknown professional card: axe finds nothing serious', async ({ page }, testInfo) => {
    await page.goto('/book/ninguem-com-este-link');
    await expect(page.getByRole('heading', { name: 'Profissional não encontrado' })).toBeVisible();
    await checkStep(page, testInfo, 'profissional não encontrado');
  });

  test('the whole booking with the keyboard alone, focus following each step', async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'a keyboard: the desktop journey');
    await page.goto('/book/demo');
    const firstService = page.getByRole('list', { name: 'Serviços' }).getByRole('button').first();
    await expect(firstService).toBeVisible();

    // The first thing Tab reaches is the first service; Space chooses it.
    await page.keyboard.press('Tab');
    await expect(firstService).toBeFocused();
    await page.keyboard.press('Space');
    await expect(firstService).toHaveAttribute('aria-pressed', 'true');

    await tabTo(page, page.getByRole('button', { name: 'Continuar para a data' }));
    await page.keyboard.press('Enter');
    // The new step's title takes the focus, so a screen reader announces it.
    await expect(page.getByRole('heading', { name: 'Escolha a data' })).toBeFocused();

    // Into the calendar: one day is focusable; the arrows skip closed and past days.
    await expect(page.getByRole('grid').first()).toBeVisible();
    await tabTo(page, page.getByRole('grid').getByRole('button'));
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect(page.getByText(/^Data selecionada:/)).toBeVisible();

    await tabTo(page, page.getByRole('button', { name: 'Continuar para horário' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Escolha o horário' })).toBeFocused();

    const firstSlot = page
      .getByRole('group')
      .getByRole('button', { name: /^\d\d:\d\d$/ })
      .first();
    await expect(
      firstSlot.or(page.getByText('Nenhum horário disponível nesta data')),
    ).toBeVisible();
    test.skip((await firstSlot.count()) === 0, 'o dia escolhido pelo teclado não tem horários');
    await tabTo(page, firstSlot);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Confirmar Agendamento' });
    await expect(dialog).toBeVisible();
    // Focus is inside the dialog (on the dialog itself: no keyboard pops up over the summary).
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);

    // Tab reaches the fields and stays in the dialog, however many times it is pressed.
    await tabTo(page, dialog.getByLabel('Nome completo'));
    await page.keyboard.type('Cliente Teclado');
    for (let i = 0; i < 12; i += 1) await page.keyboard.press('Tab');
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);

    // Escape closes it and gives the focus back to the time that opened it.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(firstSlot).toBeFocused();
  });

  test('a fast keyboard: Enter right after an arrow, before the next frame, picks the day the arrow reached', async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'a keyboard: the desktop journey');
    await page.goto('/book/demo');
    await page.getByRole('list', { name: 'Serviços' }).getByRole('button').first().click();
    // The month's bookable days arrive: from then on the calendar's days stay as they are.
    const bookableDays = page.waitForResponse((response) =>
      /\/api\/public\/professionals\/[^/]+\/days\?/.test(response.url()),
    );
    await page.getByRole('button', { name: 'Continuar para a data' }).click();
    await bookableDays;
    await expect(page.getByRole('grid').locator('button[tabindex="0"]')).toBeVisible();

    // All in one task, the way keys arrive on a slow phone: no frame is painted in between.
    // Each `await Promise.resolve()` only lets the page's own render (a microtask) run.
    const outcome = await page.evaluate(async () => {
      const settle = async () => {
        for (let i = 0; i < 5; i += 1) await Promise.resolve();
      };
      const label = (element: Element | null) => element?.getAttribute('aria-label') ?? '';
      const start = document.querySelector<HTMLButtonElement>(
        '[role="grid"] button[tabindex="0"]',
      )!;
      start.focus();
      await settle();
      start.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
      await settle();
      const reached = document.activeElement as HTMLButtonElement;
      const reachedLabel = label(reached);
      // What Enter does on a focused button: a click on it.
      reached.click();
      await settle();
      return {
        start: label(start),
        reached: reachedLabel,
        selected: label(document.activeElement),
      };
    });

    expect(outcome.reached).not.toBe(outcome.start);
    expect(outcome.reached).toMatch(/ de 20\d\d$/);
    // The day the arrow reached is the one chosen, and it keeps the focus.
    expect(outcome.selected).toBe(`${outcome.reached}, selecionado`);
    await expect(page.getByText(/^Data selecionada:/)).toBeVisible();
  });

  test('a shared link loads the public page on its own, not the router app', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/book/demo');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Studio Agendaki Demo' }),
    ).toBeVisible();

    expect(scripts.some((script) => /^\/assets\/book-[\w-]+\.js$/.test(script))).toBe(true);
    expect(scripts.filter((script) => /^\/assets\/main-[\w-]+\.js$/.test(script))).toEqual([]);
    // The page is styled: the CSS of the build applies (a Tailwind class on the page's root).
    await expect(page.locator('main')).toHaveCSS('max-width', '768px');
  });
});

/** Presses Tab until one of `target`'s elements has the focus (at most 40 times). */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 40; i += 1) {
    // evaluateAll does not wait for the elements: none yet is simply "not focused".
    if (
      await target.evaluateAll((elements) =>
        elements.some((element) => element === document.activeElement),
      )
    )
      return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab não chegou a ${target.toString()}`);
}
