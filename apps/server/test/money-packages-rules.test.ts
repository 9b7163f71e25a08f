import { CLIENT_HAS_MONEY_MESSAGE, PACKAGE_WRONG_CLIENT_MESSAGE } from '@agendaki/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers/app';
import { createPackageShop, type PackageShop } from './helpers/packages';

/**
 * Packages (docs/decisions/038-money-received.md): another client's or professional's ids
 * refused, input limits in pt-BR, and the LGPD exports and erasure.
 */
let ctx: TestContext;
let world: PackageShop;
let shop: PackageShop['shop'];
let other: PackageShop['other'];
let clientId: string;
let bookedId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  world = await createPackageShop(ctx);
  ({ shop, other, clientId, bookedId } = world);
});
afterAll(async () => {
  await ctx.close();
});

const createPackage = (sessions: number) => world.createPackage(sessions);
const sell = (packageId: string) => world.sell(packageId);
const appointmentOn = (date: string, startTime: string, forClient?: string) =>
  world.appointmentOn(date, startTime, forClient);
const useSession = (appointmentId: string, clientPackageId: string) =>
  world.useSession(appointmentId, clientPackageId);

describe('ownership and input', () => {
  it("refuses another client's appointment and another professional's ids", async () => {
    const packageId = await createPackage(3);
    const sold = await sell(packageId);
    const stranger = await shop.pro.request({
      method: 'POST',
      url: '/api/clients',
      payload: { name: 'Outra Cliente' },
    });
    const theirs = await appointmentOn('2026-11-27', '09:00', stranger.json().id);
    const wrong = await useSession(theirs, sold.id);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(PACKAGE_WRONG_CLIENT_MESSAGE);
    for (const [method, url, payload] of [
      ['PATCH', `/api/packages/${packageId}`, { isActive: false }],
      ['POST', `/api/clients/${clientId}/packages`, { packageId, payments: [] }],
      ['POST', `/api/appointments/${theirs}/package-session`, { clientPackageId: sold.id }],
      ['DELETE', `/api/appointments/${bookedId}/package-session`, undefined],
    ] as const) {
      const res = await other.pro.request({ method, url, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await other.pro.request({ method: 'GET', url: '/api/packages' })).json()).toEqual([]);
    // A client with a package sold is not deleted with its payment: she is erased (LGPD) instead.
    const strangerId = stranger.json().id as string;
    const theirPackage = await shop.pro.request({
      method: 'POST',
      url: `/api/clients/${strangerId}/packages`,
      payload: { packageId, payments: [{ method: 'cash', amountCents: 100 }] },
    });
    expect((await useSession(theirs, theirPackage.json().id)).statusCode).toBe(204);
    const deleted = await shop.pro.request({ method: 'DELETE', url: `/api/clients/${strangerId}` });
    expect(deleted.statusCode, deleted.body).toBe(409);
    expect(deleted.json().message).toBe(CLIENT_HAS_MONEY_MESSAGE);
    const kept = await shop.pro.request({ method: 'GET', url: `/api/clients/${strangerId}/money` });
    expect(kept.json().packages.map((p: { paidCents: number }) => p.paidCents)).toEqual([100]);
    const foreignService = await shop.pro.request({
      method: 'POST',
      url: '/api/packages',
      payload: {
        name: 'Roubado',
        serviceIds: [other.services[0]!.id],
        sessions: 2,
        priceCents: 100,
        validityDays: 10,
      },
    });
    expect(foreignService.statusCode).toBe(404);
    for (const bad of [
      { sessions: 0 },
      { priceCents: -1 },
      { validityDays: 9999 },
      { serviceIds: [] },
    ]) {
      const res = await shop.pro.request({
        method: 'POST',
        url: '/api/packages',
        payload: {
          name: 'X',
          serviceIds: [shop.services[0]!.id],
          sessions: 2,
          priceCents: 1,
          validityDays: 5,
          ...bad,
        },
      });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
  });
});

describe('LGPD', () => {
  it('exports payments and packages, and erasure keeps the amounts without who', async () => {
    const json = await shop.pro.request({
      method: 'GET',
      url: `/api/clients/${clientId}/export?format=json`,
    });
    expect(json.statusCode, json.body).toBe(200);
    const data = json.json();
    expect(data.pacotes.length).toBeGreaterThan(0);
    expect(data.pagamentos.some((p: { valorCentavos: number }) => p.valorCentavos === 20000)).toBe(
      true,
    );
    const csv = await shop.pro.request({
      method: 'GET',
      url: `/api/clients/${clientId}/export?format=csv`,
    });
    expect(csv.body).toContain('\r\nPagamentos\r\nData;Recebido em;Tipo;Forma de pagamento');
    expect(csv.body).toContain('\r\nPacotes\r\nPacote;Vendido em');

    const before = (
      await shop.pro.request({ method: 'GET', url: '/api/cash?date=2026-11-21' })
    ).json();
    const erased = await shop.pro.request({
      method: 'POST',
      url: `/api/clients/${clientId}/erase`,
      payload: { confirmName: 'Paula Pacote' },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    const after = (
      await shop.pro.request({ method: 'GET', url: '/api/cash?date=2026-11-21' })
    ).json();
    expect(after.receivedCents).toBe(before.receivedCents);
    expect(after.lines.map((l: { clientName: string }) => l.clientName)).toContain(
      'Cliente removido',
    );
    expect(JSON.stringify(after)).not.toContain('Paula');
  });
});
