import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WhatsappStandIn } from '../../../scripts/whatsapp-stand-in.mjs';
import { MAIL_QUEUE, PUSH_QUEUE } from '../src/db/queues';
import type { TestContext } from './helpers/app';
import { bookingBody, createBookableProfessional, postBooking, TUESDAY } from './helpers/booking';
import { makeJobsDue } from './helpers/jobs';
import { messagesOf, METRICS_TOKEN, scrape, valueOf } from './helpers/metrics';
import { startSmtpServer } from './helpers/smtp';
import {
  bookWithPhone,
  createWhatsappApp,
  enableWhatsapp,
  runWhatsapp,
  sentTo,
} from './helpers/whatsapp';

/**
 * Messages sent and failed in /metrics, by channel (docs/product.md, "The operator's side"):
 * each channel counted where it really leaves, against real peers on loopback: an SMTP server
 * that refuses one address, the WhatsApp Cloud API stand-in, a push service that fails on cue.
 */
let ctx: TestContext;
let standIn: WhatsappStandIn;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let pushService: Server;
let pushOrigin = '';
const pushAnswers: number[] = [];

beforeAll(async () => {
  smtp = await startSmtpServer(0, { refuse: (to) => to.startsWith('recusado') });
  pushService = createServer((request, response) => {
    request.resume();
    response.statusCode = pushAnswers.shift() ?? 201;
    response.end();
  });
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
  const address = pushService.address();
  pushOrigin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  ({ ctx, standIn } = await createWhatsappApp({
    env: {
      METRICS_TOKEN,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      PUSH_SERVICE_ORIGINS: pushOrigin,
    },
  }));
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  await standIn?.close();
  await smtp?.close();
  await new Promise((resolve) => pushService?.close(resolve));
});

describe('agendaki_messages_total', () => {
  it('counts e-mails sent and refused, and the mail job that failed', async () => {
    const studio = await createBookableProfessional(ctx);
    // Two mails: the client's (refused by the server) and the professional's (taken).
    const booked = await postBooking(
      ctx,
      bookingBody(studio, { clientEmail: 'recusado@exemplo.com.br' }),
    );
    expect(booked.statusCode, booked.body).toBe(201);
    await makeJobsDue(ctx.database.db, MAIL_QUEUE);
    const ran = await ctx.app.jobs.runDue(MAIL_QUEUE);
    expect(ran.failed).toBeGreaterThanOrEqual(1);
    const text = await scrape(ctx);
    expect(messagesOf(text, 'email', 'failed')).toBe(ran.failed);
    expect(messagesOf(text, 'email', 'sent')).toBe(ran.completed);
    expect(smtp.received).toHaveLength(ran.completed);
    expect(valueOf(text, 'agendaki_jobs_total{queue="mail",outcome="failed"}')).toBe(ran.failed);
  });

  it('counts WhatsApp messages the platform took and the ones it refused', async () => {
    const studio = await createBookableProfessional(ctx, { businessName: 'Studio Zap' });
    await enableWhatsapp(studio);
    const reached = await bookWithPhone(ctx, studio);
    const unreachable = await bookWithPhone(ctx, studio, { time: '10:00' });
    // No WhatsApp on that number: Meta answers 131026, a refusal no retry can pass.
    standIn.state.unreachable.add(unreachable.phone.wa);
    await runWhatsapp(ctx);
    expect(sentTo(standIn, reached.phone.wa)).toHaveLength(1);
    expect(sentTo(standIn, unreachable.phone.wa)).toHaveLength(0);
    const text = await scrape(ctx);
    expect(messagesOf(text, 'whatsapp', 'sent')).toBe(1);
    expect(messagesOf(text, 'whatsapp', 'failed')).toBe(1);
  });

  it('counts push messages delivered and failed, and the push job that failed', async () => {
    const studio = await createBookableProfessional(ctx, { businessName: 'Studio Push' });
    const device = await studio.pro.request({
      method: 'PUT',
      url: '/api/push/devices',
      payload: {
        endpoint: `${pushOrigin}/push/1`,
        keys: {
          p256dh: createECDH('prime256v1').generateKeys().toString('base64url'),
          auth: randomBytes(16).toString('base64url'),
        },
        label: 'Chrome no Android',
      },
    });
    expect(device.statusCode, device.body).toBe(200);
    const push = async () => {
      await makeJobsDue(ctx.database.db, PUSH_QUEUE);
      return ctx.app.jobs.runDue(PUSH_QUEUE);
    };

    // The earlier tests' bookings buzzed no device: their jobs go first.
    await push();
    expect((await postBooking(ctx, bookingBody(studio))).statusCode).toBe(201);
    expect(await push()).toMatchObject({ completed: 1, failed: 0 });
    // The push service down: the attempt fails and its job is retried later.
    pushAnswers.push(503);
    expect((await postBooking(ctx, bookingBody(studio, { date: TUESDAY }))).statusCode).toBe(201);
    expect(await push()).toMatchObject({ completed: 0, failed: 1 });
    const text = await scrape(ctx);
    expect(messagesOf(text, 'push', 'sent')).toBe(1);
    expect(messagesOf(text, 'push', 'failed')).toBe(1);
    expect(valueOf(text, 'agendaki_jobs_total{queue="push",outcome="failed"}')).toBe(1);
  });
});
