import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WhatsappStandIn } from '../../../scripts/whatsapp-stand-in.mjs';
import type { TestContext } from './helpers/app';
import {
  createBookableProfessional,
  MONDAY,
  outboxTo,
  TUESDAY,
  type BookableProfessional,
} from './helpers/booking';
import {
  bodyParams,
  bookWithPhone,
  buttonPayloads,
  createWhatsappApp,
  deliver,
  enableWhatsapp,
  runReminders,
  runWhatsapp,
  sentTo,
  statusBody,
} from './helpers/whatsapp';

/**
 * WhatsApp messages through the Cloud API stand-in (docs/decisions/037-whatsapp-cloud-api.md):
 * the confirmation with its variables and buttons, the reminder once at its time instead of the
 * e-mail, failures falling back to e-mail, states from status webhooks.
 */
let ctx: TestContext;
let standIn: WhatsappStandIn;
let shop: BookableProfessional;
const SATURDAY_0900 = '2026-11-21T12:00:00.000Z';

beforeAll(async () => {
  ({ ctx, standIn } = await createWhatsappApp({
    now: SATURDAY_0900,
    env: { WHATSAPP_TIMEOUT_MS: '1500' },
  }));
  shop = await createBookableProfessional(ctx, { businessName: 'Studio Zap' });
});
afterAll(async () => {
  await ctx.close();
  await standIn.close();
});

