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
  answerBody,
  bodyParams,
  bookWithPhone,
  createWhatsappApp,
  deliver,
  enableWhatsapp,
  runChangeNotices,
  runWhatsapp,
  sentTo,
} from './helpers/whatsapp';

/**
 * The professional's own changes in the Agenda (issue 47): a booking moved or cancelled there
 * tells the client by WhatsApp once, under the same switches, PARAR and fallback as the rest.
 */
let ctx: TestContext;
let standIn: WhatsappStandIn;
let shop: BookableProfessional;
const SATURDAY_0900 = '2026-11-21T12:00:00.000Z';

beforeAll(async () => {
  ({ ctx, standIn } = await createWhatsappApp({ now: SATURDAY_0900 }));
  shop = await createBookableProfessional(ctx, {
    businessName: 'Studio Agenda',
    professionalName: 'Rita Agenda',
  });
  await enableWhatsapp(shop);
});
afterAll(async () => {
  await ctx.close();
  await standIn.close();
});

/** A booking whose confirmation went, and its appointment's id. */
async function booked(time: string, overrides: Record<string, unknown> = {}) {
  ctx.clock.set(SATURDAY_0900);
  const booking = await bookWithPhone(ctx, shop, { date: MONDAY, time, ...overrides });
  await runWhatsapp(ctx);
  return { ...booking, appointmentId: booking.body.appointments[0].id as string };
}

async function change(appointmentId: string, payload: Record<string, unknown>) {
  const res = await shop.pro.request({
    method: 'PATCH',
    url: `/api/appointments/${appointmentId}`,
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** The notices' jobs, then WhatsApp's, each twice: a second run must add nothing. */
async function runNotices() {
  await runChangeNotices(ctx);
  await runChangeNotices(ctx);
  await runWhatsapp(ctx);
}

const named = (wa: string, name: string) =>
  sentTo(standIn, wa).filter((m) => m.template?.name === name);

describe("the professional's changes in the Agenda", () => {
  it('a move sends "remarcado" once, with the new date and time, and no e-mail', async () => {
    const { phone, email, appointmentId } = await booked('09:00');
    await change(appointmentId, { appointmentDate: TUESDAY, startTime: '14:00' });
    await runNotices();
    const moved = named(phone.wa, 'agendaki_remarcado');
    expect(moved).toHaveLength(1);
    expect(bodyParams(moved[0]!).slice(0, 4)).toEqual([
      'Maria Cliente',
      'Studio Agenda',
      '24/11/2026',
      '14:00',
    ]);
    expect(bodyParams(moved[0]!)[4]).toContain('/agendamento/');
    // WhatsApp told her: no e-mail besides the booking's own; the professional made it.
    const mails = (await outboxTo(ctx, email)).map((m) => m.subject);
    expect(mails.filter((s) => s.includes('remarcado'))).toEqual([]);
    expect((await outboxTo(ctx, shop.pro.email)).map((m) => m.subject)).not.toContainEqual(
      expect.stringContaining('remarcou'),
    );
  });

  it('a cancellation sends "cancelado" once; marking it done afterwards sends nothing', async () => {
    const { phone, appointmentId } = await booked('10:00');
    await change(appointmentId, { status: 'cancelled' });
    await runNotices();
    await change(appointmentId, { status: 'cancelled' });
    await runNotices();
    const cancelled = named(phone.wa, 'agendaki_cancelado');
    expect(cancelled).toHaveLength(1);
    expect(bodyParams(cancelled[0]!).slice(2, 4)).toEqual(['23/11/2026', '10:00']);

    const other = await booked('11:00');
    await change(other.appointmentId, { status: 'confirmed' });
    await runNotices();
    expect(sentTo(standIn, other.phone.wa).map((m) => m.template?.name)).toEqual([
      'agendaki_agendamento_confirmado',
    ]);
  });

  it('moved and moved back within the window: nothing', async () => {
    const { phone, appointmentId } = await booked('13:00');
    await change(appointmentId, { startTime: '15:00' });
    await change(appointmentId, { startTime: '13:00' });
    await runNotices();
    expect(named(phone.wa, 'agendaki_remarcado')).toHaveLength(0);
  });

  it('a past appointment cancelled afterwards tells nobody', async () => {
    const { phone, appointmentId } = await booked('16:00');
    ctx.clock.set('2026-11-23T20:00:00.000Z');
    await change(appointmentId, { status: 'cancelled' });
    await runNotices();
    expect(named(phone.wa, 'agendaki_cancelado')).toHaveLength(0);
  });

  it('a client who sent PARAR gets the e-mail instead', async () => {
    const { phone, email, appointmentId } = await booked('14:00');
    const stop = await deliver(ctx, answerBody({ from: phone.wa, text: 'PARAR' }));
    expect(stop.statusCode, stop.body).toBe(200);
    await change(appointmentId, { status: 'cancelled' });
    await runNotices();
    expect(named(phone.wa, 'agendaki_cancelado')).toHaveLength(0);
    const mails = await outboxTo(ctx, email);
    const notice = mails.find((m) => m.subject.includes('cancelado'));
    expect(notice?.subject).toBe(
      'Seu agendamento em Studio Agenda: cancelado, 23/11/2026 às 14:00',
    );
    expect(notice?.text).toContain('foi alterado por Rita Agenda');
  });

  it('a number without WhatsApp fails and the e-mail goes instead', async () => {
    const { phone, email, appointmentId } = await booked('15:00');
    standIn.state.unreachable.add(phone.wa);
    await change(appointmentId, { startTime: '17:00' });
    await runNotices();
    const mails = (await outboxTo(ctx, email)).map((m) => m.subject);
    expect(mails).toContain('Seu agendamento em Studio Agenda: remarcado, 23/11/2026 às 17:00');
  });
});

describe('with the changes switched off', () => {
  it('sends nothing, neither WhatsApp nor e-mail: as before', async () => {
    await enableWhatsapp(shop, { sendChanges: false });
    const { phone, email, appointmentId } = await booked('11:00', { date: TUESDAY });
    await change(appointmentId, { startTime: '16:00' });
    await runNotices();
    expect(named(phone.wa, 'agendaki_remarcado')).toHaveLength(0);
    const mails = (await outboxTo(ctx, email)).map((m) => m.subject);
    expect(mails.filter((s) => s.includes('remarcado'))).toEqual([]);
    await enableWhatsapp(shop);
  });
});
