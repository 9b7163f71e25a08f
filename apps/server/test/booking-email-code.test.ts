import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_QUEUE } from '../src/db/queues';
import { createTestApp, type TestContext } from './helpers/app';
import { uniqueEmail } from './helpers/auth';
import {
  appointmentsOf,
  bookingBody,
  createBookableProfessional,
  postBooking,
  type BookableProfessional,
} from './helpers/booking';
import { confirmCode, turnOnEmailCode } from './helpers/booking-gates';
import { startSmtpServer } from './helpers/smtp';

/**
 * "Confirmar agendamentos por código no e-mail" through the API and a real SMTP peer
 * (docs/decisions/028-booking-gates.md): the code arrives by mail, the booking is made only
 * with it, under every rule again.
 */

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let ctx: TestContext;
let shop: BookableProfessional;

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` } });
  shop = await createBookableProfessional(ctx, { businessName: 'Studio Código' });
  await turnOnEmailCode(shop);
});

afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

/** Delivers the due mails and returns the code of the last one to `email`. */
async function codeMailedTo(email: string): Promise<string> {
  await ctx.app.jobs.runDue(MAIL_QUEUE);
  const mail = smtp.received.filter((m) => m.to.includes(email)).at(-1);
  expect(mail?.subject).toMatch(/^\d{6} é seu código para agendar em Studio Código$/);
  expect(mail?.text).toContain('Se você não pediu este agendamento, ignore este e-mail');
  return mail!.subject.slice(0, 6);
}

describe('a booking confirmed by the e-mailed code', () => {
  it('mails the code, holds nothing, then books with the code and mails the confirmation', async () => {
    const email = uniqueEmail('cliente');
    const sent = await postBooking(ctx, bookingBody(shop, { time: '09:00', clientEmail: email }));
    expect(sent.statusCode).toBe(202);
    expect(sent.json()).toMatchObject({
      status: 'code_sent',
      email: `${email.slice(0, 2)}***@exemplo.com.br`,
    });
    expect(await appointmentsOf(ctx, shop.profileId)).toHaveLength(0);
    const code = await codeMailedTo(email);

    const booked = await confirmCode(ctx, {
      professionalId: shop.profileId,
      verificationId: sent.json().verificationId,
      code,
    });
    expect(booked.statusCode).toBe(201);
    expect(booked.json()).toMatchObject({ time: '09:00', manageUrl: expect.any(String) });
    expect(await appointmentsOf(ctx, shop.profileId)).toHaveLength(1);
    await ctx.app.jobs.runDue(MAIL_QUEUE);
    expect(smtp.received.some((m) => m.to.includes(email) && /confirmado/.test(m.subject))).toBe(
      true,
    );

    // Confirmed again (a lost answer): the same booking, nothing new.
    const again = await confirmCode(ctx, {
      professionalId: shop.profileId,
      verificationId: sent.json().verificationId,
      code,
    });
    expect(again.json().bookingId).toBe(booked.json().bookingId);
    expect(await appointmentsOf(ctx, shop.profileId)).toHaveLength(1);
  });

  it('refuses the code with the usual 409 when the time was taken meanwhile', async () => {
    const [first, second] = [uniqueEmail('a'), uniqueEmail('b')];
    const a = await postBooking(ctx, bookingBody(shop, { time: '10:00', clientEmail: first }));
    const b = await postBooking(ctx, bookingBody(shop, { time: '10:00', clientEmail: second }));
    const codeA = await codeMailedTo(first);
    const codeB = await codeMailedTo(second);
    const ids = { professionalId: shop.profileId };
    const won = await confirmCode(ctx, {
      ...ids,
      verificationId: a.json().verificationId,
      code: codeA,
    });
    expect(won.statusCode).toBe(201);
    const lost = await confirmCode(ctx, {
      ...ids,
      verificationId: b.json().verificationId,
      code: codeB,
    });
    expect(lost.statusCode).toBe(409);
    expect(lost.json().message).toBe(
      'Este horário acabou de ser reservado. Escolha outro horário.',
    );
  });

  it('asks for an e-mail, and refuses a time no longer offered before sending anything', async () => {
    const noEmail = await postBooking(ctx, bookingBody(shop, { time: '11:00', clientEmail: '' }));
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().message).toBe(
      'Informe seu e-mail: enviaremos um código para confirmar o agendamento.',
    );
    const taken = await postBooking(ctx, bookingBody(shop, { time: '09:00' }));
    expect(taken.statusCode).toBe(409);
  });

  it('refuses a malformed code with a pt-BR 400', async () => {
    const res = await confirmCode(ctx, {
      professionalId: shop.profileId,
      verificationId: '00000000-0000-4000-8000-000000000000',
      code: '12a456',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Digite os 6 números do código.');
  });
});
