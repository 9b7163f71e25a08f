import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers/app';
import { signUpProfessional, type SignedInProfessional } from './helpers/session';

let ctx: TestContext;
let pro: SignedInProfessional;

// The fake clock stands at 2026-11-21T12:00Z: Saturday 21/11/2026, 09:00 in São Paulo.
beforeAll(async () => {
  ctx = await createTestApp();
  pro = await signUpProfessional(ctx);
  const create = creator(pro);
  const joao = await create('/api/clients', { name: 'João Araújo', phone: '(21) 99876-5432' });
  const ana = await create('/api/clients', { name: 'Ana Lima' });
  const corte = await create('/api/services', { name: 'Corte', price: 50, durationMinutes: 60 });
  const unha = await create('/api/services', {
    name: 'Unhas decoradas',
    price: 35,
    durationMinutes: 45,
  });
  for (const [client, service, appointmentDate, startTime, status] of [
    [ana, corte, '2026-11-28', '10:00', 'scheduled'],
    [joao, unha, '2026-11-21', '15:00', 'confirmed'],
    [ana, unha, '2026-11-21', '08:00', 'completed'],
    [joao, corte, '2026-11-20', '18:00', 'completed'],
    [ana, corte, '2026-11-29', '09:00', 'scheduled'],
    [joao, corte, '2026-11-22', '11:00', 'cancelled'],
    [ana, corte, '2026-12-15', '09:00', 'scheduled'],
  ] as const) {
    const res = await pro.request({
      method: 'POST',
      url: '/api/appointments',
      payload: { clientId: client.id, serviceId: service.id, appointmentDate, startTime, status },
    });
    expect(res.statusCode, res.body).toBe(201);
  }
});
afterAll(async () => {
  await ctx.close();
});

/** Creates a client, service or appointment as `session`, which must be answered 201. */
function creator(session: SignedInProfessional) {
  return async (url: string, payload: Record<string, unknown>) => {
    const res = await session.request({ method: 'POST', url, payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
}

async function list(query = '') {
  const res = await pro.request({ method: 'GET', url: `/api/appointments${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const when = (page: { items: { appointmentDate: string; startTime: string }[] }) =>
  page.items.map((a) => `${a.appointmentDate} ${a.startTime}`);

describe('GET /api/appointments', () => {
  it('lists by date then start time, with the total', async () => {
    const page = await list();
    expect(page.total).toBe(7);
    expect(when(page)).toEqual([
      '2026-11-20 18:00',
      '2026-11-21 08:00',
      '2026-11-21 15:00',
      '2026-11-22 11:00',
      '2026-11-28 10:00',
      '2026-11-29 09:00',
      '2026-12-15 09:00',
    ]);
  });

  it('pages', async () => {
    const second = await list('?pageSize=3&page=2');
    expect(second).toMatchObject({ total: 7, page: 2, pageSize: 3 });
    expect(when(second)).toEqual(['2026-11-22 11:00', '2026-11-28 10:00', '2026-11-29 09:00']);
  });

  it('filters by status', async () => {
    const completed = await list('?status=completed');
    expect(completed.total).toBe(2);
    expect(completed.items.every((a: { status: string }) => a.status === 'completed')).toBe(true);
    expect((await list('?status=all')).total).toBe(7);
  });

  it('filters today and the next 7 days in the professional’s time zone', async () => {
    expect(when(await list('?period=today'))).toEqual(['2026-11-21 08:00', '2026-11-21 15:00']);
    expect(when(await list('?period=week'))).toEqual([
      '2026-11-21 08:00',
      '2026-11-21 15:00',
      '2026-11-22 11:00',
      '2026-11-28 10:00',
    ]);
  });

  it('still says "today" is the 21st at 23:30 in São Paulo (02:30 UTC on the 22nd)', async () => {
    ctx.clock.set('2026-11-22T02:30:00.000Z');
    try {
      expect(when(await list('?period=today'))).toEqual(['2026-11-21 08:00', '2026-11-21 15:00']);
    } finally {
      ctx.clock.set('2026-11-21T12:00:00.000Z');
    }
  });

  it.each([
    ['joao', 3],
    ['ARAUJO', 3],
    ['ana', 4],
    ['unhas', 2],
    ['DECORADAS', 2],
    ['98765', 3],
    ['99876-54', 3],
    ['nada disso', 0],
  ])('searches client or service %j: %i found', async (text, count) => {
    const page = await list(`?search=${encodeURIComponent(text)}`);
    expect(page.total).toBe(count);
    expect(page.items).toHaveLength(count);
  });

  it('counts every match of a search, beyond its page and past its last one', async () => {
    // Ana's 4 appointments: the total rides on the page's rows, then is counted apart.
    const first = await list('?search=ana&pageSize=3');
    expect(first).toMatchObject({ total: 4, page: 1, pageSize: 3 });
    expect(when(first)).toEqual(['2026-11-21 08:00', '2026-11-28 10:00', '2026-11-29 09:00']);
    expect(when(await list('?search=ana&pageSize=3&page=2'))).toEqual(['2026-12-15 09:00']);
    expect(await list('?search=ana&pageSize=3&page=3')).toMatchObject({ items: [], total: 4 });
    // A client's and a service's matches on the same appointment count it once.
    expect((await list('?search=a')).total).toBe(7);
  });

  it('counts no match of another professional', async () => {
    const create = creator(await signUpProfessional(ctx));
    const client = await create('/api/clients', { name: 'Ana Souza' });
    const service = await create('/api/services', {
      name: 'Corte',
      price: 40,
      durationMinutes: 30,
    });
    for (const startTime of ['10:00', '11:00']) {
      await create('/api/appointments', {
        clientId: client.id,
        serviceId: service.id,
        appointmentDate: '2026-11-25',
        startTime,
      });
    }
    expect((await list('?search=ana')).total).toBe(4);
    expect((await list('?search=ana&pageSize=3&page=3')).total).toBe(4);
    expect((await list('?search=corte')).total).toBe(5);
  });

  it('combines search, status and period', async () => {
    const page = await list(`?search=corte&status=scheduled&period=week`);
    expect(when(page)).toEqual(['2026-11-28 10:00']);
  });

  it('refuses unknown filters with 400', async () => {
    for (const query of ['?status=pending', '?period=month', '?page=0', '?pageSize=500']) {
      const res = await pro.request({ method: 'GET', url: `/api/appointments${query}` });
      expect(res.statusCode, query).toBe(400);
    }
  });

  it('shows nothing of another professional', async () => {
    const other = await signUpProfessional(ctx);
    const res = await other.request({ method: 'GET', url: '/api/appointments' });
    expect(res.json()).toEqual({ items: [], total: 0, page: 1, pageSize: 50 });
  });
});
