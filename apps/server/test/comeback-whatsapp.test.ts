import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WhatsappStandIn } from '../../../scripts/whatsapp-stand-in.mjs';
import { MAIL_QUEUE } from '../src/db/queues';
import type { TestContext } from './helpers/app';
import { createBookableProfessional, type BookableProfessional } from './helpers/booking';
import { addAppointment, addClient, enableAutomations, messagesTo, tick } from './helpers/comeback';
import { makeJobsDue } from './helpers/jobs';
import {
  answerBody,
  bodyParams,
  createWhatsappApp,
  deliver,
  enableWhatsapp,
  nextMobile,
  runWhatsapp,
  sentTo,
} from './helpers/whatsapp';

/**
 * The automations by WhatsApp (issue 50 with the WhatsApp feature's sender): a marketing
 * template with the professional's text and both ways to stop, once per source, the e-mail
 * when WhatsApp is off, refused or answered with PARAR; nothing after the marketing opt-out.
 */
let ctx: TestContext;
let standIn: WhatsappStandIn;
let shop: BookableProfessional;
const SATURDAY_0900 = '2026-11-21T12:00:00.000Z';
/** 21 days after Friday's cut, 11:30 in São Paulo: the "hora de voltar" is due. */
const RETURN_DUE = '2026-12-11T14:30:00.000Z';
const RETURN_TEMPLATE = 'agendaki_hora_de_voltar';

beforeAll(async () => {
  ({ ctx, standIn } = await createWhatsappApp({ now: SATURDAY_0900 }));
  shop = await createBookableProfessional(ctx, { businessName: 'Salão Zap' });
  await enableWhatsapp(shop);
  await enableAutomations(shop, { returnText: 'Oi {nome},\nhora do seu {servico}!   {link}' });
});
afterAll(async () => {
  await ctx.close();
  await standIn.close();
});

let cuts = 0;
/** A client with a completed cut at 10:00, one day earlier each (one chair). */
async function clientWithCut(name: string, contact: { withoutEmail?: boolean } = {}) {
  ctx.clock.set(SATURDAY_0900);
  const phone = nextMobile();
  const client = await addClient(shop, name, { phone: phone.typed, ...contact });
  cuts += 1;
  const date = `2026-11-${String(21 - cuts).padStart(2, '0')}`;
  await addAppointment(shop, client.id, { date, time: '10:00', status: 'completed' });
  return { ...client, phone };
}

async function storyMessages(clientId: string) {
  const res = await shop.pro.request({
    method: 'GET',
    url: `/api/comeback/clients/${clientId}/story`,
  });
  expect(res.statusCode).toBe(200);
  return res.json().items.filter((item: { kind: string }) => item.kind === 'message');
}

const returnsTo = (wa: string) =>
  sentTo(standIn, wa).filter((m) => m.template?.name === RETURN_TEMPLATE);

describe('hora de voltar by WhatsApp', () => {
  it('goes once as the marketing template, with her text on one line and both ways to stop', async () => {
    const client = await clientWithCut('Rosa');
    ctx.clock.set(RETURN_DUE);
    await tick(ctx);
    await Promise.all([tick(ctx), tick(ctx)]);
    await runWhatsapp(ctx);
    await tick(ctx);
    await runWhatsapp(ctx);
    const sent = returnsTo(client.phone.wa);
    expect(sent).toHaveLength(1);
    const [business, text, stop] = bodyParams(sent[0]!);
    expect(business).toBe('Salão Zap');
    expect(text).toBe(
      `Oi Rosa, hora do seu Corte! http://localhost:3000/book/${shop.customLink}?servico=${shop.services[0]!.id}`,
    );
    expect(text).not.toMatch(/[\n\t]| {5,}/);
    expect(stop).toMatch(/\/descadastro\/[A-Za-z0-9_-]+$/);
    // WhatsApp went: no e-mail as well.
    expect(await messagesTo(ctx, client.email, 'hora de voltar')).toHaveLength(0);
    expect(await storyMessages(client.id)).toMatchObject([
      { type: 'return', channel: 'whatsapp', state: 'sent' },
    ]);
  });

  it('a client without e-mail still gets it by WhatsApp; the template is registered as marketing', async () => {
    const client = await clientWithCut('Sem Email', { withoutEmail: true });
    ctx.clock.set(RETURN_DUE);
    await tick(ctx);
    await runWhatsapp(ctx);
    expect(returnsTo(client.phone.wa)).toHaveLength(1);
  });

  it('falls back to the e-mail once when the number has no WhatsApp', async () => {
    const client = await clientWithCut('Sem Zap');
    standIn.state.unreachable.add(client.phone.wa);
    ctx.clock.set(RETURN_DUE);
    await tick(ctx);
    await runWhatsapp(ctx);
    await tick(ctx);
    await runWhatsapp(ctx);
    expect(returnsTo(client.phone.wa)).toHaveLength(0);
    const mails = await messagesTo(ctx, client.email, 'hora de voltar');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('/descadastro/');
    expect(await storyMessages(client.id)).toMatchObject([
      { type: 'return', channel: 'whatsapp', state: 'failed' },
    ]);
  });

  it('after PARAR the next message goes by e-mail; after the marketing opt-out, nothing', async () => {
    const client = await clientWithCut('Parou');
    ctx.clock.set(RETURN_DUE);
    await tick(ctx);
    await runWhatsapp(ctx);
    expect(returnsTo(client.phone.wa)).toHaveLength(1);
    await deliver(ctx, answerBody({ from: client.phone.wa, text: 'PARAR' }));
    await runWhatsapp(ctx);
    const before = sentTo(standIn, client.phone.wa).length;
    const url = `/api/comeback/missing/${client.id}/message`;
    const res = await shop.pro.request({ method: 'POST', url, payload: {} });
    expect(res.statusCode, res.body).toBe(204);
    await runWhatsapp(ctx);
    expect(sentTo(standIn, client.phone.wa)).toHaveLength(before);
    expect(await messagesTo(ctx, client.email, 'sentimos sua falta')).toHaveLength(1);

    const other = await clientWithCut('Optou');
    await shop.pro.request({
      method: 'PUT',
      url: `/api/comeback/clients/${other.id}/marketing`,
      payload: { allowed: false },
    });
    ctx.clock.set(RETURN_DUE);
    await tick(ctx);
    await runWhatsapp(ctx);
    expect(sentTo(standIn, other.phone.wa)).toHaveLength(0);
    expect(await messagesTo(ctx, other.email, '')).toHaveLength(0);
  });

  it('goes by e-mail when the professional switches WhatsApp off', async () => {
    const client = await clientWithCut('Desligado');
    await enableWhatsapp(shop, { enabled: false });
    ctx.clock.set(RETURN_DUE);
    await tick(ctx);
    await runWhatsapp(ctx);
    expect(sentTo(standIn, client.phone.wa)).toHaveLength(0);
    expect(await messagesTo(ctx, client.email, 'hora de voltar')).toHaveLength(1);
    expect(await storyMessages(client.id)).toMatchObject([{ channel: 'email' }]);
    await enableWhatsapp(shop);
  });
});

