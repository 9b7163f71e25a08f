import {
  expect,
  type APIRequestContext,
  type Page,
  type PlaywrightWorkerArgs,
  type TestInfo,
} from '@playwright/test';
import { MAIL_LINKS, signInThroughForm, uniqueEmail, waitForMailLink } from './account-helpers';

/** A professional made through the API for a journey that starts in their settings. */

export const PASSWORD = 'senha-segura-1';

export interface ProfessionalSetup {
  /** `email`: the prefix of the account's address (uniqueEmail). */
  names: { email: string; business: string; professional: string };
  service: { name: string; price: number; durationMinutes: number };
  /** Open every day of the week between these times; 09:00 to 18:00 unless told. */
  hours?: { start: string; end: string };
}

export interface Professional {
  email: string;
  /** Signed in as the professional. */
  api: APIRequestContext;
  customLink: string;
}

/**
 * Signed up, e-mail verified and signed in (an API context of its own), with one service and
 * open every day, so tomorrow is bookable whatever its weekday.
 */
export async function setUpProfessional(
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string,
  testInfo: TestInfo,
  setup: ProfessionalSetup,
): Promise<Professional> {
  const email = uniqueEmail(testInfo, setup.names.email);
  const api = await playwright.request.newContext({ baseURL });
  const signUp = await api.post('/api/auth/sign-up', {
    data: {
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      businessName: setup.names.business,
      professionalName: setup.names.professional,
    },
  });
  expect(signUp.status()).toBe(201);
  expect((await api.get(await waitForMailLink(email, MAIL_LINKS.verifyEmail))).ok()).toBe(true);
  expect((await api.post('/api/auth/sign-in', { data: { email, password: PASSWORD } })).ok()).toBe(
    true,
  );
  const service = await api.post('/api/services', {
    data: { ...setup.service, description: null },
  });
  expect(service.status()).toBe(201);
  const { start, end } = setup.hours ?? { start: '09:00', end: '18:00' };
  const week = await api.put('/api/availability', {
    data: {
      windows: [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
        dayOfWeek,
        startTime: start,
        endTime: end,
        isActive: true,
      })),
    },
  });
  expect(week.ok()).toBe(true);
  const me = (await (await api.get('/api/me')).json()) as { profile: { customLink: string } };
  return { email, api, customLink: me.profile.customLink };
}

/** The professional signs in on the page, through the form, and lands on the dashboard. */
export async function signInOnPage(page: Page, professional: Professional): Promise<void> {
  await page.goto('/auth');
  await signInThroughForm(page, professional.email, PASSWORD);
  await page.waitForURL(/\/dashboard/);
}
