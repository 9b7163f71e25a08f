import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseBirthday } from '@agendaki/shared';
import { createTestApp, type TestContext } from '../helpers/app';
import { createBookableProfessional, type BookableProfessional } from '../helpers/booking';
import { addClient } from '../helpers/comeback';
import { junkString, nearValid, wireBody } from './helpers/fuzz-arbitraries';

/**
 * Property: the birthday typed the Brazilian way ("dd/mm", "dd/mm/aaaa") never yields a 5xx,
 * and the server keeps exactly what `parseBirthday` accepts (issue 50).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 80);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_129);

let ctx: TestContext;
let shop: BookableProfessional;
let clientId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  shop = await createBookableProfessional(ctx, { businessName: 'Estúdio Fuzz' });
  clientId = (await addClient(shop, 'Fuzz')).id;
}, 60_000);
afterAll(async () => {
  await ctx.close();
});

const two = (max: number) => fc.integer({ min: 0, max }).map((n) => String(n).padStart(2, '0'));
/** Near a birthday: real ones, 31/02, 00/13, years far off, stray spaces and signs. */
const birthdayText = fc.oneof(
  fc
    .tuple(two(39), two(19), fc.option(fc.integer({ min: 0, max: 9999 })))
    .map(([d, m, y]) => (y === null ? `${d}/${m}` : `${d}/${m}/${String(y).padStart(4, '0')}`)),
  fc.constantFrom('29/02', '29/02/2000', '29/02/1900', '31/12/2100', ' 01/01 ', '1/1', '01-01'),
  junkString,
);

describe('the birthday never answers 5xx', () => {
  it('keeps what parseBirthday accepts and refuses the rest in pt-BR', async () => {
    const property = fc.asyncProperty(birthdayText, async (birthday) => {
      const res = await shop.pro.request({
        method: 'PUT',
        url: `/api/comeback/clients/${clientId}/birthday`,
        payload: { birthday },
      });
      const isValid = birthday.trim() === '' || parseBirthday(birthday) !== null;
      expect(res.statusCode, `${JSON.stringify(birthday)} ${res.body}`).toBe(isValid ? 204 : 400);
    });
    await fc.assert(property, { numRuns: RUNS, seed: SEED });
  });

  it('with any body, on the wire', async () => {
    const property = fc.asyncProperty(
      wireBody(nearValid({ birthday: birthdayText })),
      async (wire) => {
        const res = await shop.pro.request({
          method: 'PUT',
          url: `/api/comeback/clients/${clientId}/birthday`,
          payload: wire.body,
          headers: wire.type ? { 'content-type': wire.type } : {},
        } as InjectOptions);
        expect(res.statusCode, res.body.slice(0, 300)).toBeLessThan(500);
      },
    );
    await fc.assert(property, { numRuns: RUNS, seed: SEED });
  });
});
