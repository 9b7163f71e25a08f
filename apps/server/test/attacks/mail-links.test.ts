import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGE_NOTICE_QUEUE, REMINDER_QUEUE } from '../../src/db/queues';
import { renderDepositExpired, renderDepositReceived } from '../../src/features/deposits/mails';
import { createTestApp, type TestContext } from '../helpers/app';
import { nextIp, post, signUpBody } from '../helpers/auth';
import {
  bookingBody,
  createBookableProfessional,
  outboxTo,
  postBooking,
  TUESDAY,
  type BookableProfessional,
} from '../helpers/booking';
import { makeJobsDue } from '../helpers/jobs';

/**
 * Issue 44, finding 6: a booking mails a confirmation in the professional's name to any
 * address, and its words were the visitor's and the professional's own, links made live
 * (manage/mails.ts turned any http:// into an <a>); 30 reschedules sent 30 notices. Now no
 * mail has a live link from user text (HTML or text part), a client name with a link is
 * refused, and a booking's changes within minutes are told in one or two notices.
 */

let ctx: TestContext;
let shop: BookableProfessional;
const START = '2026-11-21T12:03:00.000Z';
const PUBLIC = 'http://localhost:3000';

/** Live in a mail client: a scheme address, a www. start, or a host name with a known TLD. */
const LIVE_LINK =
  /(?:[a-z][a-z0-9+.-]*:\/\/[^\s<>"]+|\bwww\.[^\s<>"]+|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|br|net|example|io)\b)/giu;

