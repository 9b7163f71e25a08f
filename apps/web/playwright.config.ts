import { defineConfig, type ReporterDescription } from '@playwright/test';

/*
 * Browser journeys against a running app (scripts/test-e2e.mjs builds the web app, starts the
 * real server and sets E2E_BASE_URL). Debian's Chromium, never a downloaded browser: these
 * machines have no internet.
 */
const baseURL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3100';
const jsonReport = process.env.E2E_JSON_REPORT;

const reporter: ReporterDescription[] = [['list']];
if (jsonReport) reporter.push(['json', { outputFile: jsonReport }]);

export default defineConfig({
  testDir: './e2e',
  // One server, one database: journeys run one after the other.
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter,
  use: {
    baseURL,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'mobile',
      use: {
        browserName: 'chromium',
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
      },
    },
    {
      name: 'desktop',
      use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } },
    },
  ],
});
