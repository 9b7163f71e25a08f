import { addDaysToDate, formatIsoDate, SLOT_TAKEN_MESSAGE } from '@agendaki/shared';
import type { APIRequestContext, Page } from '@playwright/test';
import { countMailLinks, MAIL_LINKS, uniqueEmail, waitForMailLink } from './account-helpers';
import { chooseServices, solvedPow, today } from './booking-helpers';
import { expect, saveShot, test } from './fixtures';

/*
 * Lista de espera (docs/product.md): a full day, a client joins from the public page typing as a
 * person does; a cancellation reaches the first in line, the time is held against a second
 * client, accepted; a second cancellation reaches the next in line, whose offer expires (the
 * journeys hold offers for WAITLIST_HOLD_SECONDS, scripts/test-e2e.mjs) and the time is free again.
 */

const PASSWORD = 'senha-segura-1';
const SERVICE = 'Corte Espera';
const WEEKDAYS = ['dom', 'seg', 'ter', 'qua', 'qui', 'sex', 'sáb'];
const WAITLIST_LINK = '/lista-de-espera/';
test.use({
  allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 40[19]/],
});

async function professional(request: APIRequestContext, email: string) {
  const signUp = await request.post('/api/auth/sign-up', {
    data: {
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      businessName: 'Salão Fila E2E',
      professionalName: 'Rita Fila',
    },
  });
  expect(signUp.status()).toBe(201);
  expect((await request.get(await waitForMailLink(email, MAIL_LINKS.verifyEmail))).ok()).toBe(true);
  const signIn = await request.post('/api/auth/sign-in', { data: { email, password: PASSWORD } });
  expect(signIn.ok()).toBe(true);
  const service = await request.post('/api/services', {
    data: { name: SERVICE, price: 50, durationMinutes: 60, description: null },
  });
  expect(service.status()).toBe(201);
  const windows = [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
    dayOfWeek,
    startTime: '09:00',
    endTime: '12:00',
    isActive: true,
  }));
  expect((await request.put('/api/availability', { data: { windows } })).ok()).toBe(true);
  const me = (await (await request.get('/api/me')).json()) as {
    profile: { id: string; customLink: string };
  };
  return {
    profileId: me.profile.id,
    link: me.profile.customLink,
    serviceId: (await service.json()).id as string,
  };
}

async function book(
  request: APIRequestContext,
  pro: { profileId: string; serviceId: string },
  date: string,
  time: string,
  email: string,
) {
  return request.post('/api/public/bookings', {
    data: {
      professionalId: pro.profileId,
      serviceIds: [pro.serviceId],
      date,
      time,
      clientName: 'Cliente Fila',
      clientEmail: email,
      clientPhone: null,
      notes: null,
      idempotencyKey: crypto.randomUUID(),
      pow: await solvedPow(request),
    },
  });
}

function dayChip(date: string) {
  const [, m, d] = date.split('-');
  return `${WEEKDAYS[new Date(`${date}T12:00:00Z`).getUTCDay()]} ${d}/${m}`;
}

async function openOffer(page: Page, link: string) {
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole('heading', { name: 'Vagou um horário para você!' })).toBeVisible();
}

