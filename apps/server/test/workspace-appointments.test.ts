import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers/app';
import { signUpProfessional, type SignedInProfessional } from './helpers/session';

let ctx: TestContext;
let pro: SignedInProfessional;
let client: { id: string };
let service: { id: string };

beforeAll(async () => {
  ctx = await createTestApp();
  pro = await signUpProfessional(ctx);
  client = (
    await pro.request({
      method: 'POST',
      url: '/api/clients',
      payload: { name: 'Bia Souza', phone: '(11) 98888-7777', email: 'bia@exemplo.com.br' },
    })
  ).json();
  service = (
    await pro.request({
      method: 'POST',
      url: '/api/services',
      payload: { name: 'Coloração', price: 120.5, durationMinutes: 90 },
    })
  ).json();
});
afterAll(async () => {
  await ctx.close();
});

function book(payload: Record<string, unknown>, as = pro) {
  return as.request({
    method: 'POST',
    url: '/api/appointments',
    payload: { clientId: client.id, serviceId: service.id, ...payload },
  });
}

function patch(id: string, payload: Record<string, unknown>) {
  return pro.request({ method: 'PATCH', url: `/api/appointments/${id}`, payload });
}

describe('creating an appointment', () => {
  it('computes the end time and copies the price; joins client and service', async () => {
    const res = await book({ appointmentDate: '2026-12-01', startTime: '09:30', notes: 'Retoque' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      appointmentDate: '2026-12-01',
      startTime: '09:30',
      endTime: '11:00',
      totalPrice: '120.50',
      totalPriceCents: 12050,
      status: 'scheduled',
      notes: 'Retoque',
      client: {
        id: client.id,
        name: 'Bia Souza',
        email: 'bia@exemplo.com.br',
        phone: '+5511988887777',
      },
      service: { id: service.id, name: 'Coloração', price: '120.50', durationMinutes: 90 },
    });
  });

  it('refuses an appointment that would cross midnight, accepts one ending at 24:00', async () => {
    const late = await book({ appointmentDate: '2026-12-02', startTime: '23:00' });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe('O agendamento deve terminar no mesmo dia');
    const last = await book({ appointmentDate: '2026-12-02', startTime: '22:30' });
    expect(last.statusCode, last.body).toBe(201);
    expect(last.json().endTime).toBe('24:00');
  });

  it('answers 404 for a client or service that is not the professional’s', async () => {
    const other = await signUpProfessional(ctx);
    const otherService = (
      await other.request({
        method: 'POST',
        url: '/api/services',
        payload: { name: 'Outro', price: 1, durationMinutes: 10 },
      })
    ).json();
    const otherClient = (
      await other.request({ method: 'POST', url: '/api/clients', payload: { name: 'Outra' } })
    ).json();
    const withService = await book({
      serviceId: otherService.id,
      appointmentDate: '2026-12-03',
      startTime: '10:00',
    });
    expect(withService.statusCode).toBe(404);
    expect(withService.json().message).toBe('Serviço não encontrado');
    const withClient = await book({
      clientId: otherClient.id,
      appointmentDate: '2026-12-03',
      startTime: '10:00',
    });
    expect(withClient.statusCode).toBe(404);
    expect(withClient.json().message).toBe('Cliente não encontrado');
  });

  it.each([
    [{ clientId: 'x' }, 'Cliente inválido'],
    [{ serviceId: '42' }, 'Serviço inválido'],
    [{ appointmentDate: '31/12/2026' }, 'Data inválida'],
    [{ appointmentDate: '2026-02-30' }, 'Data inválida'],
    [{ startTime: '9:00' }, 'Hora inválida'],
    [{ startTime: '25:00' }, 'Hora inválida'],
    [{ status: 'pendente' }, 'Status inválido'],
    [{ notes: 'x'.repeat(1001) }, 'Notas muito longas'],
  ])('refuses %j with 400 "%s"', async (override, message) => {
    const res = await book({ appointmentDate: '2026-12-04', startTime: '10:00', ...override });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', message });
  });
});

describe('no double booking', () => {
  it('refuses an overlap with 409, frees the time on cancel, and refuses reviving it', async () => {
    const first = (await book({ appointmentDate: '2026-12-05', startTime: '14:00' })).json();
    const overlap = await book({ appointmentDate: '2026-12-05', startTime: '15:00' });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json()).toEqual({
      statusCode: 409,
      code: 'CONFLICT',
      message: 'Conflito de horário com outro agendamento',
    });
    const backToBack = await book({ appointmentDate: '2026-12-05', startTime: '15:30' });
    expect(backToBack.statusCode).toBe(201);

    expect((await patch(first.id, { status: 'cancelled' })).json().status).toBe('cancelled');
    const rebooked = await book({ appointmentDate: '2026-12-05', startTime: '14:00' });
    expect(rebooked.statusCode, rebooked.body).toBe(201);
    const revived = await patch(first.id, { status: 'confirmed' });
    expect(revived.statusCode).toBe(409);
    expect(revived.json().message).toBe('Conflito de horário com outro agendamento');
  });

  it('refuses moving an appointment onto another one', async () => {
    await book({ appointmentDate: '2026-12-06', startTime: '09:00' });
    const other = (await book({ appointmentDate: '2026-12-06', startTime: '13:00' })).json();
    const moved = await patch(other.id, { startTime: '10:00' });
    expect(moved.statusCode).toBe(409);
    expect(
      (await pro.request({ method: 'GET', url: `/api/appointments/${other.id}` })).json().startTime,
    ).toBe('13:00');
  });
});

describe('updating and deleting', () => {
  it('recomputes the end on a new time and the price on a new service; keeps them otherwise', async () => {
    const booked = (await book({ appointmentDate: '2026-12-07', startTime: '09:00' })).json();
    const moved = (await patch(booked.id, { startTime: '10:15' })).json();
    expect(moved).toMatchObject({ startTime: '10:15', endTime: '11:45', totalPrice: '120.50' });

    const cheaper = (
      await pro.request({
        method: 'POST',
        url: '/api/services',
        payload: { name: 'Franja', price: 15, durationMinutes: 20 },
      })
    ).json();
    const switched = (await patch(booked.id, { serviceId: cheaper.id })).json();
    expect(switched).toMatchObject({
      endTime: '10:35',
      totalPrice: '15.00',
      service: { name: 'Franja' },
    });

    await pro.request({
      method: 'PATCH',
      url: `/api/services/${cheaper.id}`,
      payload: { price: 99 },
    });
    const noted = (await patch(booked.id, { notes: 'Trazer foto', status: 'confirmed' })).json();
    expect(noted).toMatchObject({ totalPrice: '15.00', notes: 'Trazer foto', status: 'confirmed' });
  });

  it('deletes an appointment', async () => {
    const booked = (await book({ appointmentDate: '2026-12-08', startTime: '09:00' })).json();
    const url = `/api/appointments/${booked.id}`;
    expect((await pro.request({ method: 'DELETE', url })).statusCode).toBe(204);
    const again = await pro.request({ method: 'DELETE', url });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Agendamento não encontrado');
  });

  it('answers 401 without a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/appointments'],
      ['POST', '/api/appointments'],
      ['PATCH', '/api/appointments/00000000-0000-4000-8000-000000000000'],
      ['DELETE', '/api/appointments/00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const res = await ctx.app.inject({ method, url, payload: method === 'GET' ? undefined : {} });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
