import {
  addDaysToDate,
  zonedToday,
  type BookingDaysResponse,
  type PublicProfessionalResponse,
} from '@agendaki/shared';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { format, parse } from 'date-fns';
import { ptBR } from 'date-fns/locale';

/** Steps of the public booking page shared by the booking journeys. */

export const TIME_ZONE = 'America/Sao_Paulo';

export function today(): string {
  return zonedToday(new Date(), TIME_ZONE);
}

/**
 * A day of the calendar ("segunda-feira, 23 de novembro de 2026"), after moving back or forward
 * to its month: the calendar opens on the month of the day chosen last, which on a month's last
 * day may be the next one.
 */
export async function showDate(page: Page, isoDate: string) {
  const date = parse(isoDate, 'yyyy-MM-dd', new Date());
  const day = page.getByRole('button', { name: format(date, 'PPPP', { locale: ptBR }) });
  const grid = page.getByRole('grid').first();
  // The calendar's code arrives on demand: wait for it before looking for the day.
  await expect(grid).toBeVisible();
  for (let i = 0; i < 3 && (await day.count()) === 0; i += 1) {
    // The grid is named by its month ("dezembro 2026").
    const shown = parse((await grid.getAttribute('aria-label')) ?? '', 'LLLL yyyy', new Date(), {
      locale: ptBR,
    });
    const back = date < shown;
    await page
      .getByRole('button', { name: back ? 'Ir para o mês anterior' : 'Ir para o próximo mês' })
      .click();
  }
  return day;
}

export async function chooseDate(page: Page, isoDate: string) {
  await (await showDate(page, isoDate)).click();
}

export async function chooseServices(page: Page, names: string[]) {
  for (const name of names) {
    await page.getByRole('button', { name, exact: true }).click();
    await expect(page.getByRole('button', { name, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  }
  await page.getByRole('button', { name: 'Continuar para a data' }).click();
  await expect(page.getByRole('heading', { name: 'Escolha a data' })).toBeVisible();
}

/** From the date step: that day's times, or [] after "Nenhum horário disponível nesta data". */
export async function openTimes(page: Page, isoDate: string): Promise<string[]> {
  await chooseDate(page, isoDate);
  await page.getByRole('button', { name: 'Continuar para horário' }).click();
  await expect(page.getByRole('heading', { name: 'Escolha o horário' })).toBeVisible();
  // The times of a day seen before show at once while they are asked again (the list is
  // aria-busy meanwhile): read the fresh ones, not what was free a moment ago.
  await expect(page.locator('[aria-busy]')).toHaveAttribute('aria-busy', 'false');
  const slots = page.getByRole('group').getByRole('button', { name: /^\d\d:\d\d$/ });
  await expect(
    slots.first().or(page.getByText('Nenhum horário disponível nesta data')),
  ).toBeVisible();
  return slots.allTextContents();
}

/**
 * From the date step: the first day, from tomorrow, that the server offers for `serviceNames`
 * (the calendar disables the others, a fully booked Saturday among them) and that still has
 * times; leaves the page on its time step. Returns the day and its times.
 */
export async function openFirstDayWithTimes(
  page: Page,
  link: string,
  serviceNames: readonly string[],
): Promise<{ date: string; slots: string[] }> {
  const professional = (await (
    await page.request.get(`/api/public/professionals/${link}`)
  ).json()) as PublicProfessionalResponse;
  const serviceIds = serviceNames.map(
    (name) => professional.services.find((service) => service.name === name)!.id,
  );
  const first = addDaysToDate(today(), 1);
  const last = addDaysToDate(today(), 21);
  const bookable: string[] = [];
  for (const month of new Set([first.slice(0, 7), last.slice(0, 7)])) {
    const query = new URLSearchParams({ month, serviceIds: serviceIds.join(',') });
    const { days } = (await (
      await page.request.get(`/api/public/professionals/${link}/days?${query.toString()}`)
    ).json()) as BookingDaysResponse;
    bookable.push(...days.filter((day) => day >= first && day <= last));
  }
  let date = '';
  let slots: string[] = [];
  for (const day of bookable.sort()) {
    date = day;
    slots = await openTimes(page, date);
    if (slots.length > 0) break;
    await page.getByRole('button', { name: 'Voltar' }).click();
  }
  expect(slots.length, 'um dia com horários nas próximas 3 semanas').toBeGreaterThan(0);
  return { date, slots };
}

/**
 * The booking form's proof of work for a booking sent without the page (decision 028): the
 * server's challenge at its real cost, solved here as the page would.
 */
export async function solvedPow(request: APIRequestContext): Promise<string> {
  const res = await request.get('/api/public/booking-challenge');
  expect(res.status()).toBe(200);
  const challenge = (await res.json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