test('a freed time goes to the first in line, held for her, then to the next until it expires', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  const width = testInfo.project.name === 'mobile' ? 390 : 1280;
  const proEmail = uniqueEmail(testInfo, 'fila');
  const pro = await professional(request, proEmail);
  const date = addDaysToDate(today(), 2);
  const booked: Record<string, string> = {};
  for (const time of ['09:00', '10:00', '11:00']) {
    const res = await book(
      request,
      pro,
      date,
      time,
      uniqueEmail(testInfo, `cheio-${time.slice(0, 2)}`),
    );
    expect(res.status(), await res.text()).toBe(201);
    booked[time] = (await res.json()).appointments[0].id;
  }

  // Ana finds the day full and joins the list, typing as a person does.
  const ana = uniqueEmail(testInfo, 'ana');
  await page.goto(`/book/${pro.link}`);
  await chooseServices(page, [SERVICE]);
  await page.getByRole('button', { name: 'Entrar na lista de espera' }).click();
  const dialog = page.getByRole('dialog', { name: 'Entrar na lista de espera' });
  await dialog.getByRole('button', { name: dayChip(date) }).click();
  await dialog.getByRole('button', { name: 'Manhã' }).click();
  await dialog.getByLabel('Nome completo').pressSequentially('Ana Espera');
  await dialog.getByLabel('E-mail', { exact: true }).pressSequentially(ana);
  await saveShot(page, `waitlist-join-${width}`);
  await dialog.getByRole('button', { name: 'Entrar na lista de espera' }).click();
  await expect(dialog.getByText('Pronto! Você está na lista de espera.')).toBeVisible();
  await saveShot(page, `waitlist-joined-${width}`);
  await waitForMailLink(ana, WAITLIST_LINK);
  const anaMails = countMailLinks(ana, WAITLIST_LINK);

  // Bia joins after her, from another phone.
  const bia = uniqueEmail(testInfo, 'bia');
  const joined = await request.post('/api/public/waitlist', {
    data: {
      professionalId: pro.profileId,
      serviceIds: [pro.serviceId],
      dates: [date],
      periods: ['manha'],
      clientName: 'Bia Espera',
      clientEmail: bia,
      requestKey: crypto.randomUUID(),
      pow: await solvedPow(request),
    },
  });
  expect(joined.status(), await joined.text()).toBe(201);
  const biaToken = String((await joined.json()).entryUrl).split(WAITLIST_LINK)[1]!;
  await waitForMailLink(bia, WAITLIST_LINK);
  const biaMails = countMailLinks(bia, WAITLIST_LINK);

  // 10:00 is cancelled: the offer reaches Ana, the first in line.
  const cancel = (time: string) =>
    request.patch(`/api/appointments/${booked[time]}`, { data: { status: 'cancelled' } });
  expect((await cancel('10:00')).ok()).toBe(true);
  const anaOffer = await waitForMailLink(ana, WAITLIST_LINK, anaMails);

  // Held for Ana: Carla does not see the day, and booking 10:00 anyway is refused.
  const carla = await page.context().newPage();
  await carla.goto(`/book/${pro.link}`);
  await chooseServices(carla, [SERVICE]);
  await expect(carla.getByRole('grid').first()).toBeVisible();
  const carlaTry = await book(request, pro, date, '10:00', uniqueEmail(testInfo, 'carla'));
  expect(carlaTry.status()).toBe(409);
  expect((await carlaTry.json()).message).toBe(SLOT_TAKEN_MESSAGE);
  await carla.close();

  await openOffer(page, anaOffer);
  await expect(page.getByText(`${formatIsoDate(date)} às 10:00`)).toBeVisible();
  await saveShot(page, `waitlist-offer-${width}`);
  await page.getByRole('button', { name: 'Quero este horário', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Seu horário está reservado' })).toBeVisible();
  await saveShot(page, `waitlist-accepted-${width}`);

  // 11:00 is cancelled: the offer reaches Bia, who lets it expire.
  expect((await cancel('11:00')).ok()).toBe(true);
  await waitForMailLink(bia, WAITLIST_LINK, biaMails);
  const biaView = async () =>
    (await (await request.get(`/api/public/waitlist/${biaToken}`)).json()) as {
      status: string;
      offer: { time: string } | null;
    };
  expect((await biaView()).offer?.time).toBe('11:00');

  // The professional's list for that day.
  await page.goto('/auth');
  const form = page.getByRole('tabpanel', { name: 'Login' });
  await form.getByLabel('Email', { exact: true }).pressSequentially(proEmail);
  await form.getByLabel('Senha', { exact: true }).pressSequentially(PASSWORD);
  await form.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/dashboard/lista-de-espera');
  await page.getByRole('button', { name: 'Próximo dia' }).click();
  await page.getByRole('button', { name: 'Próximo dia' }).click();
  await expect(page.getByRole('heading', { name: formatIsoDate(date) })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Ana Espera' })).toContainText('Agendou');
  await expect(page.getByRole('article', { name: 'Bia Espera' })).toContainText('Oferecido até');
  await saveShot(page, `waitlist-professional-${width}`);

  await expect
    .poll(async () => (await biaView()).offer, { timeout: 120_000, intervals: [2_000] })
    .toBeNull();
  expect((await biaView()).status).toBe('waiting');
  // Her page drops the offer at the deadline; the hold goes when the deadline's job runs,
  // a poll of the queue later (seconds).
  const freeTimes = async () => {
    const slots = await request.get(
      `/api/public/professionals/${pro.link}/slots?date=${date}&serviceIds=${pro.serviceId}`,
    );
    return ((await slots.json()) as { slots: string[] }).slots;
  };
  await expect.poll(freeTimes, { timeout: 30_000, intervals: [1_000] }).toContain('11:00');
  await page.reload();
  await page.getByRole('button', { name: 'Próximo dia' }).click();
  await page.getByRole('button', { name: 'Próximo dia' }).click();
  await expect(page.getByRole('article', { name: 'Bia Espera' })).toContainText('Aguardando');
});
