import fs from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Locator, type Page } from '@playwright/test';

export interface ConsoleGuardOptions {
  /**
   * Console errors a journey expects (e.g. the browser's own "Failed to load resource: 401"
   * when a test checks a refused request). Anything else fails the test.
   */
  allowedConsoleErrors: RegExp[];
}

function watchPageErrors(page: Page, allowed: RegExp[]): string[] {
  const unexpected: string[] = [];
  const isAllowed = (text: string) => allowed.some((pattern) => pattern.test(text));
  page.on('console', (message) => {
    if (message.type() !== 'error' || isAllowed(message.text())) return;
    const { url, lineNumber } = message.location();
    unexpected.push(`console.error: ${message.text()}${url ? ` (${url}:${lineNumber})` : ''}`);
  });
  page.on('pageerror', (error) => {
    if (!isAllowed(error.message)) unexpected.push(`pageerror: ${error.message}`);
  });
  return unexpected;
}

let journeyCount = 0;

/**
 * Each journey comes from its own client address (the e2e server trusts X-Forwarded-For), as
 * real users do: the per-IP rate limits stay real and one journey never spends another's quota.
 * 198.18.0.0/15 is reserved for tests; nothing is sent there, it is only a header value.
 */
function nextClientAddress(): string {
  journeyCount += 1;
  return `198.18.${Math.floor(journeyCount / 250) % 250}.${(journeyCount % 250) + 1}`;
}

/** `test` whose page fails the test on any unexpected console.error or uncaught exception. */
export const test = base.extend<ConsoleGuardOptions>({
  allowedConsoleErrors: [[], { option: true }],
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': nextClientAddress() });
  },
  page: async ({ page, allowedConsoleErrors }, use) => {
    const unexpected = watchPageErrors(page, allowedConsoleErrors);
    await use(page);
    expect(unexpected, 'erros inesperados no console do navegador').toEqual([]);
  },
});

export { expect };

/**
 * A full-page screenshot (or of `part` alone) named `name` into the folder SHOTS_DIR names, for
 * a person to look at (`SHOTS_DIR=/tmp/shots npm run test:e2e`); nothing is written when unset.
 */
export async function saveShot(page: Page, name: string, part?: Locator): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  // `part` cut from the whole page scrolled to its top, where a sticky header stays at the top
  // instead of over it (as part.screenshot() would leave it once scrolled to).
  let clip: { x: number; y: number; width: number; height: number } | undefined;
  if (part) {
    await page.evaluate(() => window.scrollTo(0, 0));
    clip = (await part.boundingBox()) ?? undefined;
  }
  await page.screenshot({ path: file, fullPage: true, clip });
}

/** With SHOTS_DIR set, the screen (or `part`) at 390 px and 1280 px (`name-390`, `name-1280`). */
export async function saveShotsAtBothWidths(
  page: Page,
  name: string,
  part?: Locator,
): Promise<void> {
  if (!process.env.SHOTS_DIR) return;
  await saveShot(page, `${name}-390`, part);
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 1280, height: 900 });
  await saveShot(page, `${name}-1280`, part);
  await page.setViewportSize(size);
}

/**
 * Waits for the page's finite animations and transitions to end, so a check such as axe sees
 * what a person reads: a toast fading in (sonner's opacity transition) has, halfway, the
 * contrast of its half-transparent colors.
 */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    // Preact runs effects a frame after a change, so a transition they start (a toast's entry)
    // begins a frame or two later: look again until none is running.
    for (let round = 0; round < 10; round += 1) {
      for (let i = 0; i < 3; i += 1) await frame();
      const running = document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' &&
            animation.effect?.getTiming().iterations !== Infinity,
        );
      if (running.length === 0) return;
      await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
    }
  });
}
