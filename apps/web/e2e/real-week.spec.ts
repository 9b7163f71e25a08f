import { addDaysToDate, timeToMinutes, zonedNow } from '@agendaki/shared';
import type { Page } from '@playwright/test';
import { format, parse } from 'date-fns';
import { ptBR } from 'date-fns/locale';
import {
  expectToast,
  MAIL_LINKS,
  signInThroughForm,
  uniqueEmail,
  waitForMailLink,
} from './account-helpers';
import {
  chooseServices,
  openTimes,
  showDate,
  solvedPow,
  TIME_ZONE,
  today,
} from './booking-helpers';
import { expect, test } from './fixtures';

/*
 * A real week at 390 px (docs/decisions/009-real-week.md): the professional closes a day in
 * Horário de Atendimento and sets the online rules by keyboard; on the public page the closed
 * day cannot be picked, the buffer after a booking removes the next start, the minimum notice
 * hides the next two hours, and a paused agenda shows its message.
 */

const PASSWORD = 'senha-segura-1';

// A paused or taken time answers 409, the sign-in page asks /api/me (401) before signing in.
test.use({
  allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 40[149]/],
});

function dayLabel(isoDate: string): RegExp {
  const label = format(parse(isoDate, 'yyyy-MM-dd', new Date()), 'PPPP', { locale: ptBR });
  return new RegExp(`${label}$`, 'i');
}

async function saveRules(page: Page) {
  await page.getByRole('button', { name: 'Salvar regras' }).click();
  await expectToast(page, 'Regras de agendamento salvas');
}

test('a closed day, a buffer, the minimum notice and a pause on the public page', async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'mobile', 'the phone journey, at 390 px');
  test.setTimeout(180_000);
  const email = uniqueEmail(testInfo, 'semana');
  const api = await playwright.request.newContext({ baseURL: baseURL! });
  expect(
    (
      await api.post('/api/auth/sign-up', {
        data: {
          email,
          password: PASSWORD,
          confirmPassword: PASSWORD,
          businessName: 'Studio Semana',
          professionalName: 'Lia Semana',
        },
      })
    ).status(),
  ).toBe(201);
  expect((await api.get(await waitForMailLink(email, MAIL_LINKS.verifyEmail))).ok()).toBe(true);
  expect((await api.post('/api/auth/sign-in', { data: { email, password: PASSWORD } })).ok()).toBe(
    true,
  );
  // Open every day, all day, so that only the rules decide.
  const week = [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
    dayOfWeek,
    startTime: '00:00',
    endTime: '23:59',
    isActive: true,
  }));
  expect((await api.put('/api/availability', { data: { windows: week } })).ok()).toBe(true);
  const service = await api.post('/api/services', {
    data: { name: 'Corte', description: null, price: 50, durationMinutes: 60, bufferMinutes: 30 },
  });
  expect(service.status()).toBe(201);
  const serviceId = ((await service.json()) as { id: string }).id;
  const link = ((await (await api.get('/api/me')).json()) as { profile: { customLink: string } })
    .profile.customLink;

  await page.goto('/auth');
  await signInThroughForm(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard/);

  // Configurações > Agendamento online, by keyboard: 2 hours' notice, 30 days ahead.
  await page.goto('/dashboard/settings?tab=booking');
  const notice = page.getByLabel('Antecedência mínima');
  await notice.focus();
  await notice.selectOption({ label: '2 horas' });
  const horizon = page.getByLabel('Agendar com até quantos dias de antecedência');
  await horizon.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('30');
  await saveRules(page);

  // Horário de Atendimento: the day after tomorrow closed.
  const tomorrow = addDaysToDate(today(), 1);
  const closedDay = addDaysToDate(today(), 2);
  await page.goto('/dashboard/availability');
  // The one calendar of the page is the "Datas especiais" one.
  const exceptions = page.getByRole('main');
  await expect(exceptions.getByRole('button', { name: 'Ir para o próximo mês' })).toBeVisible({
    timeout: 60_000,
  });
  let day = exceptions.getByRole('button', { name: dayLabel(closedDay) });
  if ((await day.count()) === 0) {
    await exceptions.getByRole('button', { name: 'Ir para o próximo mês' }).click();
    day = exceptions.getByRole('button', { name: dayLabel(closedDay) });
  }
  await day.click();
  await expect(exceptions.getByLabel('Fechado o dia todo')).toBeChecked();
  const dayForm = page.getByRole('form', { name: /^Data / });
  await dayForm.getByLabel('Observação (opcional)').focus();
  await page.keyboard.type('Consulta médica');
  await dayForm.getByRole('button', { name: 'Salvar data' }).click();
  const [year, month, dayOfMonth] = closedDay.split('-');
  await expectToast(page, `Data ${dayOfMonth}/${month}/${year} salva`);

  // A client booked tomorrow at 10:00 (60 minutes + 30 of buffer).
  const booked = await page.request.post('/api/public/bookings', {
    data: {
      professionalId: ((await (await api.get('/api/me')).json()) as { profile: { id: string } })
        .profile.id,
      serviceIds: [serviceId],
      date: tomorrow,
      time: '10:00',
      clientName: 'Cliente Semana',
      clientEmail: uniqueEmail(testInfo, 'cliente'),
      clientPhone: null,
      notes: null,
      pow: await solvedPow(page.request),
      idempotencyKey: `semana-${Date.now()}-${Math.random().toString(36).slice(2)}`,
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);

  await page.goto(`/book/${link}`);
  await chooseServices(page, ['Corte']);
  // The closed day cannot be picked.
  await expect(await showDate(page, closedDay)).toBeDisabled();

  // Tomorrow: 10:00 is taken and so is 11:00 (the buffer runs to 11:30).
  const tomorrowTimes = await openTimes(page, tomorrow);
  expect(tomorrowTimes).not.toContain('10:00');
  expect(tomorrowTimes).not.toContain('10:30');
  expect(tomorrowTimes).not.toContain('11:00');
  expect(tomorrowTimes).toContain('11:30');
  await page.getByRole('button', { name: 'Voltar' }).click();

  // Today: nothing within the next two hours. The journey runs at any hour: from about 20:30
  // on, two hours' notice leaves no 60-minute start before the day's 23:59 end, and then the
  // day itself is disabled.
  const now = zonedNow(new Date(), TIME_ZONE);
  const earliest = timeToMinutes(now.time) + 120;
  const lastStart = 22 * 60 + 30; // the last 30-minute step whose 60 minutes end by 23:59
  const firstStep = (minutes: number) => Math.ceil(minutes / 30) * 30;
  // Two minutes of margin: the server's clock reads "now" a moment after this one.
  if (firstStep(earliest + 2) <= lastStart) {
    const todayTimes = await openTimes(page, today());
    for (const time of todayTimes) expect(timeToMinutes(time)).toBeGreaterThanOrEqual(earliest);
    expect(todayTimes.length).toBeGreaterThan(0);
  } else if (firstStep(earliest - 2) > lastStart) {
    // Seen from tomorrow, which on a month's last day is in the next month.
    await expect(await showDate(page, today())).toBeDisabled();
  }

  // Paused: the public page says so, with the WhatsApp when there is one.
  await page.goto('/dashboard/settings?tab=booking');
  const pause = page.getByRole('switch', { name: 'Pausar agenda online' });
  await pause.focus();
  await page.keyboard.press('Space');
  await expect(pause).toBeChecked();
  await saveRules(page);
  await page.goto(`/book/${link}`);
  await expect(
    page.getByRole('heading', { name: 'Agenda online pausada no momento' }),
  ).toBeVisible();
  await api.dispose();
});
