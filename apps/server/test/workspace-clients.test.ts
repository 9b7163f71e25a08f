import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

async function createClient(payload: Record<string, unknown>, as = pro) {
  ctx.clock.advance(1000);
  const res = await as.request({ method: 'POST', url: '/api/clients', payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function search(text: string, as = pro) {
  const res = await as.request({
    method: 'GET',
    url: `/api/clients?search=${encodeURIComponent(text)}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res
    .json()
    .items.map((c: { name: string }) => c.name)
    .sort();
}

describe('clients CRUD', () => {
  it('creates a client: trimmed, empty fields as null', async () => {
    const client = await createClient({ name: '  Carla  ', email: '', phone: '', notes: '' });
    expect(client).toMatchObject({ name: 'Carla', email: null, phone: null, notes: null });
    expect(new Date(client.createdAt).toISOString()).toBe(client.createdAt);
  });

  it('reads, updates and deletes a client', async () => {
    const client = await createClient({ name: 'Dora', email: 'dora@exemplo.com.br' });
    const read = await pro.request({ method: 'GET', url: `/api/clients/${client.id}` });
    expect(read.json()).toEqual(client);
    const updated = await pro.request({
      method: 'PATCH',
      url: `/api/clients/${client.id}`,
      payload: { phone: '(11) 91234-5678', notes: 'Prefere à tarde' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      name: 'Dora',
      email: 'dora@exemplo.com.br',
      phone: '+5511912345678',
      notes: 'Prefere à tarde',
    });
    expect(
      (await pro.request({ method: 'DELETE', url: `/api/clients/${client.id}` })).statusCode,
    ).toBe(204);
    const gone = await pro.request({ method: 'GET', url: `/api/clients/${client.id}` });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('Cliente não encontrado');
  });

  it("deleting a client deletes the client's appointments", async () => {
    const client = await createClient({ name: 'Elisa' });
    const service = await pro.request({
      method: 'POST',
      url: '/api/services',
      payload: { name: 'Escova', price: 40, durationMinutes: 30 },
    });
    const appointment = await pro.request({
      method: 'POST',
      url: '/api/appointments',
      payload: {
        clientId: client.id,
        serviceId: service.json().id,
        appointmentDate: '2026-12-10',
        startTime: '15:00',
      },
    });
    expect(appointment.statusCode).toBe(201);
    await pro.request({ method: 'DELETE', url: `/api/clients/${client.id}` });
    const after = await pro.request({
      method: 'GET',
      url: `/api/appointments/${appointment.json().id}`,
    });
    expect(after.statusCode).toBe(404);
  });

  it('refuses a second client with the same e-mail in any letter case (409)', async () => {
    await createClient({ name: 'Fabi', email: 'fabi@exemplo.com.br' });
    const duplicate = await pro.request({
      method: 'POST',
      url: '/api/clients',
      payload: { name: 'Outra Fabi', email: 'FABI@Exemplo.com.br' },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({
      statusCode: 409,
      code: 'CONFLICT',
      message: 'Já existe um cliente com este e-mail.',
    });
    const other = await createClient({ name: 'Gabi', email: 'gabi@exemplo.com.br' });
    const update = await pro.request({
      method: 'PATCH',
      url: `/api/clients/${other.id}`,
      payload: { email: 'fabi@exemplo.com.br' },
    });
    expect(update.statusCode).toBe(409);
    const elsewhere = await signUpProfessional(ctx);
    await createClient({ name: 'Fabi', email: 'fabi@exemplo.com.br' }, elsewhere);
  });
});

describe('client validation (docs/product.md section 5 messages)', () => {
  it.each([
    [{ name: '' }, 'Nome é obrigatório'],
    [{ name: '    ' }, 'Nome é obrigatório'],
    [{ email: 'a@b.com' }, 'Nome é obrigatório'],
    [{ name: 'x'.repeat(101) }, 'Nome muito longo'],
    [{ name: 'Ana', email: 'ana@' }, 'Email inválido'],
    [{ name: 'Ana', email: `${'a'.repeat(250)}@exemplo.com` }, 'Email muito longo'],
    [{ name: 'Ana', phone: '9'.repeat(21) }, 'Telefone muito longo'],
    [{ name: 'Ana', notes: 'x'.repeat(1001) }, 'Notas muito longas'],
  ])('POST %j -> 400 "%s"', async (payload, message) => {
    const res = await pro.request({ method: 'POST', url: '/api/clients', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', message });
  });
});

describe('client search and pages', () => {
  let searcher: SignedInProfessional;
  beforeAll(async () => {
    searcher = await signUpProfessional(ctx);
    for (const payload of [
      { name: 'João da Silva', phone: '(11) 98765-4321', email: 'joao@exemplo.com.br' },
      { name: 'JOANA Araújo', phone: '+55 21 3333-1234' },
      { name: 'Márcia Öz', email: 'marcia.oz@correio.com' },
      { name: 'Pedro', phone: '11 4002-8922', notes: 'Silva é o sobrenome da mãe' },
      { name: '50% Off_Cliente' },
    ]) {
      await createClient(payload, searcher);
    }
  });

  it.each([
    ['joao', ['João da Silva']],
    ['JOÃO', ['João da Silva']],
    ['araujo', ['JOANA Araújo']],
    ['marcia oz', ['Márcia Öz']],
    ['jo', ['JOANA Araújo', 'João da Silva']],
    ['silva', ['João da Silva']],
    ['correio', ['Márcia Öz']],
    ['98765', ['João da Silva']],
    ['8765-43', ['João da Silva']],
    ['(11) 9876', ['João da Silva']],
    ['4002 8922', ['Pedro']],
    ['3333', ['JOANA Araújo']],
    ['%', ['50% Off_Cliente']],
    ['_', ['50% Off_Cliente']],
    ['ninguém', []],
  ])('search %j finds %j', async (text, names) => {
    expect(await search(text, searcher)).toEqual(names);
  });

  it('matches what the client says now: an edit and an erasure change what a search finds', async () => {
    // The search text is stored beside the client (drizzle/0023): it must follow every write.
    const editor = await signUpProfessional(ctx);
    const client = await createClient(
      { name: 'Heloísa Prado', phone: '(31) 99876-1111', email: 'helo@exemplo.com.br' },
      editor,
    );
    expect(Object.keys(client).sort()).toEqual(
      ['createdAt', 'email', 'id', 'name', 'notes', 'phone'].sort(),
    );
    expect(await search('heloisa', editor)).toEqual(['Heloísa Prado']);
    const edited = await editor.request({
      method: 'PATCH',
      url: `/api/clients/${client.id}`,
      payload: { name: 'Heloísa Nunes', phone: '(31) 97777-2222', email: null },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await search('prado', editor)).toEqual([]);
    expect(await search('99876', editor)).toEqual([]);
    expect(await search('helo@', editor)).toEqual([]);
    expect(await search('nunes', editor)).toEqual(['Heloísa Nunes']);
    expect(await search('7777-2222', editor)).toEqual(['Heloísa Nunes']);
    const erased = await editor.request({
      method: 'POST',
      url: `/api/clients/${client.id}/erase`,
      payload: { confirmName: 'Heloísa Nunes' },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await search('heloisa', editor)).toEqual([]);
    expect(await search('97777', editor)).toEqual([]);
  });

  it('pages newest first with the total, or by name', async () => {
    const first = await searcher.request({ method: 'GET', url: '/api/clients?pageSize=2' });
    expect(first.json()).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(first.json().items.map((c: { name: string }) => c.name)).toEqual([
      '50% Off_Cliente',
      'Pedro',
    ]);
    const last = await searcher.request({ method: 'GET', url: '/api/clients?pageSize=2&page=3' });
    expect(last.json().items.map((c: { name: string }) => c.name)).toEqual(['João da Silva']);
    const byName = await searcher.request({ method: 'GET', url: '/api/clients?sort=name' });
    expect(byName.json().items.map((c: { name: string }) => c.name)).toEqual([
      '50% Off_Cliente',
      'JOANA Araújo',
      'João da Silva',
      'Márcia Öz',
      'Pedro',
    ]);
    const searched = await searcher.request({
      method: 'GET',
      url: '/api/clients?search=jo&pageSize=1',
    });
    expect(searched.json()).toMatchObject({ total: 2, pageSize: 1 });
    expect(searched.json().items).toHaveLength(1);
  });

  it('defaults to pages of 50 and refuses bad page parameters', async () => {
    expect((await searcher.request({ method: 'GET', url: '/api/clients' })).json().pageSize).toBe(
      50,
    );
    for (const query of ['page=0', 'pageSize=101', 'page=abc', 'sort=x']) {
      const res = await searcher.request({ method: 'GET', url: `/api/clients?${query}` });
      expect(res.statusCode, query).toBe(400);
    }
  });

  it('answers 401 without a session', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/clients' })).statusCode).toBe(401);
    const post = await ctx.app.inject({
      method: 'POST',
      url: '/api/clients',
      payload: { name: 'X' },
    });
    expect(post.statusCode).toBe(401);
  });
});
