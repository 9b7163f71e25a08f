import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  WA_APP_SECRET,
  WA_VERIFY_TOKEN,
  type WhatsappStandIn,
} from '../../../scripts/whatsapp-stand-in.mjs';
import type { TestContext } from './helpers/app';
import {
  appointmentsOf,
  createBookableProfessional,
  MONDAY,
  outboxTo,
  slotsOf,
  type BookableProfessional,
} from './helpers/booking';
import {
  answerBody,
  bookWithPhone,
  buttonPayloads,
  createWhatsappApp,
  deliver,
  enableWhatsapp,
  runChangeNotices,
  runReminders,
  runWhatsapp,
  sentTo,
} from './helpers/whatsapp';

/**
 * Answers come back (docs/decisions/037-whatsapp-cloud-api.md): only Meta's signature opens the
 * webhook, each answer acts once, through the manage link's own rules and notices.
 */
let ctx: TestContext;
let standIn: WhatsappStandIn;
let shop: BookableProfessional;
const SATURDAY_0900 = '2026-11-21T12:00:00.000Z';

beforeAll(async () => {
  ({ ctx, standIn } = await createWhatsappApp({ now: SATURDAY_0900 }));
  shop = await createBookableProfessional(ctx, {
    businessName: 'Barbearia Resposta',
    professionalName: 'Caio Barbeiro',
  });
  await enableWhatsapp(shop);
});
afterAll(async () => {
  await ctx.close();
  await standIn.close();
});

/** A booking whose confirmation went; its buttons' payloads by action. */
async function bookAndConfirm(time: string) {
  ctx.clock.set(SATURDAY_0900);
  const booked = await bookWithPhone(ctx, shop, { date: MONDAY, time });
  await runWhatsapp(ctx);
  const [confirmation] = sentTo(standIn, booked.phone.wa);
  const [confirm, reschedule, cancel] = buttonPayloads(confirmation!);
  return { ...booked, buttons: { confirm: confirm!, reschedule: reschedule!, cancel: cancel! } };
}

const repliesTo = (wa: string) =>
  sentTo(standIn, wa)
    .filter((m) => m.type === 'text')
    .map((m) => m.text?.body ?? '');

async function statusOf(bookingId: string) {
  const rows = await appointmentsOf(ctx, shop.profileId, MONDAY);
  return rows.find((row) => row.bookingId === bookingId || row.id === bookingId)?.status;
}

