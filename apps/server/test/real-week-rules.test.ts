import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers/app';
import {
  appointmentsOf,
  bookingBody,
  createBookableProfessional,
  MONDAY,
  postBooking,
  slotsOf,
  TUESDAY,
  type BookableProfessional,
  type ServiceSeed,
} from './helpers/booking';

/**
 * A real week (docs/decisions/009-real-week.md) through the real API: exceptions by date, time
 * off, blocks, buffers and the booking rules, each on its own professional so that one test's
 * saves never change another's slots. The clock: Saturday 2026-11-21 09:00 in São Paulo.
 */

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

/** Corte 60 min, Barba 30 min; Monday to Friday 09:00-12:00 and 13:00-18:00. */
function newShop(services?: ServiceSeed[]) {
  return createBookableProfessional(ctx, services ? { services } : {});
}

function put(shop: BookableProfessional, url: string, payload: object) {
  return shop.pro.request({ method: 'PUT', url, payload });
}
function post(shop: BookableProfessional, url: string, payload: object) {
  return shop.pro.request({ method: 'POST', url, payload });
}
function get(shop: BookableProfessional, url: string) {
  return shop.pro.request({ method: 'GET', url });
}

async function bookedAt(shop: BookableProfessional, date: string, time: string, serviceIndex = 0) {
  const res = await postBooking(
    ctx,
    bookingBody(shop, { date, time, serviceIds: [shop.services[serviceIndex]!.id] }),
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const slots = (shop: BookableProfessional, date: string, serviceIndex = 0) =>
  slotsOf(ctx, shop.customLink, date, [shop.services[serviceIndex]!.id]);

describe('exceptions by date', () => {
  it('a closed date offers nothing and refuses a booking; removing it reopens the date', async () => {
    const shop = await newShop();
    expect(await slots(shop, MONDAY)).toContain('09:00');
    const closed = await put(shop, `/api/availability/exceptions/${MONDAY}`, { windows: [] });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(await slots(shop, MONDAY)).toEqual([]);
    const refused = await postBooking(ctx, bookingBody(shop, { date: MONDAY, time: '09:00' }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('SLOT_UNAVAILABLE');
    expect(await appointmentsOf(ctx, shop.profileId, MONDAY)).toHaveLength(0);

    const removed = await shop.pro.request({
      method: 'DELETE',
      url: `/api/availability/exceptions/${MONDAY}`,
    });
    expect(removed.statusCode).toBe(204);
    expect(await slots(shop, MONDAY)).toContain('09:00');
  });

  it("a date's own windows (several) replace the weekday's", async () => {
    const shop = await newShop();
    const res = await put(shop, `/api/availability/exceptions/${MONDAY}`, {
      windows: [
        { startTime: '14:00', endTime: '15:00' },
        { startTime: '19:00', endTime: '20:00' },
      ],
      note: 'Plantão',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await slots(shop, MONDAY)).toEqual(['14:00', '19:00']);
    const list = (await get(shop, '/api/availability/exceptions')).json();
    expect(list).toEqual([
      {
        date: MONDAY,
        windows: [
          { startTime: '14:00', endTime: '15:00' },
          { startTime: '19:00', endTime: '20:00' },
        ],
        note: 'Plantão',
      },
    ]);
  });

  it('lists the appointments already inside the closed time, and cancels none', async () => {
    const shop = await newShop();
    const early = await bookedAt(shop, MONDAY, '09:00');
    await bookedAt(shop, MONDAY, '16:00');
    const res = await put(shop, `/api/availability/exceptions/${MONDAY}`, {
      windows: [{ startTime: '13:00', endTime: '18:00' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().affected).toEqual([
      expect.objectContaining({
        id: early.appointments[0].id,
        appointmentDate: MONDAY,
        startTime: '09:00',
        serviceName: 'Corte',
      }),
    ]);
    const stored = await appointmentsOf(ctx, shop.profileId, MONDAY);
    expect(stored.map((a) => a.status)).toEqual(['scheduled', 'scheduled']);
  });

  it.each([
    [
      { windows: [{ startTime: '12:00', endTime: '09:00' }] },
      'O horário final deve ser depois do inicial',
    ],
    [{ windows: [{ startTime: '09:00', endTime: '25:00' }] }, 'O horário deve estar dentro do dia'],
    [
      {
        windows: [
          { startTime: '09:00', endTime: '12:00' },
          { startTime: '11:00', endTime: '13:00' },
        ],
      },
      'Os horários de um mesmo dia não podem se sobrepor',
    ],
  ])('refuses %j with 400 "%s" and changes nothing', async (payload, message) => {
    const shop = await newShop();
    const res = await put(shop, `/api/availability/exceptions/${MONDAY}`, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await get(shop, '/api/availability/exceptions')).json()).toEqual([]);
  });

  it('refuses a date that is not a date with 400', async () => {
    const shop = await newShop();
    const res = await put(shop, '/api/availability/exceptions/2026-02-30', { windows: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Data inválida');
  });
});

describe('time off', () => {
  it('closes every date of the range and lists the appointments inside it', async () => {
    const shop = await newShop();
    const booked = await bookedAt(shop, TUESDAY, '10:00');
    const res = await post(shop, '/api/availability/time-off', {
      startDate: MONDAY,
      endDate: TUESDAY,
      note: 'Férias',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().affected.map((a: { id: string }) => a.id)).toEqual([
      booked.appointments[0].id,
    ]);
    expect(await slots(shop, MONDAY)).toEqual([]);
    expect(await slots(shop, TUESDAY)).toEqual([]);
    expect(await slots(shop, '2026-11-25')).toContain('09:00');

    const id = res.json().timeOff.id;
    expect(
      (await shop.pro.request({ method: 'DELETE', url: `/api/availability/time-off/${id}` }))
        .statusCode,
    ).toBe(204);
    expect(await slots(shop, MONDAY)).toContain('09:00');
  });

  it('refuses an end before the start with 400 and saves nothing', async () => {
    const shop = await newShop();
    const res = await post(shop, '/api/availability/time-off', {
      startDate: TUESDAY,
      endDate: MONDAY,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('A data final deve ser igual ou depois da inicial');
    expect((await get(shop, '/api/availability/time-off')).json()).toEqual([]);
  });
});

describe('blocks', () => {
  it('take their time out of the slots, are listed, and free it when removed', async () => {
    const shop = await newShop();
    const res = await post(shop, '/api/blocks', {
      date: MONDAY,
      startTime: '10:00',
      endTime: '11:00',
      note: 'Dentista',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await slots(shop, MONDAY, 1)).toEqual(expect.not.arrayContaining(['10:00', '10:30']));
    expect(await slots(shop, MONDAY, 1)).toEqual(expect.arrayContaining(['09:30', '11:00']));
    const list = (await get(shop, `/api/blocks?from=${MONDAY}&to=${MONDAY}`)).json();
    expect(list).toEqual([
      { id: res.json().id, date: MONDAY, startTime: '10:00', endTime: '11:00', note: 'Dentista' },
    ]);
    const removed = await shop.pro.request({ method: 'DELETE', url: `/api/blocks/${list[0].id}` });
    expect(removed.statusCode).toBe(204);
    expect(await slots(shop, MONDAY, 1)).toContain('10:00');
  });

  it('never overlap an appointment, either way round', async () => {
    const shop = await newShop();
    await bookedAt(shop, MONDAY, '09:00');
    const over = await post(shop, '/api/blocks', {
      date: MONDAY,
      startTime: '09:30',
      endTime: '10:30',
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe('Conflito de horário com outro agendamento');

    expect(
      (await post(shop, '/api/blocks', { date: MONDAY, startTime: '14:00', endTime: '15:00' }))
        .statusCode,
    ).toBe(201);
    const client = await post(shop, '/api/clients', { name: 'Ana', email: null, phone: null });
    const appointment = await post(shop, '/api/appointments', {
      clientId: client.json().id,
      serviceId: shop.services[0]!.id,
      appointmentDate: MONDAY,
      startTime: '14:30',
      notes: null,
    });
    expect(appointment.statusCode).toBe(409);
    expect(appointment.json().message).toBe('Conflito de horário com outro agendamento');
  });

  it('refuses an end before the start with 400', async () => {
    const shop = await newShop();
    const res = await post(shop, '/api/blocks', {
      date: MONDAY,
      startTime: '11:00',
      endTime: '10:00',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('O horário final deve ser depois do inicial');
    expect((await get(shop, '/api/blocks')).json()).toEqual([]);
  });
});

describe('buffer after a service', () => {
  it('is counted after a booking and before the next one, never shown to the client', async () => {
    const shop = await newShop([
      { name: 'Corte', price: 50, durationMinutes: 60, bufferMinutes: 15 },
      { name: 'Barba', price: 30, durationMinutes: 30 },
    ]);
    expect(shop.services[0]!.bufferMinutes).toBe(15);
    await bookedAt(shop, MONDAY, '09:00');
    // 09:00-10:00 plus 15 minutes: 10:00 is taken by the buffer, 10:30 is free.
    const after = await slots(shop, MONDAY, 1);
    expect(after).not.toContain('10:00');
    expect(after).toContain('10:30');
    // A Corte at 10:30 would run its buffer into an 11:30 Barba.
    await bookedAt(shop, MONDAY, '11:30', 1);
    expect(await slots(shop, MONDAY, 0)).not.toContain('10:30');
    const page = await ctx.app.inject({
      method: 'GET',
      url: `/api/public/professionals/${shop.customLink}`,
    });
    expect(page.body).not.toContain('bufferMinutes');
  });

  it('applies only after the last service of a booking', async () => {
    const shop = await newShop([
      { name: 'Corte', price: 50, durationMinutes: 60, bufferMinutes: 30 },
      { name: 'Barba', price: 30, durationMinutes: 30, bufferMinutes: 10 },
    ]);
    const res = await postBooking(
      ctx,
      bookingBody(shop, {
        date: MONDAY,
        time: '09:00',
        serviceIds: [shop.services[0]!.id, shop.services[1]!.id],
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const stored = await appointmentsOf(ctx, shop.profileId, MONDAY);
    expect(stored.map((a) => [a.startTime, a.endTime, a.bufferMinutes])).toEqual([
      ['09:00:00', '10:00:00', 0],
      ['10:00:00', '10:30:00', 10],
    ]);
  });

  it('refuses a buffer of 500 with 400 and creates nothing', async () => {
    const shop = await newShop();
    const res = await post(shop, '/api/services', {
      name: 'Longo',
      price: 10,
      durationMinutes: 30,
      bufferMinutes: 500,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('O intervalo deve ser de no máximo 120 minutos');
    expect((await get(shop, '/api/services')).json().items ?? []).not.toContainEqual(
      expect.objectContaining({ name: 'Longo' }),
    );
  });
});

describe('booking rules', () => {
  const rules = {
    minNoticeMinutes: 0,
    horizonDays: 60,
    slotStep: 30,
    maxBookingsPerDay: null,
    paused: false,
  };

  it('start with the defaults: 2 hours, 60 days, every 30 minutes, no cap, not paused', async () => {
    const shop = await newShop();
    expect((await get(shop, '/api/settings/booking-rules')).json()).toEqual({
      ...rules,
      minNoticeMinutes: 120,
    });
  });

  it('minimum notice hides the times too close to now', async () => {
    const shop = await newShop();
    // Saturday 09:00; open 09:00-13:00 on Saturdays.
    await put(shop, '/api/settings/booking-rules', rules);
    expect(await slots(shop, '2026-11-21', 1)).toContain('09:30');
    await put(shop, '/api/settings/booking-rules', { ...rules, minNoticeMinutes: 180 });
    expect(await slots(shop, '2026-11-21', 1)).toEqual(['12:00', '12:30']);
    const refused = await postBooking(
      ctx,
      bookingBody(shop, { date: '2026-11-21', time: '11:00', serviceIds: [shop.services[1]!.id] }),
    );
    expect(refused.statusCode).toBe(409);
  });

  it('the horizon ends the bookable dates', async () => {
    const shop = await newShop();
    await put(shop, '/api/settings/booking-rules', { ...rules, horizonDays: 3 });
    expect(await slots(shop, '2026-11-24')).toContain('09:00');
    expect(await slots(shop, '2026-11-25')).toEqual([]);
    const refused = await postBooking(ctx, bookingBody(shop, { date: '2026-11-25' }));
    expect(refused.statusCode).toBe(409);
  });

  it('the start step is 15, 60 or the selected duration', async () => {
    const shop = await newShop();
    await put(shop, '/api/settings/booking-rules', { ...rules, slotStep: 60 });
    expect(await slots(shop, MONDAY, 1)).toEqual([
      '09:00',
      '10:00',
      '11:00',
      '13:00',
      '14:00',
      '15:00',
      '16:00',
      '17:00',
    ]);
    await put(shop, '/api/settings/booking-rules', { ...rules, slotStep: 15 });
    expect((await slots(shop, MONDAY, 1)).slice(0, 3)).toEqual(['09:00', '09:15', '09:30']);
  });

  it('a day at its cap offers nothing and takes no booking', async () => {
    const shop = await newShop();
    await put(shop, '/api/settings/booking-rules', { ...rules, maxBookingsPerDay: 1 });
    await bookedAt(shop, MONDAY, '09:00');
    expect(await slots(shop, MONDAY)).toEqual([]);
    const refused = await postBooking(ctx, bookingBody(shop, { date: MONDAY, time: '14:00' }));
    expect(refused.statusCode).toBe(409);
  });

  it('paused: no slots, no booking, the message and the WhatsApp on the page', async () => {
    const shop = await newShop();
    await shop.pro.request({
      method: 'PATCH',
      url: '/api/profile',
      payload: {
        professionalName: 'João Teste',
        businessName: 'Barbearia Teste',
        phone: '(11) 98888-7777',
        bio: null,
        timezone: 'America/Sao_Paulo',
      },
    });
    await put(shop, '/api/settings/booking-rules', { ...rules, paused: true });
    expect(await slots(shop, MONDAY)).toEqual([]);
    const refused = await postBooking(ctx, bookingBody(shop));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Agenda online pausada no momento');
    const page = (
      await ctx.app.inject({ method: 'GET', url: `/api/public/professionals/${shop.customLink}` })
    ).json();
    // The stored digits; the page formats them.
    expect(page).toMatchObject({ bookingPaused: true, whatsapp: '11988887777' });
  });

  it.each([
    [{ minNoticeMinutes: 10081 }, 'A antecedência mínima é de no máximo 7 dias'],
    [{ horizonDays: 0 }, 'O horizonte deve ser de 1 a 365 dias'],
    [{ horizonDays: 366 }, 'O horizonte deve ser de 1 a 365 dias'],
    [{ slotStep: 20 }, 'Intervalo entre horários inválido'],
    [{ maxBookingsPerDay: 0 }, 'O limite por dia deve ser de pelo menos 1'],
  ])('refuses %j with 400 "%s" and keeps the rules', async (change, message) => {
    const shop = await newShop();
    const res = await put(shop, '/api/settings/booking-rules', { ...rules, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await get(shop, '/api/settings/booking-rules')).json().minNoticeMinutes).toBe(120);
  });
});

describe('bookable days of a month', () => {
  it('leave out closed dates, weekdays off, time off, full days and dates beyond the horizon', async () => {
    const shop = await newShop();
    await put(shop, '/api/settings/booking-rules', {
      minNoticeMinutes: 0,
      horizonDays: 12,
      slotStep: 30,
      maxBookingsPerDay: 1,
      paused: false,
    });
    await put(shop, `/api/availability/exceptions/${MONDAY}`, { windows: [] });
    await post(shop, '/api/availability/time-off', {
      startDate: '2026-11-25',
      endDate: '2026-11-26',
    });
    await bookedAt(shop, '2026-11-27', '09:00');
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/public/professionals/${shop.customLink}/days?month=2026-11&serviceIds=${shop.services[0]!.id}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    // Today (Saturday the 21st) is open until 13:00; Sundays are closed.
    expect(res.json().days).toEqual(['2026-11-21', '2026-11-24', '2026-11-28', '2026-11-30']);
    const december = await ctx.app.inject({
      method: 'GET',
      url: `/api/public/professionals/${shop.customLink}/days?month=2026-12&serviceIds=${shop.services[0]!.id}`,
    });
    expect(december.json().days).toEqual(['2026-12-01', '2026-12-02', '2026-12-03']);
  });

  it('refuses a month that is not one with 400', async () => {
    const shop = await newShop();
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/public/professionals/${shop.customLink}/days?month=2026-13&serviceIds=${shop.services[0]!.id}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Mês inválido');
  });
});

describe('the dashboard books outside the rules with a warning', () => {
  it('on a closed date, and outside the hours', async () => {
    const shop = await newShop();
    await put(shop, `/api/availability/exceptions/${MONDAY}`, { windows: [] });
    const client = await post(shop, '/api/clients', { name: 'Ana', email: null, phone: null });
    const base = { clientId: client.json().id, serviceId: shop.services[0]!.id, notes: null };
    const closed = await post(shop, '/api/appointments', {
      ...base,
      appointmentDate: MONDAY,
      startTime: '10:00',
    });
    expect(closed.statusCode, closed.body).toBe(201);
    expect(closed.json().warning).toBe('Atenção: esta data está fechada para agendamentos.');
    const late = await post(shop, '/api/appointments', {
      ...base,
      appointmentDate: TUESDAY,
      startTime: '20:00',
    });
    expect(late.json().warning).toBe('Atenção: este horário está fora do horário de atendimento.');
    const inside = await post(shop, '/api/appointments', {
      ...base,
      appointmentDate: TUESDAY,
      startTime: '09:00',
    });
    expect(inside.json().warning).toBeUndefined();
  });
});

describe('holidays', () => {
  it('lists national and state holidays for 12 months; nothing closed until switched on', async () => {
    const shop = await newShop();
    const before = (await get(shop, '/api/availability/holidays')).json();
    expect(before.state).toBeNull();
    expect(before.holidays).toContainEqual({
      date: '2026-12-25',
      name: 'Natal',
      scope: 'national',
      closed: false,
    });
    expect(before.holidays.every((h: { scope: string }) => h.scope === 'national')).toBe(true);
    expect(await slots(shop, '2026-12-25')).not.toEqual([]);

    await shop.pro.request({
      method: 'PATCH',
      url: '/api/profile',
      payload: {
        professionalName: 'João Teste',
        businessName: 'Barbearia Teste',
        phone: null,
        bio: null,
        timezone: 'America/Sao_Paulo',
        state: 'SP',
      },
    });
    const withState = (await get(shop, '/api/availability/holidays')).json();
    expect(withState.state).toBe('SP');
    expect(withState.holidays).toContainEqual({
      date: '2027-07-09',
      name: 'Revolução Constitucionalista',
      scope: 'state',
      closed: false,
    });

    const all = await post(shop, '/api/availability/holidays/close-national', {});
    expect(all.statusCode, all.body).toBe(200);
    const after = (await get(shop, '/api/availability/holidays')).json();
    for (const holiday of after.holidays) {
      expect(holiday.closed).toBe(holiday.scope === 'national');
    }
    expect(await slots(shop, '2026-12-25')).toEqual([]);
  });

  it('refuses an unknown UF with 400', async () => {
    const shop = await newShop();
    const res = await shop.pro.request({
      method: 'PATCH',
      url: '/api/profile',
      payload: {
        professionalName: 'João Teste',
        businessName: 'Barbearia Teste',
        phone: null,
        bio: null,
        timezone: 'America/Sao_Paulo',
        state: 'XX',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('UF inválida');
  });
});

describe('ownership', () => {
  it("a second professional cannot remove another's block or time off (404), nor see them", async () => {
    const owner = await newShop();
    const other = await newShop();
    const block = (
      await post(owner, '/api/blocks', { date: MONDAY, startTime: '10:00', endTime: '11:00' })
    ).json();
    const off = (
      await post(owner, '/api/availability/time-off', { startDate: TUESDAY, endDate: TUESDAY })
    ).json().timeOff;
    await put(owner, `/api/availability/exceptions/${MONDAY}`, { windows: [] });

    const blockRes = await other.pro.request({ method: 'DELETE', url: `/api/blocks/${block.id}` });
    expect(blockRes.statusCode).toBe(404);
    expect(blockRes.json().message).toBe('Bloqueio não encontrado');
    const offRes = await other.pro.request({
      method: 'DELETE',
      url: `/api/availability/time-off/${off.id}`,
    });
    expect(offRes.statusCode).toBe(404);
    expect(
      (
        await other.pro.request({
          method: 'DELETE',
          url: `/api/availability/exceptions/${MONDAY}`,
        })
      ).statusCode,
    ).toBe(404);
    expect((await get(other, '/api/blocks')).json()).toEqual([]);
    expect((await get(other, '/api/availability/time-off')).json()).toEqual([]);
    expect((await get(other, '/api/availability/exceptions')).json()).toEqual([]);
    // The owner's are all still there.
    expect((await get(owner, '/api/blocks')).json()).toHaveLength(1);
    expect((await get(owner, '/api/availability/time-off')).json()).toHaveLength(1);
    expect((await get(owner, '/api/availability/exceptions')).json()).toHaveLength(1);
  });
});