beforeAll(async () => {
  ctx = await createTestApp({ now: START });
  shop = await createBookableProfessional(ctx, {
    businessName: 'Banco Seguro acesse banco-seguro.com',
    professionalName: 'Suporte www.banco-seguro.com',
    services: [{ name: 'Promo em http://evil.example/pix', price: 50, durationMinutes: 60 }],
  });
  const saved = await shop.pro.request({
    method: 'PUT',
    url: '/api/settings/after-booking',
    payload: {
      cancelCutoffHours: 0,
      reminderHours: 24,
      clientEmailRequired: true,
      whatsappTemplate: '',
      address: 'Rua evil.com, 10',
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => {
  await ctx.close();
});

/** The links of a mail that are not the app's own (its public address, the map). */
function foreignLinks(text: string): string[] {
  return [...text.matchAll(LIVE_LINK)]
    .map((m) => m[0])
    .filter((link) => !link.startsWith(PUBLIC) && !link.startsWith('https://www.google.com/maps'));
}

function expectNoForeignLink(mail: { subject: string; html: string; text: string }) {
  for (const part of [mail.subject, mail.html, mail.text]) {
    expect(foreignLinks(part), part).toEqual([]);
    const own = /(?:http:\/\/localhost:3000|https:\/\/www\.google\.com\/maps)[^\s<>"]*/g;
    expect(part.replace(own, '')).not.toMatch(/evil\.|banco-seguro\./i);
  }
  for (const [, href] of mail.html.matchAll(/href="([^"]*)"/g)) {
    expect(href!.startsWith(PUBLIC) || href!.startsWith('https://www.google.com/maps/'), href).toBe(
      true,
    );
  }
}

function manage(token: string, action: string, payload?: object) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/public/manage/${token}/${action}`,
    payload,
    remoteAddress: nextIp(),
  });
}

async function runNotices() {
  await makeJobsDue(ctx.database.db, CHANGE_NOTICE_QUEUE);
  return ctx.app.jobs.runDue(CHANGE_NOTICE_QUEUE);
}

describe('mail carries no live link from what people typed', () => {
  it('a client name with a link or a domain is refused, in pt-BR', async () => {
    for (const clientName of ['Maria evil.com', 'Veja http://evil.example', 'www.evil.io']) {
      const res = await postBooking(ctx, bookingBody(shop, { clientName, date: TUESDAY }));
      expect(res.statusCode, clientName).toBe(400);
      expect(res.json().message).toBe('O nome não pode conter links ou endereços de sites');
      const client = await shop.pro.request({
        method: 'POST',
        url: '/api/clients',
        payload: { name: clientName },
      });
      expect(client.statusCode).toBe(400);
      expect(client.json().message).toBe('O nome não pode conter links ou endereços de sites');
    }
  });

  it('the confirmation, the notice, the reminder and the change notices', async () => {
    ctx.clock.set(START);
    const email = `alvo-${randomUUID().slice(0, 8)}@exemplo.com.br`;
    const booked = await postBooking(
      ctx,
      bookingBody(shop, {
        date: TUESDAY,
        time: '09:00',
        clientEmail: email,
        notes: 'Pague em https://evil.example/pix ou evil.com/login, www.evil.io e evil\u3002com',
      }),
    );
    expect(booked.statusCode, booked.body).toBe(201);
    const token = (booked.json().manageUrl as string).split('/agendamento/')[1]!;
    expect((await manage(token, 'confirm')).statusCode).toBe(200);
    expect((await runNotices()).failed).toBe(0);
    ctx.clock.set('2026-11-23T10:00:00.000Z');
    await makeJobsDue(ctx.database.db, REMINDER_QUEUE);
    await ctx.app.jobs.runDue(REMINDER_QUEUE);

    const toClient = await outboxTo(ctx, email);
    const toPro = await outboxTo(ctx, shop.pro.email);
    expect(toClient.map((m) => m.subject).join('\n')).toMatch(/Agendamento confirmado/);
    expect(toClient.map((m) => m.subject).join('\n')).toMatch(/Lembrete/);
    expect(toClient.map((m) => m.subject).join('\n')).toMatch(/presença confirmada/);
    expect(toPro.map((m) => m.subject).join('\n')).toMatch(/Novo agendamento/);
    expect(toPro.map((m) => m.subject).join('\n')).toMatch(/confirmou presença/);
    for (const mail of [...toClient, ...toPro]) expectNoForeignLink(mail);
    const confirmation = toClient.find((m) => m.subject.startsWith('Agendamento confirmado'))!;
    expect(confirmation.text).toContain('[link removido]');
    // The words are still there, only not followable.
    expect(confirmation.text).toContain('banco-seguro\u200b.\u200bcom');
  });

  it('the sinal mails', () => {
    const data = {
      to: 'alvo@exemplo.com.br',
      clientName: 'Maria',
      businessName: 'Banco Seguro acesse banco-seguro.com',
      professionalName: 'Suporte www.banco-seguro.com',
      date: TUESDAY,
      startTime: '09:00',
      services: ['Promo em http://evil.example/pix'],
      amountCents: 2000,
    };
    expectNoForeignLink(renderDepositReceived(data));
    expectNoForeignLink(renderDepositExpired(data));
  });

  it('the sign-up mail does not link the name typed at sign-up', async () => {
    const body = signUpBody({
      professionalName: 'Ganhe em evil.com',
      businessName: 'Visite www.evil.io',
    });
    const res = await post(ctx, '/api/auth/sign-up', body);
    const email = body.email;
    expect(res.statusCode, res.body).toBeLessThan(300);
    const mails = await outboxTo(ctx, email);
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails) expectNoForeignLink(mail);
  });
});

describe('a booking changed many times within minutes', () => {
  it('30 reschedules: at most two notices to each side, the last saying where it ended', async () => {
    ctx.clock.set(START);
    const email = `vai-e-vem-${randomUUID().slice(0, 8)}@exemplo.com.br`;
    const booked = await postBooking(
      ctx,
      bookingBody(shop, { date: TUESDAY, time: '13:00', clientEmail: email }),
    );
    expect(booked.statusCode, booked.body).toBe(201);
    const token = (booked.json().manageUrl as string).split('/agendamento/')[1]!;
    // By id, not by position: a row updated when sent moves in PostgreSQL's heap order.
    const before = new Set((await outboxTo(ctx, shop.pro.email)).map((mail) => mail.id));
    let last = '';
    for (let i = 0; i < 30; i += 1) {
      // Six seconds apart: three minutes in all, across a window's end (12:05).
      const at = new Date(Date.parse(START) + i * 6_000);
      if (at.getTime() === Date.parse('2026-11-21T12:05:00.000Z')) await runNotices();
      ctx.clock.set(at.toISOString());
      last = i % 2 === 0 ? '14:00' : '15:00';
      const res = await manage(token, 'reschedule', {
        date: TUESDAY,
        time: last,
        idempotencyKey: randomUUID(),
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    await runNotices();
    const toPro = (await outboxTo(ctx, shop.pro.email)).filter((mail) => !before.has(mail.id));
    const toClient = (await outboxTo(ctx, email)).filter(
      (m) => !m.subject.startsWith('Agendamento'),
    );
    expect(toPro.length).toBeGreaterThanOrEqual(1);
    expect(toPro.length).toBeLessThanOrEqual(2);
    expect(toClient.length).toBeGreaterThanOrEqual(1);
    expect(toClient.length).toBeLessThanOrEqual(2);
    const byTime = (a: { createdAt: Date }, b: { createdAt: Date }) =>
      a.createdAt.getTime() - b.createdAt.getTime();
    for (const mails of [toPro, toClient]) {
      const final = [...mails].sort(byTime).at(-1)!;
      expect(final.subject).toContain(`às ${last}`);
      expect(final.text).toContain('Situação agora: Agendado');
    }
  });
});