describe('the verify-token handshake', () => {
  it('answers the challenge to the right token only', async () => {
    const ok = await ctx.app.inject({
      method: 'GET',
      url: `/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${WA_VERIFY_TOKEN}&hub.challenge=1158201444`,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    const wrong = await ctx.app.inject({
      method: 'GET',
      url: '/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=outro&hub.challenge=1',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Token de verificação do WhatsApp inválido.');
  });
});

describe('answers', () => {
  it('unsigned or wrongly signed: 401 and nothing changes', async () => {
    const { body, phone, buttons } = await bookAndConfirm('09:00');
    const answer = answerBody({ from: phone.wa, payload: buttons.cancel });
    expect((await deliver(ctx, answer, { signature: null })).statusCode).toBe(401);
    const forged = await deliver(ctx, answer, { secret: `${WA_APP_SECRET}x` });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toBe('Assinatura do WhatsApp inválida.');
    const truncated = await deliver(ctx, answer, { signature: 'sha256=abc' });
    expect(truncated.statusCode).toBe(401);
    expect(await statusOf(body.bookingId)).toBe('scheduled');
  });

  it('Cancelar cancels and frees the time, once; the professional is told', async () => {
    const { body, phone, buttons } = await bookAndConfirm('10:00');
    expect(await slotsOf(ctx, shop.customLink, MONDAY, [shop.services[0]!.id])).not.toContain(
      '10:00',
    );
    const answer = answerBody({ from: phone.wa, payload: buttons.cancel });
    expect((await deliver(ctx, answer)).statusCode).toBe(200);
    expect(await statusOf(body.bookingId)).toBe('cancelled');
    expect(await slotsOf(ctx, shop.customLink, MONDAY, [shop.services[0]!.id])).toContain('10:00');
    // A replay of the same delivery changes nothing and answers nothing more.
    expect((await deliver(ctx, answer)).statusCode).toBe(200);
    await runWhatsapp(ctx);
    const replies = repliesTo(phone.wa).filter((text) => text.includes('foi cancelado'));
    expect(replies).toHaveLength(1);
    ctx.clock.set('2026-11-21T12:10:00.000Z');
    await runChangeNotices(ctx);
    const notices = await outboxTo(ctx, shop.pro.email);
    expect(notices.map((m) => m.subject)).toContain(
      'Maria Cliente cancelou o agendamento: 23/11/2026 às 10:00',
    );
  });

  it('another phone cannot press a client button', async () => {
    const { body, buttons } = await bookAndConfirm('11:00');
    await deliver(ctx, answerBody({ from: '5511900000001', payload: buttons.cancel }));
    expect(await statusOf(body.bookingId)).toBe('scheduled');
  });

  it('Confirmar confirms; Remarcar answers with the manage link', async () => {
    const { body, phone, buttons } = await bookAndConfirm('14:00');
    await deliver(ctx, answerBody({ from: phone.wa, payload: buttons.confirm }));
    expect(await statusOf(body.bookingId)).toBe('confirmed');
    await deliver(ctx, answerBody({ from: phone.wa, payload: buttons.reschedule }));
    await runWhatsapp(ctx);
    const replies = repliesTo(phone.wa);
    expect(
      replies.some((text) => text.startsWith('Presença confirmada: 23/11/2026 às 14:00')),
    ).toBe(true);
    expect(replies.some((text) => text.includes(body.manageUrl))).toBe(true);
  });

  it('Cancelar after the cutoff changes nothing and says how to reach the professional', async () => {
    const { body, phone, buttons } = await bookAndConfirm('15:00');
    ctx.clock.set('2026-11-23T17:30:00.000Z'); // 14:30 in São Paulo, cutoff 2 h
    await deliver(ctx, answerBody({ from: phone.wa, payload: buttons.cancel }));
    expect(await statusOf(body.bookingId)).toBe('scheduled');
    await runWhatsapp(ctx);
    expect(repliesTo(phone.wa).at(-1)).toContain('Fale com Caio Barbeiro');
  });

  it('PARAR stops the next reminder by WhatsApp (the e-mail goes); VOLTAR resumes', async () => {
    const { phone, email } = await bookAndConfirm('16:00');
    await deliver(ctx, answerBody({ from: phone.wa, text: 'Parar' }));
    await runWhatsapp(ctx);
    expect(repliesTo(phone.wa).at(-1)).toContain('não receberá mais mensagens');
    ctx.clock.set('2026-11-22T19:00:00.000Z');
    await runReminders(ctx);
    await runWhatsapp(ctx);
    expect(
      sentTo(standIn, phone.wa).filter((m) => m.template?.name === 'agendaki_lembrete'),
    ).toEqual([]);
    const mails = await outboxTo(ctx, email);
    expect(mails.filter((m) => m.subject.startsWith('Lembrete'))).toHaveLength(1);
    const list = await shop.pro.request({ method: 'GET', url: '/api/clients?pageSize=100' });
    const client = list.json().items.find(
      // Stored in E.164: "+55" and the digits typed.
      (c: { phone: string | null }) => c.phone === `+${phone.wa}`,
    );
    const card = await shop.pro.request({
      method: 'GET',
      url: `/api/clients/${client.id}/whatsapp`,
    });
    expect(card.json().optedOut).toBe(true);
    // Not even planned: the reminder went by e-mail from the start.
    expect(card.json().messages.some((m: { kind: string }) => m.kind === 'reminder')).toBe(false);
    await deliver(ctx, answerBody({ from: phone.wa, text: 'VOLTAR' }));
    const after = await shop.pro.request({
      method: 'GET',
      url: `/api/clients/${client.id}/whatsapp`,
    });
    expect(after.json().optedOut).toBe(false);
  });

  it('PARAR after a reminder was queued: it is not sent, the e-mail goes', async () => {
    const { phone, email } = await bookAndConfirm('13:00');
    ctx.clock.set('2026-11-22T16:00:00.000Z');
    await runReminders(ctx);
    await deliver(ctx, answerBody({ from: phone.wa, text: 'SAIR' }));
    await runWhatsapp(ctx);
    const names = sentTo(standIn, phone.wa).map((m) => m.template?.name);
    expect(names).not.toContain('agendaki_lembrete');
    const mails = await outboxTo(ctx, email);
    expect(mails.filter((m) => m.subject.startsWith('Lembrete'))).toHaveLength(1);
  });

  it('free text reaches the professional by e-mail with the client name, once', async () => {
    const { phone } = await bookAndConfirm('17:00');
    const answer = answerBody({ from: phone.wa, text: 'Posso levar meu filho junto?' });
    await deliver(ctx, answer);
    await deliver(ctx, answer);
    const mails = await outboxTo(ctx, shop.pro.email);
    const notices = mails.filter((m) => m.subject === 'Mensagem de Maria Cliente pelo WhatsApp');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain('Posso levar meu filho junto?');
  });
});
