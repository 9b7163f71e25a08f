import fs from 'node:fs';
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';

/** The browser logs these for refused requests a journey provokes on purpose (401, 403, 400). */
export const REFUSED_REQUEST_ERRORS = [
  /Failed to load resource: the server responded with a status of 40[013]/,
];

/** A fresh address per test and viewport: both projects run every test on one database. */
export function uniqueEmail(testInfo: TestInfo, prefix = 'conta'): string {
  const random = Math.random().toString(36).slice(2, 8);
  return `${prefix}-${testInfo.project.name}-${Date.now()}-${random}@exemplo.com`;
}

export const MAIL_LINKS = {
  verifyEmail: '/api/auth/verify-email?token=',
  resetPassword: '/auth/nova-senha?token=',
} as const;

interface LoggedMail {
  to: string;
  subject: string;
  links: string[];
}

/**
 * The mails the server logged for `email` (no SMTP in the journeys): the log transport of
 * apps/server features/mail/worker.ts writes one JSON line per mail with `mail.links`.
 */
function readLoggedMails(email: string): LoggedMail[] {
  const logPath = process.env.E2E_SERVER_LOG;
  if (!logPath) throw new Error('E2E_SERVER_LOG não definido: rode com npm run test:e2e');
  const mails: LoggedMail[] = [];
  for (const line of fs.readFileSync(logPath, 'utf8').split('\n')) {
    if (!line.startsWith('{') || !line.includes('"mail"')) continue;
    try {
      const entry = JSON.parse(line) as { mail?: LoggedMail };
      if (entry.mail?.to === email) mails.push(entry.mail);
    } catch {
      // not a JSON log line
    }
  }
  return mails;
}

function findLinks(email: string, kind: string): string[] {
  return readLoggedMails(email).flatMap((mail) => mail.links.filter((link) => link.includes(kind)));
}

/** Waits for the worker to "send" a mail with such a link and returns the newest. */
export async function waitForMailLink(
  email: string,
  kind: string,
  seenBefore = 0,
): Promise<string> {
  await expect
    .poll(() => findLinks(email, kind).length, {
      message: `link ${kind} no log do servidor para ${email}`,
      timeout: 15_000,
    })
    .toBeGreaterThan(seenBefore);
  return findLinks(email, kind).at(-1)!;
}

export function countMailLinks(email: string, kind: string): number {
  return findLinks(email, kind).length;
}

/** Subjects of the mails the server logged for `email`, oldest first. */
export function loggedSubjects(email: string): string[] {
  return readLoggedMails(email).map((mail) => mail.subject);
}

/** The toast area (sonner, labelled "Notificações"). */
export function toasts(page: Page): Locator {
  return page.getByRole('region', { name: /Notificações/ });
}

export async function expectToast(page: Page, title: string, description?: string) {
  await expect(toasts(page).getByText(title, { exact: true }).first()).toBeVisible();
  if (description) {
    await expect(toasts(page).getByText(description, { exact: true }).first()).toBeVisible();
  }
}

export async function signInThroughForm(page: Page, email: string, password: string) {
  const form = page.getByRole('tabpanel', { name: 'Login' });
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Senha', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Entrar' }).click();
}
