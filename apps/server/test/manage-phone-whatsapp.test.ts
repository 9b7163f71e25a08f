import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brazilianMobile } from '../src/lib/phone';
import { createTestApp, type TestContext } from './helpers/app';
import {
  bookingBody,
  clientsOf,
  createBookableProfessional,
  MONDAY,
  postBooking,
  TUESDAY,
  type BookableProfessional,
} from './helpers/booking';

/** Phone-first clients and "Lembrar pelo WhatsApp" (docs/decisions/013-after-the-booking.md). */
let ctx: TestContext;
let shop: BookableProfessional;

beforeAll(async () => {
  ctx = await createTestApp();
  shop = await createBookableProfessional(ctx, { businessName: 'Salão Zap' });
});
afterAll(async () => {
  await ctx.close();
});

async function settings(payload: Record<string, unknown>) {
  const res = await shop.pro.request({
    method: 'PUT',
    url: '/api/settings/after-booking',
    payload: { cancelCutoffHours: 2, reminderHours: 24, clientEmailRequired: true, ...payload },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('Brazilian mobiles', () => {
  it.each([
    ['(11) 98765-4321', '5511987654321'],
    ['11987654321', '5511987654321'],
    ['+55 11 98765 4321', '5511987654321'],
    ['(11) 3333-4444', null],
    ['+1 415 555 2671', null],
    ['98765-4321', null],
  ])('%s → %s', (typed, expected) => {
    expect(brazilianMobile(typed)).toBe(expected);
  });
});

describe('phone-first public bookings', () => {
  it('with the e-mail optional, need a Brazilian mobile and match by phone', async () => {
    await settings({ clientEmailRequired: false });
    const profile = await ctx.app.inject({
      method: 'GET',
      url: `/api/public/professionals/${shop.customLink}`,
    });
    expect(profile.json().clientEmailRequired).toBe(false);

    const landline = await postBooking(
      ctx,
      bookingBody(shop, { clientEmail: '', clientPhone: '(11) 3333-4444', time: '09:00' }),
    );
    expect(landline.statusCode).toBe(400);
    expect(landline.json().message).toBe('Informe um celular com DDD, ex.: (11) 98765-4321');

    const first = await postBooking(
      ctx,
      bookingBody(shop, {
        clientName: 'Rita Fone',
        clientEmail: '',
        clientPhone: '(21) 99876-5432',
        time: '09:00',
      }),
    );
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().manageUrl).toContain('/agendamento/');
    const again = await postBooking(
      ctx,
      bookingBody(shop, {
        clientName: 'Rita',
        clientEmail: null,
        clientPhone: '+55 21 99876 5432',
        time: '10:00',
      }),
    );
    expect(again.statusCode, again.body).toBe(201);
    const ritas = (await clientsOf(ctx, shop.profileId)).filter((c) => c.name.startsWith('Rita'));
    expect(ritas).toHaveLength(1);
    expect(ritas[0]!.email).toBeNull();
  });

  it('with the e-mail required (the default), refuse a booking without one', async () => {
    await settings({ clientEmailRequired: true });
    const res = await postBooking(
      ctx,
      bookingBody(shop, { clientEmail: '', clientPhone: '11987654321', time: '13:00' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Email inválido');
  });
});

describe('Lembrar pelo WhatsApp', () => {
  it.each([
    ['(11) 98765-4321', '13:00'],
    ['11987654321', '14:00'],
    ['+55 11 98765 4321', '15:00'],
  ])('opens wa.me/5511987654321 with the filled template for %s', async (phone, time) => {
    await settings({ whatsappTemplate: 'Oi {cliente}, {data} às {hora} ({servicos}). {link}' });
    const booked = await postBooking(
      ctx,
      bookingBody(shop, {
        clientName: `Zeca ${randomUUID().slice(0, 4)}`,
        clientPhone: phone,
        date: TUESDAY,
        time,
      }),
    );
    expect(booked.statusCode, booked.body).toBe(201);
    const body = booked.json();
    const res = await shop.pro.request({
      method: 'GET',
      url: `/api/appointments/${body.appointments[0].id}/whatsapp`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const url = new URL(res.json().url);
    expect(`${url.origin}${url.pathname}`).toBe('https://wa.me/5511987654321');
    expect(url.searchParams.get('text')).toBe(
      `Oi ${await clientName(body.appointments[0].id)}, 24/11/2026 às ${time} (Corte). ${body.manageUrl}`,
    );
  });

  it('a landline gets no button and says why; the sent mark is kept for tomorrow', async () => {
    const booked = await postBooking(
      ctx,
      bookingBody(shop, { clientName: 'Fixo Silva', clientPhone: '(11) 3333-4444', time: '16:00' }),
    );
    expect(booked.statusCode, booked.body).toBe(201);
    const id = booked.json().appointments[0].id;
    const res = await shop.pro.request({ method: 'GET', url: `/api/appointments/${id}/whatsapp` });
    expect(res.json()).toMatchObject({ url: null, reason: 'Sem celular válido para WhatsApp' });

    // The test clock is Saturday: "amanhã" is Sunday; move to Sunday so Monday is tomorrow.
    ctx.clock.set('2026-11-22T12:00:00.000Z');
    const list = await shop.pro.request({
      method: 'GET',
      url: '/api/dashboard/whatsapp-reminders',
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().date).toBe(MONDAY);
    const fixo = list
      .json()
      .items.find((i: { clientName: string }) => i.clientName === 'Fixo Silva');
    expect(fixo).toMatchObject({ url: null, sent: false });
    const rita = list
      .json()
      .items.find((i: { clientName: string }) => i.clientName === 'Rita Fone');
    expect(rita.url).toContain('https://wa.me/5521998765432');
    const marked = await shop.pro.request({
      method: 'PUT',
      url: `/api/appointments/${rita.appointmentId}/whatsapp-sent`,
      payload: { sent: true },
    });
    expect(marked.json().sent).toBe(true);
    const after = await shop.pro.request({
      method: 'GET',
      url: '/api/dashboard/whatsapp-reminders',
    });
    expect(
      after.json().items.find((i: { clientName: string }) => i.clientName === 'Rita Fone').sent,
    ).toBe(true);
  });
});

async function clientName(appointmentId: string): Promise<string> {
  const res = await shop.pro.request({ method: 'GET', url: `/api/appointments/${appointmentId}` });
  return res.json().client.name;
}
