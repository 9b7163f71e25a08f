import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers/app';
import { createBookableProfessional } from './helpers/booking';
import {
  addAppointment,
  addClient,
  enableAutomations,
  messagesTo,
  stopLinkIn,
  tick,
} from './helpers/comeback';

/**
 * "Hora de voltar" (issue 50): once per completed appointment after its service's interval, at
 * a decent hour in the professional's zone, never with a future appointment, never to a client
 * who opted out; every message carries its stop link.
 */
let ctx: TestContext;
const SATURDAY_0900 = '2026-11-21T12:00:00.000Z';
const RETURN = 'hora de voltar';

beforeAll(async () => {
  ctx = await createTestApp({ now: SATURDAY_0900 });
});
afterAll(async () => {
  await ctx.close();
});

async function shopWithCompletedCut(time = '10:00') {
  ctx.clock.set(SATURDAY_0900);
  const shop = await createBookableProfessional(ctx, { businessName: 'Salão Volta' });
  await enableAutomations(shop);
  const client = await addClient(shop);
  // Friday's cut, 60 minutes, completed: due 21 days after its end.
  const appointmentId = await addAppointment(shop, client.id, {
    date: '2026-11-20',
    time,
    status: 'completed',
  });
  return { shop, client, appointmentId };
}

describe('hora de voltar', () => {
  it('comes once after the interval, with the service chosen and a stop link', async () => {
    const { shop, client } = await shopWithCompletedCut();
    // 2026-12-11 10:00 in São Paulo: the cut ended at 11:00 21 days before, not yet due.
    ctx.clock.set('2026-12-11T13:00:00.000Z');
    await tick(ctx);
    expect(await messagesTo(ctx, client.email, RETURN)).toHaveLength(0);

    ctx.clock.set('2026-12-11T14:30:00.000Z');
    await tick(ctx);
    // Ticks again, and two at once (two instances): still the one message.
    await Promise.all([tick(ctx), tick(ctx)]);
    await tick(ctx);
    const mails = await messagesTo(ctx, client.email, RETURN);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe('Salão Volta: hora de voltar?');
    expect(mail!.text).toContain('Oi Carla, hora do seu Corte!');
    expect(mail!.text).toContain(`/book/${shop.customLink}?servico=${shop.services[0]!.id}`);
    expect(mail!.text).toContain('/descadastro/');
    expect(mail!.html).toContain('Descadastre-se');

    const story = await shop.pro.request({
      method: 'GET',
      url: `/api/comeback/clients/${client.id}/story`,
    });
    expect(story.statusCode).toBe(200);
    const kinds = story.json().items.map((item: { kind: string }) => item.kind);
    // Newest first: the message (Dec 11) before the appointment (Nov 20).
    expect(kinds).toEqual(['message', 'appointment']);
    expect(story.json().items[0]).toMatchObject({ type: 'return', state: 'queued' });
  });

  it('is not sent while the client has a future appointment', async () => {
    const { shop, client } = await shopWithCompletedCut('14:00');
    await addAppointment(shop, client.id, {
      date: '2026-12-20',
      time: '10:00',
      status: 'scheduled',
    });
    ctx.clock.set('2026-12-11T19:30:00.000Z');
    await tick(ctx);
    expect(await messagesTo(ctx, client.email, RETURN)).toHaveLength(0);
  });

  it('waits for a decent hour in the professional zone', async () => {
    const { client } = await shopWithCompletedCut('10:00');
    // 23:30 in São Paulo: due, but the night is no time for a message.
    ctx.clock.set('2026-12-12T02:30:00.000Z');
    await tick(ctx);
    expect(await messagesTo(ctx, client.email, RETURN)).toHaveLength(0);
    // 09:15 the next morning.
    ctx.clock.set('2026-12-12T12:15:00.000Z');
    await tick(ctx);
    expect(await messagesTo(ctx, client.email, RETURN)).toHaveLength(1);
  });

  it('sends nothing once the automation is off', async () => {
    const { shop, client } = await shopWithCompletedCut();
    await enableAutomations(shop, { returnEnabled: false });
    ctx.clock.set('2026-12-11T15:00:00.000Z');
    await tick(ctx);
    expect(await messagesTo(ctx, client.email, RETURN)).toHaveLength(0);
  });
});

describe('opting out', () => {
  it('by the stop link: recorded with when and how, and nothing more is sent', async () => {
    const { shop, client } = await shopWithCompletedCut();
    ctx.clock.set('2026-12-11T15:00:00.000Z');
    await tick(ctx);
    const [first] = await messagesTo(ctx, client.email, RETURN);
    const stop = stopLinkIn(first!.text);

    const page = await ctx.app.inject({ method: 'GET', url: stop });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Não quer mais receber mensagens?');
    // Opening the link changes nothing (mail scanners open links); the button does.
    const before = await shop.pro.request({
      method: 'GET',
      url: `/api/comeback/clients/${client.id}/story`,
    });
    expect(before.json().isOptedOut).toBe(false);
    const origin = new URL(ctx.env.PUBLIC_URL).origin;
    const done = await ctx.app.inject({
      method: 'POST',
      url: stop,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
      payload: 'allowed=0',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.body).toContain('Pronto, você foi descadastrada.');

    // Her next cut, completed: its return would be due on Jan 8.
    ctx.clock.set('2026-12-17T12:00:00.000Z');
    await addAppointment(shop, client.id, {
      date: '2026-12-17',
      time: '10:00',
      status: 'completed',
    });
    ctx.clock.set('2027-01-08T15:00:00.000Z');
    await tick(ctx);
    expect(await messagesTo(ctx, client.email, RETURN)).toHaveLength(1);

    const story = await shop.pro.request({
      method: 'GET',
      url: `/api/comeback/clients/${client.id}/story`,
    });
    expect(story.json().isOptedOut).toBe(true);
    const consent = story.json().items.find((item: { kind: string }) => item.kind === 'consent');
    expect(consent).toMatchObject({
      purpose: 'marketing',
      granted: false,
      via: 'unsubscribe_link',
      at: '2026-12-11T15:00:00.000Z',
    });
  });

  it('recorded by the professional stops the messages too', async () => {
    const { shop, client } = await shopWithCompletedCut();
    const res = await shop.pro.request({
      method: 'PUT',
      url: `/api/comeback/clients/${client.id}/marketing`,
      payload: { allowed: false },
    });
    expect(res.statusCode).toBe(204);
    ctx.clock.set('2026-12-11T15:00:00.000Z');
    await tick(ctx);
    expect(await messagesTo(ctx, client.email, RETURN)).toHaveLength(0);
  });

  it('an unknown or altered link is a 404', async () => {
    const { client } = await shopWithCompletedCut();
    ctx.clock.set('2026-12-11T15:00:00.000Z');
    await tick(ctx);
    const [mail] = await messagesTo(ctx, client.email, RETURN);
    const stop = stopLinkIn(mail!.text);
    const altered = `${stop.slice(0, -1)}${stop.endsWith('A') ? 'B' : 'A'}`;
    for (const url of [altered, '/descadastro/abc', `/descadastro/${'x'.repeat(86)}`]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain('Link inválido');
    }
  });
});
