import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers/app';
import { IMAGES, multipartFile } from './helpers/images';
import { signUpProfessional, type SignedInProfessional } from './helpers/session';

let ctx: TestContext;
let dataDir: string;
let owner: SignedInProfessional;
let intruder: SignedInProfessional;
let service: { id: string; imageUrl: string };
let client: { id: string };
let appointment: { id: string };
let intruderService: { id: string };
let intruderClient: { id: string };

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agendaki-ownership-'));
  ctx = await createTestApp({ env: { DATA_DIR: dataDir } });
  owner = await signUpProfessional(ctx);
  intruder = await signUpProfessional(ctx);
  const post = async (as: SignedInProfessional, url: string, payload: object) => {
    const res = await as.request({ method: 'POST', url, payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const created = await post(owner, '/api/services', {
    name: 'Corte',
    price: 50,
    durationMinutes: 60,
  });
  const withImage = await owner.request({
    method: 'POST',
    url: `/api/services/${created.id}/image`,
    ...multipartFile(IMAGES.png, 'a.png', 'image/png'),
  });
  service = withImage.json();
  client = await post(owner, '/api/clients', { name: 'Bia', email: 'bia@exemplo.com.br' });
  appointment = await post(owner, '/api/appointments', {
    clientId: client.id,
    serviceId: service.id,
    appointmentDate: '2026-12-01',
    startTime: '10:00',
  });
  intruderService = await post(intruder, '/api/services', {
    name: 'Intruso',
    price: 1,
    durationMinutes: 15,
  });
  intruderClient = await post(intruder, '/api/clients', { name: 'Intrusa' });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** What the owner sees: it must be the same before and after every refused attempt. */
async function ownerSnapshot() {
  const get = async (url: string) => (await owner.request({ method: 'GET', url })).json();
  return {
    services: await get('/api/services'),
    clients: await get('/api/clients'),
    appointments: await get('/api/appointments'),
    imageOnDisk: fs.existsSync(path.join(dataDir, 'uploads', service.imageUrl.slice(9))),
  };
}

describe("a second professional gets 404 on every route that takes the owner's id", () => {
  const attempts: [string, () => Parameters<SignedInProfessional['request']>[0], string][] = [
    [
      'PATCH service',
      () => ({ method: 'PATCH', url: `/api/services/${service.id}`, payload: { name: 'Roubado' } }),
      'Serviço não encontrado',
    ],
    [
      'DELETE service',
      () => ({ method: 'DELETE', url: `/api/services/${service.id}` }),
      'Serviço não encontrado',
    ],
    [
      'POST service image',
      () => ({
        method: 'POST',
        url: `/api/services/${service.id}/image`,
        ...multipartFile(IMAGES.gif, 'b.gif', 'image/gif'),
      }),
      'Serviço não encontrado',
    ],
    [
      'DELETE service image',
      () => ({ method: 'DELETE', url: `/api/services/${service.id}/image` }),
      'Serviço não encontrado',
    ],
    [
      'GET client',
      () => ({ method: 'GET', url: `/api/clients/${client.id}` }),
      'Cliente não encontrado',
    ],
    [
      'PATCH client',
      () => ({ method: 'PATCH', url: `/api/clients/${client.id}`, payload: { name: 'Roubada' } }),
      'Cliente não encontrado',
    ],
    [
      'DELETE client',
      () => ({ method: 'DELETE', url: `/api/clients/${client.id}` }),
      'Cliente não encontrado',
    ],
    [
      'GET appointment',
      () => ({ method: 'GET', url: `/api/appointments/${appointment.id}` }),
      'Agendamento não encontrado',
    ],
    [
      'PATCH appointment',
      () => ({
        method: 'PATCH',
        url: `/api/appointments/${appointment.id}`,
        payload: { status: 'cancelled' },
      }),
      'Agendamento não encontrado',
    ],
    [
      'PATCH appointment onto own records',
      () => ({
        method: 'PATCH',
        url: `/api/appointments/${appointment.id}`,
        payload: { clientId: intruderClient.id, serviceId: intruderService.id },
      }),
      'Agendamento não encontrado',
    ],
    [
      'DELETE appointment',
      () => ({ method: 'DELETE', url: `/api/appointments/${appointment.id}` }),
      'Agendamento não encontrado',
    ],
  ];

  it.each(attempts)('%s: 404 and nothing changes', async (_label, options, message) => {
    const before = await ownerSnapshot();
    const res = await intruder.request(options());
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message });
    expect(await ownerSnapshot()).toEqual(before);
  });

  it("cannot book with the owner's client or service", async () => {
    const before = await ownerSnapshot();
    for (const [payload, message] of [
      [{ clientId: client.id, serviceId: intruderService.id }, 'Cliente não encontrado'],
      [{ clientId: intruderClient.id, serviceId: service.id }, 'Serviço não encontrado'],
    ] as const) {
      const res = await intruder.request({
        method: 'POST',
        url: '/api/appointments',
        payload: { ...payload, appointmentDate: '2026-12-01', startTime: '10:00' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(message);
    }
    expect(await ownerSnapshot()).toEqual(before);
  });

  it("cannot point the owner's appointment at the intruder's records, nor the reverse", async () => {
    const moved = await owner.request({
      method: 'PATCH',
      url: `/api/appointments/${appointment.id}`,
      payload: { clientId: intruderClient.id },
    });
    expect(moved.statusCode).toBe(404);
    expect(moved.json().message).toBe('Cliente não encontrado');
    const switched = await owner.request({
      method: 'PATCH',
      url: `/api/appointments/${appointment.id}`,
      payload: { serviceId: intruderService.id },
    });
    expect(switched.statusCode).toBe(404);
    expect(switched.json().message).toBe('Serviço não encontrado');
  });

  it("lists none of the owner's records to the intruder", async () => {
    const get = async (url: string) => (await intruder.request({ method: 'GET', url })).json();
    expect((await get('/api/services')).map((s: { id: string }) => s.id)).toEqual([
      intruderService.id,
    ]);
    expect((await get('/api/clients')).items.map((c: { id: string }) => c.id)).toEqual([
      intruderClient.id,
    ]);
    expect((await get('/api/appointments')).total).toBe(0);
    expect((await get('/api/clients?search=bia')).total).toBe(0);
  });
});
