import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WhatsappStandIn } from '../../../scripts/whatsapp-stand-in.mjs';
import type { TestContext } from './helpers/app';
import {
  bookingBody,
  createBookableProfessional,
  postBooking,
  type BookableProfessional,
} from './helpers/booking';
import { joinToken, mailsTo } from './helpers/waitlist';
import { runAskedLooks } from './helpers/waitlist-scan';
import {
  bodyParams,
  createWhatsappApp,
  enableWhatsapp,
  nextMobile,
  runWhatsapp,
  sentTo,
} from './helpers/whatsapp';

/**
 * The waiting list's offer also goes by WhatsApp (issue 47) when the professional has it on for
 * the waiting list; the e-mail goes as before either way.
 */
let ctx: TestContext;
let standIn: WhatsappStandIn;
let shop: BookableProfessional;
const SATURDAY_0900 = '2026-11-21T12:00:00.000Z';

beforeAll(async () => {
  ({ ctx, standIn } = await createWhatsappApp({ now: SATURDAY_0900 }));
  shop = await createBookableProfessional(ctx, { businessName: 'Salão Fila' });
  await enableWhatsapp(shop);
});
afterAll(async () => {
  await ctx.close();
  await standIn.close();
});

/** Books `time` on Monday and answers its appointment's id. */
async function book(time: string) {
  const res = await postBooking(ctx, bookingBody(shop, { time }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().appointments[0].id as string;
}

async function cancel(appointmentId: string) {
  const res = await shop.pro.request({
    method: 'PATCH',
    url: `/api/appointments/${appointmentId}`,
    payload: { status: 'cancelled' },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const offers = (wa: string) =>
  sentTo(standIn, wa).filter((m) => m.template?.name === 'agendaki_vaga_lista_espera');

describe("the waiting list's offer", () => {
  it('goes by WhatsApp once with its variables, and by e-mail as before', async () => {
    ctx.clock.set(SATURDAY_0900);
    const morning = [await book('09:00'), await book('10:00'), await book('11:00')];
    const phone = nextMobile();
    const email = 'ana-fila@exemplo.com.br';
    const token = await joinToken(ctx, shop, { clientEmail: email, clientPhone: phone.typed });
    await cancel(morning[1]!);
    await runAskedLooks(ctx);
    await runAskedLooks(ctx);
    await runWhatsapp(ctx);
    const sent = offers(phone.wa);
    expect(sent).toHaveLength(1);
    expect(bodyParams(sent[0]!)).toEqual([
      'Ana Espera',
      'Salão Fila',
      '23/11/2026',
      '10:00',
      '21/11/2026 às 09:30',
      `${ctx.env.PUBLIC_URL}/lista-de-espera/${token}`,
    ]);
    expect((await mailsTo(ctx, email)).map((m) => m.subject)).toContain(
      'Vagou um horário: 23/11/2026 às 10:00',
    );
  });

  it('switched off for the waiting list: the e-mail alone', async () => {
    await enableWhatsapp(shop, { sendWaitlist: false });
    ctx.clock.set(SATURDAY_0900);
    const phone = nextMobile();
    const email = 'bia-fila@exemplo.com.br';
    // The afternoon is free: she is offered a time at the next look.
    await joinToken(ctx, shop, {
      clientEmail: email,
      clientPhone: phone.typed,
      periods: ['tarde'],
    });
    await runAskedLooks(ctx);
    await runWhatsapp(ctx);
    const subjects = (await mailsTo(ctx, email)).map((m) => m.subject);
    expect(subjects.filter((s) => s.startsWith('Vagou um horário'))).toHaveLength(1);
    expect(offers(phone.wa)).toHaveLength(0);
  });
});
