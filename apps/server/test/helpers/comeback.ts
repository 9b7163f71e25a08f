import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { sendJob } from '../../src/db/queue';
import { COMEBACK_QUEUE } from '../../src/db/queues';
import type { TestContext } from './app';
import { makeJobsDue } from './jobs';
import { outboxTo, type BookableProfessional } from './booking';

/** Runs the automations' tick once, as the minute's cron job would. */
export async function tick(ctx: TestContext) {
  await sendJob(ctx.database.db, COMEBACK_QUEUE, {});
  await makeJobsDue(ctx.database.db, COMEBACK_QUEUE);
  return ctx.app.jobs.runDue(COMEBACK_QUEUE);
}

export async function addClient(
  shop: BookableProfessional,
  name = 'Carla',
  contact: { phone?: string; withoutEmail?: boolean } = {},
) {
  const email = `cli-${randomUUID().slice(0, 8)}@exemplo.com.br`;
  const res = await shop.pro.request({
    method: 'POST',
    url: '/api/clients',
    payload: {
      name,
      ...(contact.withoutEmail ? {} : { email }),
      ...(contact.phone ? { phone: contact.phone } : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().id as string, email };
}

export async function addAppointment(
  shop: BookableProfessional,
  clientId: string,
  values: { date: string; time: string; status: string; serviceIndex?: number },
) {
  const res = await shop.pro.request({
    method: 'POST',
    url: '/api/appointments',
    payload: {
      clientId,
      serviceId: shop.services[values.serviceIndex ?? 0]!.id,
      appointmentDate: values.date,
      startTime: values.time,
      status: values.status,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

export async function enableAutomations(
  shop: BookableProfessional,
  overrides: Record<string, unknown> = {},
) {
  const res = await shop.pro.request({
    method: 'PUT',
    url: '/api/comeback/settings',
    payload: {
      returnEnabled: true,
      returnText: 'Oi {nome}, hora do seu {servico}! {link}',
      returnIntervals: [{ serviceId: shop.services[0]!.id, days: 21 }],
      reviewEnabled: false,
      reviewText: 'Conte como foi o {servico}: {link}',
      reviewUrl: null,
      missingText: 'Sentimos sua falta, {nome}! {link}',
      birthdayEnabled: false,
      birthdayText: 'Parabéns, {nome}! {link}',
      birthdayHour: 10,
      ...overrides,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

export async function messagesTo(ctx: TestContext, email: string, subjectPart: string) {
  return (await outboxTo(ctx, email)).filter((mail) => mail.subject.includes(subjectPart));
}

/** The unsubscribe link of a message's text. */
export function stopLinkIn(text: string): string {
  const match = /https?:\/\/\S+(\/descadastro\/[A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error(`no unsubscribe link in:\n${text}`);
  return match[1]!;
}
