import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import {
  signatureOf,
  startWhatsappStandIn,
  whatsappEnv,
  type SentMessage,
  type WhatsappStandIn,
} from '../../../../scripts/whatsapp-stand-in.mjs';
import { CHANGE_NOTICE_QUEUE, REMINDER_QUEUE, WHATSAPP_QUEUE } from '../../src/db/queues';
import { createTestApp, type TestAppOptions, type TestContext } from './app';
import { nextIp } from './auth';
import { bookingBody, postBooking, type BookableProfessional } from './booking';
import { makeJobsDue } from './jobs';

export { answerBody, statusBody } from '../../../../scripts/whatsapp-stand-in.mjs';

/** The app with the four WhatsApp variables pointing at a fresh stand-in on 127.0.0.1. */
export async function createWhatsappApp(
  options: TestAppOptions = {},
): Promise<{ ctx: TestContext; standIn: WhatsappStandIn }> {
  const standIn = await startWhatsappStandIn();
  const ctx = await createTestApp({
    ...options,
    env: { ...whatsappEnv(standIn.url), ...options.env },
  });
  return { ctx, standIn };
}

export async function enableWhatsapp(
  shop: BookableProfessional,
  overrides: Record<string, boolean> = {},
) {
  const res = await shop.pro.request({
    method: 'PUT',
    url: '/api/settings/whatsapp',
    payload: {
      enabled: true,
      sendConfirmations: true,
      sendReminders: true,
      sendChanges: true,
      sendDeposits: true,
      sendWaitlist: true,
      ...overrides,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Runs the due jobs of the WhatsApp queue until none is left (planning jobs queue sends). */
export async function runWhatsapp(ctx: TestContext, rounds = 3) {
  for (let i = 0; i < rounds; i += 1) {
    await makeJobsDue(ctx.database.db, WHATSAPP_QUEUE);
    await ctx.app.jobs.runDue(WHATSAPP_QUEUE);
  }
}

export async function runReminders(ctx: TestContext) {
  await makeJobsDue(ctx.database.db, REMINDER_QUEUE);
  await ctx.app.jobs.runDue(REMINDER_QUEUE);
}

export async function runChangeNotices(ctx: TestContext) {
  await makeJobsDue(ctx.database.db, CHANGE_NOTICE_QUEUE);
  await ctx.app.jobs.runDue(CHANGE_NOTICE_QUEUE);
}

let phoneCounter = 0;
/** A distinct São Paulo mobile per call: typed like a person, and as the platform reads it. */
export function nextMobile(): { typed: string; wa: string } {
  phoneCounter += 1;
  const line = String(10_000_000 + phoneCounter * 7919).slice(-8);
  return { typed: `(11) 9${line.slice(0, 4)}-${line.slice(4)}`, wa: `55119${line}` };
}

export async function bookWithPhone(
  ctx: TestContext,
  shop: BookableProfessional,
  overrides: Record<string, unknown> = {},
) {
  const phone = nextMobile();
  const email = `zap-${randomUUID().slice(0, 8)}@exemplo.com.br`;
  const res = await postBooking(
    ctx,
    bookingBody(shop, { clientPhone: phone.typed, clientEmail: email, ...overrides }),
  );
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json();
  return { body, phone, email, token: (body.manageUrl as string).split('/agendamento/')[1]! };
}

export function sentTo(standIn: WhatsappStandIn, wa: string): SentMessage[] {
  return standIn.state.sent.filter((message) => message.to === wa);
}

export function bodyParams(message: SentMessage): string[] {
  const body = message.template?.components.find((c) => c.type === 'body');
  return body?.parameters.map((p) => p.text ?? '') ?? [];
}

export function buttonPayloads(message: SentMessage): string[] {
  return (
    message.template?.components
      .filter((c) => c.type === 'button')
      .map((c) => c.parameters[0]?.payload ?? '') ?? []
  );
}

/** Posts a webhook body as Meta would: signed with the app secret unless told otherwise. */
export function deliver(
  ctx: TestContext,
  body: string,
  options: { signature?: string | null; secret?: string } = {},
) {
  const signature =
    options.signature === undefined ? signatureOf(body, options.secret) : options.signature;
  return ctx.app.inject({
    method: 'POST',
    url: '/api/webhooks/whatsapp',
    headers: {
      'content-type': 'application/json',
      ...(signature === null ? {} : { 'x-hub-signature-256': signature }),
    },
    payload: body,
    remoteAddress: nextIp(),
  });
}
