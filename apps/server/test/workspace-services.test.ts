import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions, user } from '../src/db/schema';
import { createTestApp, type TestContext } from './helpers/app';
import { signUpProfessional, type SignedInProfessional } from './helpers/session';

let ctx: TestContext;
let pro: SignedInProfessional;

beforeAll(async () => {
  ctx = await createTestApp();
  pro = await signUpProfessional(ctx);
});
afterAll(async () => {
  await ctx.close();
});

const corte = { name: 'Corte', description: 'Corte feminino', price: 49.9, durationMinutes: 45 };

async function createService(body: Record<string, unknown> = corte) {
  const res = await pro.request({ method: 'POST', url: '/api/services', payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('services CRUD', () => {
  it('creates a service and answers the record with price as text and in cents', async () => {
    const service = await createService({ ...corte, name: '  Corte  ' });
    expect(service).toMatchObject({
      name: 'Corte',
      description: 'Corte feminino',
      price: '49.90',
      priceCents: 4990,
      durationMinutes: 45,
      isActive: true,
      imageUrl: null,
    });
    expect(service.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('lists own services newest first, or only active ones by name', async () => {
    ctx.clock.advance(1000);
    const zeta = await createService({ name: 'Zeta', price: 10, durationMinutes: 30 });
    ctx.clock.advance(1000);
    const alfa = await createService({
      name: 'Alfa',
      price: 0,
      durationMinutes: 30,
      isActive: false,
    });
    const all = await pro.request({ method: 'GET', url: '/api/services' });
    expect(all.statusCode).toBe(200);
    const names = all.json().map((s: { name: string }) => s.name);
    expect(names.indexOf('Alfa')).toBeLessThan(names.indexOf('Zeta'));
    const active = await pro.request({ method: 'GET', url: '/api/services?active=true' });
    const activeNames = active.json().map((s: { name: string }) => s.name);
    expect(activeNames).not.toContain('Alfa');
    expect(activeNames).toEqual([...activeNames].sort());
    expect(zeta.id).not.toBe(alfa.id);
  });

  it('updates any subset of fields', async () => {
    const service = await createService();
    const res = await pro.request({
      method: 'PATCH',
      url: `/api/services/${service.id}`,
      payload: { price: 55, isActive: false, description: '' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Corte',
      price: '55.00',
      priceCents: 5500,
      isActive: false,
      description: null,
    });
  });

  it('deletes a service without appointments', async () => {
    const service = await createService();
    const res = await pro.request({ method: 'DELETE', url: `/api/services/${service.id}` });
    expect(res.statusCode).toBe(204);
    const again = await pro.request({ method: 'DELETE', url: `/api/services/${service.id}` });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Serviço não encontrado' });
  });

  it('refuses to delete a service with appointments, suggesting to deactivate it', async () => {
    const service = await createService();
    const client = await pro.request({
      method: 'POST',
      url: '/api/clients',
      payload: { name: 'Bia' },
    });
    const booked = await pro.request({
      method: 'POST',
      url: '/api/appointments',
      payload: {
        clientId: client.json().id,
        serviceId: service.id,
        appointmentDate: '2026-12-01',
        startTime: '10:00',
      },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const res = await pro.request({ method: 'DELETE', url: `/api/services/${service.id}` });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual({
      statusCode: 409,
      code: 'CONFLICT',
      message: 'Este serviço possui agendamentos. Desative-o em vez de excluir.',
    });
  });

  it('answers 404 for an id that is not a UUID', async () => {
    const res = await pro.request({ method: 'PATCH', url: '/api/services/abc', payload: {} });
    expect(res.statusCode).toBe(404);
  });
});

describe('service validation (400, pt-BR, first message)', () => {
  it.each([
    [{ ...corte, name: '' }, 'Nome é obrigatório', 'name'],
    [{ ...corte, name: '   ' }, 'Nome é obrigatório', 'name'],
    [{ ...corte, name: 'x'.repeat(101) }, 'Nome muito longo', 'name'],
    [{ ...corte, description: 'x'.repeat(1001) }, 'Descrição muito longa', 'description'],
    [{ ...corte, price: -1 }, 'O preço não pode ser negativo', 'price'],
    [{ ...corte, price: 1.234 }, 'O preço deve ter no máximo duas casas decimais', 'price'],
    [{ ...corte, price: 'abc' }, 'Preço inválido', 'price'],
    [
      { ...corte, durationMinutes: 0 },
      'A duração deve ser de pelo menos 1 minuto',
      'durationMinutes',
    ],
    [
      { ...corte, durationMinutes: 1441 },
      'A duração deve ser de no máximo 1440 minutos (24 horas)',
      'durationMinutes',
    ],
    [
      { ...corte, durationMinutes: 2.5 },
      'A duração deve ser um número inteiro de minutos',
      'durationMinutes',
    ],
  ])('POST %j -> "%s"', async (payload, message, field) => {
    const res = await pro.request({ method: 'POST', url: '/api/services', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', message, details: { field } });
  });

  it('applies the same rules to an update', async () => {
    const service = await createService();
    const res = await pro.request({
      method: 'PATCH',
      url: `/api/services/${service.id}`,
      payload: { durationMinutes: 0 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('A duração deve ser de pelo menos 1 minuto');
  });
});

describe('access', () => {
  it('answers 401 without a session on every services route', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, url] of [
      ['GET', '/api/services'],
      ['POST', '/api/services'],
      ['PATCH', `/api/services/${id}`],
      ['DELETE', `/api/services/${id}`],
      ['POST', `/api/services/${id}/image`],
      ['DELETE', `/api/services/${id}/image`],
    ] as const) {
      const res = await ctx.app.inject({ method, url, payload: method === 'GET' ? undefined : {} });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().code).toBe('UNAUTHORIZED');
    }
  });

  it('refuses creating a service without subscription access, but still lists and edits', async () => {
    const expired = await signUpProfessional(ctx);
    const created = await expired.request({ method: 'POST', url: '/api/services', payload: corte });
    expect(created.statusCode).toBe(201);
    const [owner] = await ctx.database.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, expired.email));
    await ctx.database.db
      .update(subscriptions)
      .set({ trialEnd: new Date('2026-11-01T00:00:00Z') })
      .where(eq(subscriptions.userId, owner!.id));

    const refused = await expired.request({ method: 'POST', url: '/api/services', payload: corte });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      statusCode: 403,
      code: 'SUBSCRIPTION_REQUIRED',
      message: 'Sua assinatura não está ativa. Assine para continuar.',
    });
    const list = await expired.request({ method: 'GET', url: '/api/services' });
    expect(list.json()).toHaveLength(1);
    const edit = await expired.request({
      method: 'PATCH',
      url: `/api/services/${created.json().id}`,
      payload: { isActive: false },
    });
    expect(edit.statusCode).toBe(200);
  });
});