async function clientHistory(phoneTyped: string) {
  const list = await shop.pro.request({ method: 'GET', url: '/api/clients?pageSize=100' });
  // Stored in E.164 (issue 47): "+55" before the digits typed.
  const digits = (value: string | null) => (value ?? '').replace(/\D/g, '');
  const client = list
    .json()
    .items.find((c: { phone: string | null }) => digits(c.phone) === `55${digits(phoneTyped)}`);
  const res = await shop.pro.request({ method: 'GET', url: `/api/clients/${client.id}/whatsapp` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('without the professional turning it on', () => {
  it('sends nothing: the product works as before', async () => {
    ctx.clock.set(SATURDAY_0900);
    const { phone, body, email } = await bookWithPhone(ctx, shop, { time: '13:00' });
    await runWhatsapp(ctx);
    expect(sentTo(standIn, phone.wa)).toHaveLength(0);
    expect((await outboxTo(ctx, email)).map((m) => m.subject)[0]).toContain('Agendamento');
    expect(body.manageUrl).toContain('/agendamento/');
  });
});

describe('with WhatsApp on', () => {
  beforeAll(async () => {
    await enableWhatsapp(shop);
  });

  it('a booking sends the confirmation template once, with its variables and buttons', async () => {
    ctx.clock.set(SATURDAY_0900);
    const { phone, body } = await bookWithPhone(ctx, shop, { time: '09:00' });
    await runWhatsapp(ctx);
    await runWhatsapp(ctx);
    const sent = sentTo(standIn, phone.wa);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.template?.name).toBe('agendaki_agendamento_confirmado');
    expect(sent[0]!.template?.language.code).toBe('pt_BR');
    expect(bodyParams(sent[0]!)).toEqual([
      'Maria Cliente',
      'Studio Zap',
      '23/11/2026',
      '09:00',
      body.manageUrl,
    ]);
    const payloads = buttonPayloads(sent[0]!);
    expect(payloads.map((p) => p.split(':')[0])).toEqual(['CONFIRMAR', 'REMARCAR', 'CANCELAR']);
    const history = await clientHistory(phone.typed);
    expect(history.messages[0]).toMatchObject({ kind: 'booking_confirmed', status: 'sent' });
    expect(history.messages[0].text).toContain('23/11/2026 às 09:00');
  });

  it('the reminder goes once at its time by WhatsApp instead of the e-mail', async () => {
    ctx.clock.set(SATURDAY_0900);
    const { phone, email } = await bookWithPhone(ctx, shop, { time: '10:00' });
    await runWhatsapp(ctx);
    ctx.clock.set('2026-11-22T13:00:00.000Z');
    await runReminders(ctx);
    await runReminders(ctx);
    await runWhatsapp(ctx);
    const reminders = sentTo(standIn, phone.wa).filter(
      (m) => m.template?.name === 'agendaki_lembrete',
    );
    expect(reminders).toHaveLength(1);
    expect(bodyParams(reminders[0]!).slice(0, 5)).toEqual([
      'Maria Cliente',
      'Studio Zap',
      'em 24 horas',
      '23/11/2026',
      '10:00',
    ]);
    const mails = await outboxTo(ctx, email);
    expect(mails.filter((m) => m.subject.startsWith('Lembrete'))).toHaveLength(0);
  });

  it('a number without WhatsApp fails, falls back to the e-mail and is flagged', async () => {
    ctx.clock.set(SATURDAY_0900);
    const { phone, email } = await bookWithPhone(ctx, shop, { time: '11:00' });
    await runWhatsapp(ctx);
    standIn.state.unreachable.add(phone.wa);
    ctx.clock.set('2026-11-22T14:00:00.000Z');
    await runReminders(ctx);
    await runWhatsapp(ctx);
    const mails = await outboxTo(ctx, email);
    expect(mails.filter((m) => m.subject.startsWith('Lembrete'))).toHaveLength(1);
    const history = await clientHistory(phone.typed);
    expect(history.unreachable).toBe(true);
    expect(history.messages[0]).toMatchObject({ kind: 'reminder', status: 'failed' });
  });

  it('the platform down is retried; a success after it sends once', async () => {
    ctx.clock.set(SATURDAY_0900);
    standIn.state.failures.push({ status: 500, code: 1 }, 'timeout');
    const { phone } = await bookWithPhone(ctx, shop, { time: '14:00' });
    await runWhatsapp(ctx, 6);
    expect(sentTo(standIn, phone.wa)).toHaveLength(1);
    expect((await clientHistory(phone.typed)).messages[0].status).toBe('sent');
  }, 30_000);

  it('status webhooks move the state forward only: entregue, lida', async () => {
    ctx.clock.set(SATURDAY_0900);
    const { phone } = await bookWithPhone(ctx, shop, { date: TUESDAY, time: '09:00' });
    await runWhatsapp(ctx);
    const [message] = sentTo(standIn, phone.wa);
    const read = await deliver(ctx, statusBody({ id: message!.id, status: 'read' }));
    expect(read.statusCode, read.body).toBe(200);
    const late = await deliver(ctx, statusBody({ id: message!.id, status: 'delivered' }));
    expect(late.json().statuses).toBe(0);
    expect((await clientHistory(phone.typed)).messages[0].status).toBe('read');
  });

  it('the cards read each booking latest state; the settings count the month', async () => {
    ctx.clock.set(SATURDAY_0900);
    const { body } = await bookWithPhone(ctx, shop, { date: TUESDAY, time: '10:00' });
    await runWhatsapp(ctx);
    const cards = await shop.pro.request({
      method: 'GET',
      url: `/api/whatsapp/bookings?ids=${body.bookingId},nao-e-id`,
    });
    expect(cards.json()).toEqual([
      { bookingId: body.bookingId, kind: 'booking_confirmed', status: 'sent', optedOut: false },
    ]);
    const settings = await shop.pro.request({ method: 'GET', url: '/api/settings/whatsapp' });
    expect(settings.json()).toMatchObject({ available: true, enabled: true, monthlyCap: 1000 });
    expect(settings.json().monthCount).toBeGreaterThanOrEqual(5);
  });

  it('a client without a mobile gets the e-mail reminder as before', async () => {
    ctx.clock.set(SATURDAY_0900);
    const { email } = await bookWithPhone(ctx, shop, {
      date: MONDAY,
      time: '15:00',
      clientPhone: '(11) 3333-4444',
    });
    ctx.clock.set('2026-11-22T18:00:00.000Z');
    await runReminders(ctx);
    const mails = await outboxTo(ctx, email);
    expect(mails.filter((m) => m.subject.startsWith('Lembrete'))).toHaveLength(1);
  });
});
