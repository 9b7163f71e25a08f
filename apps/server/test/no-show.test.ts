import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers/app';
import { signUpProfessional, type SignedInProfessional } from './helpers/session';

/** The fifth status "Não compareceu" (`no_show`), docs/decisions/014-calendar-and-numbers.md. */
let ctx: TestContext;
let pro: SignedInProfessional;
let serviceId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  ctx.clock.set('2026-11-20T12:00:00Z');
  pro = await signUpProfessional(ctx);
  const service = await pro.request({
    method: 'POST',
    url: '/api/services',
    payload: { name: 'Corte', price: 50, durationMinutes: 60 },
  });
  expect(service.statusCode, service.body).toBe(201);
  serviceId = service.json().id;
});
afterAll(async () => {
  await ctx.close();
});

async function createClient(name: string) {
  const res = await pro.request({ method: 'POST', url: '/api/clients', payload: { name } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

async function book(clientId: string, appointmentDate: string, startTime: string, status?: string) {
  return pro.request({
    method: 'POST',
    url: '/api/appointments',
    payload: { clientId, serviceId, appointmentDate, startTime, ...(status ? { status } : {}) },
  });
}

describe('no-show', () => {
  it('is saved, filtered, counted on the client and on the dashboard, and earns nothing', async () => {
    const ana = await createClient('Ana Falta');
    const bia = await createClient('Bia Presente');
    const first = await book(ana, '2026-11-10', '09:00');
    expect(first.statusCode, first.body).toBe(201);
    const marked = await pro.request({
      method: 'PATCH',
      url: `/api/appointments/${first.json().id}`,
      payload: { status: 'no_show' },
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().status).toBe('no_show');
    expect((await book(ana, '2026-11-11', '09:00', 'no_show')).statusCode).toBe(201);
    expect((await book(bia, '2026-11-12', '09:00', 'completed')).statusCode).toBe(201);

    const filtered = await pro.request({ method: 'GET', url: '/api/appointments?status=no_show' });
    expect(filtered.statusCode, filtered.body).toBe(200);
    expect(
      filtered.json().items.map((a: { appointmentDate: string }) => a.appointmentDate),
    ).toEqual(['2026-11-10', '2026-11-11']);

    const list = (await pro.request({ method: 'GET', url: '/api/clients?sort=name' })).json();
    expect(
      list.items.map((c: { name: string; noShowCount: number }) => [c.name, c.noShowCount]),
    ).toEqual([
      ['Ana Falta', 2],
      ['Bia Presente', 0],
    ]);

    const summary = (await pro.request({ method: 'GET', url: '/api/dashboard/summary' })).json();
    expect(summary).toMatchObject({
      monthNoShows: 2,
      monthAppointments: 1,
      monthRevenueCents: 5_000,
    });
  });

  it('still holds its time: nothing can be booked over it (the client might still come)', async () => {
    const carla = await createClient('Carla');
    expect((await book(carla, '2026-11-13', '09:00', 'no_show')).statusCode).toBe(201);
    const over = await book(carla, '2026-11-13', '09:30');
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe('Conflito de horário com outro agendamento');
  });

  it('an unknown status is refused with a pt-BR message', async () => {
    const dani = await createClient('Dani');
    const res = await book(dani, '2026-11-14', '09:00', 'faltou');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Status inválido');
  });

  it('another professional does not see these no-shows', async () => {
    const other = await signUpProfessional(ctx);
    const summary = (await other.request({ method: 'GET', url: '/api/dashboard/summary' })).json();
    expect(summary.monthNoShows).toBe(0);
    const filtered = await other.request({
      method: 'GET',
      url: '/api/appointments?status=no_show',
    });
    expect(filtered.json().total).toBe(0);
  });
});
