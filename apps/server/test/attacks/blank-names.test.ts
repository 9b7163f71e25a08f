import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helpers/app';
import {
  appointmentsOf,
  bookingBody,
  clientsOf,
  createBookableProfessional,
  postBooking,
  type BookableProfessional,
} from '../helpers/booking';

/**
 * Issue 44, finding 10: symbols that draw a blank or a placeholder (braille blank, object and
 * replacement characters, the null notehead) and their kin were taken as a client name, because
 * every symbol counted as visible. Each is refused as an empty name, by the booking and by the
 * professional's client form, and nothing is stored.
 */
const BLANK_NAMES = [
  '\u2800',
  '\ufffc',
  '\ufffd',
  '\u{1d159}',
  '\u2800\u2800\u2800',
  '\u3164\u115f\u1160\uffa0',
  '\u2028\u2029',
  '\u0301\u0302',
  '\u2800\ufffc\ufffd\u{1d159}\u0301',
];

let ctx: TestContext;
let shop: BookableProfessional;

beforeAll(async () => {
  ctx = await createTestApp();
  shop = await createBookableProfessional(ctx);
});
afterAll(async () => {
  await ctx.close();
});

describe('blank-looking names are refused', () => {
  it('by the public booking', async () => {
    for (const clientName of BLANK_NAMES) {
      const res = await postBooking(ctx, bookingBody(shop, { clientName }));
      expect(res.statusCode, JSON.stringify(clientName)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', message: 'Nome é obrigatório' });
    }
    expect(await appointmentsOf(ctx, shop.profileId)).toHaveLength(0);
  });

  it('by the client form', async () => {
    const before = (await clientsOf(ctx, shop.profileId)).length;
    for (const name of BLANK_NAMES) {
      const res = await shop.pro.request({
        method: 'POST',
        url: '/api/clients',
        payload: { name },
      });
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.json()).toMatchObject({ message: 'Nome é obrigatório' });
    }
    expect(await clientsOf(ctx, shop.profileId)).toHaveLength(before);
  });

  it('a name with a letter among them keeps the letter, the blanks made spaces or dropped', async () => {
    const res = await shop.pro.request({
      method: 'POST',
      url: '/api/clients',
      payload: { name: '\u2800Ana\u2800Souza\ufffc' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().name).toBe('Ana Souza');
  });
});