describe('clientes sumidas by WhatsApp', () => {
  it('a client with only a mobile can be messaged, once a day', async () => {
    ctx.clock.set(SATURDAY_0900);
    const phone = nextMobile();
    const client = await addClient(shop, 'Sumida', { phone: phone.typed, withoutEmail: true });
    await addAppointment(shop, client.id, {
      date: '2026-08-01',
      time: '10:00',
      status: 'completed',
    });
    const list = await shop.pro.request({ method: 'GET', url: '/api/comeback/missing?days=60' });
    expect(list.json().find((c: { id: string }) => c.id === client.id)).toMatchObject({
      email: null,
      canMessage: true,
    });
    const url = `/api/comeback/missing/${client.id}/message`;
    expect((await shop.pro.request({ method: 'POST', url, payload: {} })).statusCode).toBe(204);
    expect((await shop.pro.request({ method: 'POST', url, payload: {} })).statusCode).toBe(409);
    await runWhatsapp(ctx);
    const sent = sentTo(standIn, phone.wa);
    expect(sent.map((m) => m.template?.name)).toEqual(['agendaki_sentimos_sua_falta']);
    expect(bodyParams(sent[0]!)[1]).toContain('Sentimos sua falta, Sumida!');
  });

  it('a message held for 09:00 does not go, by WhatsApp or e-mail, once she says no', async () => {
    // 23:00 in São Paulo: the one-tap messages wait for 09:00.
    ctx.clock.set('2026-11-22T02:00:00.000Z');
    const phone = nextMobile();
    const byWhatsapp = await addClient(shop, 'Noturna', { phone: phone.typed, withoutEmail: true });
    const byMail = await addClient(shop, 'Noturna Mail');
    for (const client of [byWhatsapp, byMail]) {
      await addAppointment(shop, client.id, {
        date: '2026-08-02',
        time: client === byMail ? '11:00' : '10:00',
        status: 'completed',
      });
      if (client === byMail) await enableWhatsapp(shop, { enabled: false });
      const url = `/api/comeback/missing/${client.id}/message`;
      expect((await shop.pro.request({ method: 'POST', url, payload: {} })).statusCode).toBe(204);
      const refused = await shop.pro.request({
        method: 'PUT',
        url: `/api/comeback/clients/${client.id}/marketing`,
        payload: { allowed: false },
      });
      expect(refused.statusCode).toBe(204);
    }
    await enableWhatsapp(shop);
    ctx.clock.set('2026-11-22T12:30:00.000Z');
    await runWhatsapp(ctx);
    await makeJobsDue(ctx.database.db, MAIL_QUEUE);
    await ctx.app.jobs.runDue(MAIL_QUEUE);
    expect(sentTo(standIn, phone.wa)).toEqual([]);
    const [mail] = await messagesTo(ctx, byMail.email, 'sentimos sua falta');
    expect(mail).toMatchObject({ status: 'failed', sentAt: null });
  });

  it('a client with neither e-mail nor WhatsApp is told so in pt-BR', async () => {
    await enableWhatsapp(shop, { enabled: false });
    const client = await addClient(shop, 'Muda', { phone: nextMobile().typed, withoutEmail: true });
    const res = await shop.pro.request({
      method: 'POST',
      url: `/api/comeback/missing/${client.id}/message`,
      payload: {},
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'Esta cliente não tem e-mail nem WhatsApp para receber a mensagem.',
    );
    await enableWhatsapp(shop);
  });
});
