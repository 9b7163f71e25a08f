import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpOperator } from '../helpers/admin';
import { createTestApp, type TestContext } from '../helpers/app';
import { signUpProfessional, type SignedInProfessional } from '../helpers/session';
import {
  junkString,
  nearValid,
  post,
  query,
  seg,
  type FuzzRequest,
} from './helpers/fuzz-arbitraries';

/**
 * Property: nothing an operator sends to the console's API yields a 5xx (its inputs are few:
 * a search, a reason, a number of days, a professional's id), and a refusal is a pt-BR 4xx.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 120);
const SEED =
  process.env.FUZZ_SEED === 'random'
    ? Date.now() % 2_147_483_647
    : Number(process.env.FUZZ_SEED ?? 20_261_129);

let ctx: TestContext;
let operator: SignedInProfessional;
let profileId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  operator = await signUpOperator(ctx);
  const pro = await signUpProfessional(ctx);
  profileId = (await pro.request({ method: 'GET', url: '/api/me' })).json().profile.id;
}, 60_000);
afterAll(async () => {
  await ctx.close();
});

const ACTIONS = ['resend-confirmation', 'extend-trial', 'suspend', 'reactivate'];

const request: fc.Arbitrary<FuzzRequest> = fc.oneof(
  query({ search: fc.oneof(fc.constant('pro-'), fc.string({ maxLength: 300 })) }).map(
    (q): FuzzRequest => ({ method: 'GET', url: `/api/admin/professionals?${q}` }),
  ),
  fc
    .tuple(
      fc.constantFrom(...ACTIONS),
      fc.oneof(fc.constant(null), junkString),
      nearValid({
        reason: fc.oneof(fc.constant('Pedido por e-mail'), fc.string({ maxLength: 600 })),
        days: fc.oneof(fc.integer({ min: -5, max: 120 }), fc.double(), fc.constant('7')),
      }),
    )
    .chain(([action, id, body]) =>
      post(
        `/api/admin/professionals/${id === null ? profileId : seg(id)}/${action}`,
        fc.constant(body),
      ),
    ),
);

describe('the operator console under arbitrary input', () => {
  it('never answers 5xx, and refuses with a pt-BR message', async () => {
    await fc.assert(
      fc.asyncProperty(request, async (req) => {
        const res = await operator.request(req);
        expect(res.statusCode, `${req.method} ${req.url} ${req.payload ?? ''}`).toBeLessThan(500);
        if (res.statusCode >= 400) expect(typeof res.json().message).toBe('string');
      }),
      { numRuns: RUNS, seed: SEED },
    );
  }, 120_000);
});
