import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, profiles, services, user } from '../src/db/schema';
import { createTestApp, type TestContext } from './helpers/app';
import { signUpBody, post } from './helpers/auth';
import {
  appointmentsOf,
  bookingBody,
  clientsOf,
  createBookableProfessional,
  postBooking,
  type BookableProfessional,
} from './helpers/booking';

/**
 * Issue 18: names that show nothing (zero-width, control and direction characters) and broken
 * UTF-16 (a lone surrogate) are refused with 400 and a pt-BR message, and nothing is stored;
 * phones are stored as digits (packages/shared/src/text.ts).
 */

const INVISIBLE_NAMES = [
  '\u200b',
  '\u0085',
  '\u200e\ufeff',
  '\u0000\u0007\u001b',
  ' \u200b\u00ad\u2060 ',
  '\u3164',
  // Kept by the cleaning (they shape emoji and scripts) but nothing to see on their own.
  '\u200d\u200c',
  '\u0301\u0308',
  // Issue 44: symbols that draw a blank or a placeholder, and their kin.
  '\u2800',
  '\ufffc',
  '\ufffd',
  '\u{1d159}',
  '\u3164\u115f\u1160\uffa0',
  '\u2028\u2029',
  '\u2800\ufffd\u0301',
];
const LONE_SURROGATE = 'Ana \ud800';

let ctx: TestContext;
let shop: BookableProfessional;

beforeAll(async () => {
  ctx = await createTestApp();
  shop = await createBookableProfessional(ctx);
});
afterAll(async () => {
  await ctx.close();
});

describe('invisible or broken text is refused, nothing stored', () => {
  it('client names', async () => {
    const before = (await clientsOf(ctx, shop.profileId)).length;
    for (const name of INVISIBLE_NAMES) {
      const res = await shop.pro.request({
        method: 'POST',
        url: '/api/clients',
        payload: { name },
      });
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', message: 'Nome é obrigatório' });
    }
    const broken = await shop.pro.request({
      method: 'POST',
      url: '/api/clients',
      payload: { name: LONE_SURROGATE },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ message: 'Texto inválido' });
    expect(await clientsOf(ctx, shop.profileId)).toHaveLength(before);
  });

  it('a client renamed to nothing visible keeps its name', async () => {
    const created = await shop.pro.request({
      method: 'POST',
      url: '/api/clients',
      payload: { name: '\u200bCarla\u200e', phone: ' (11) 98765-4321 ', notes: 'a\u200b\r\nb' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Carla', phone: '+5511987654321', notes: 'a\nb' });
    const renamed = await shop.pro.request({
      method: 'PATCH',
      url: `/api/clients/${created.json().id}`,
      payload: { name: '\u200b\u0085' },
    });
    expect(renamed.statusCode).toBe(400);
    const [row] = await ctx.database.db
      .select({ name: clients.name })
      .from(clients)
      .where(eq(clients.id, created.json().id));
    expect(row?.name).toBe('Carla');
  });

  it('service names', async () => {
    const res = await shop.pro.request({
      method: 'POST',
      url: '/api/services',
      payload: { name: '\u200b\u200e', price: 30, durationMinutes: 30 },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Nome é obrigatório' });
    const rows = await ctx.database.db
      .select({ id: services.id })
      .from(services)
      .where(eq(services.professionalId, shop.profileId));
    expect(rows).toHaveLength(shop.services.length);
  });

  it('profile names', async () => {
    const res = await shop.pro.request({
      method: 'PATCH',
      url: '/api/profile',
      payload: {
        professionalName: '\u0085',
        businessName: 'Barbearia',
        phone: null,
        bio: null,
        timezone: 'America/Sao_Paulo',
      },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Seu nome é obrigatório' });
    const [row] = await ctx.database.db
      .select({ name: profiles.professionalName })
      .from(profiles)
      .where(eq(profiles.id, shop.profileId));
    expect(row?.name).toBe('João Teste');
  });

  it('sign-up names', async () => {
    const body = signUpBody({ businessName: '\u200b\ufeff' });
    const res = await post(ctx, '/api/auth/sign-up', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Nome do negócio é obrigatório' });
    const rows = await ctx.database.db.select().from(user).where(eq(user.email, body.email));
    expect(rows).toHaveLength(0);
  });

  it('booking client names', async () => {
    for (const clientName of ['\u200b\u0085', ...INVISIBLE_NAMES]) {
      const res = await postBooking(ctx, bookingBody(shop, { clientName }));
      expect(res.statusCode, JSON.stringify(clientName)).toBe(400);
      expect(res.json()).toMatchObject({ message: 'Nome é obrigatório' });
    }
    expect(await appointmentsOf(ctx, shop.profileId)).toHaveLength(0);
  });
});
