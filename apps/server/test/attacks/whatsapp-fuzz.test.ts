import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureOf, type WhatsappStandIn } from '../../../../scripts/whatsapp-stand-in.mjs';
import type { TestContext } from '../helpers/app';
import { nextIp } from '../helpers/auth';
import { createBookableProfessional, type BookableProfessional } from '../helpers/booking';
import {
  bookWithPhone,
  buttonPayloads,
  createWhatsappApp,
  enableWhatsapp,
  runWhatsapp,
  sentTo,
} from '../helpers/whatsapp';
import { junkString } from './helpers/fuzz-arbitraries';

/**
 * Property: a signed webhook body of any shape (Meta's, near it, or junk) never yields a 5xx,
 * and an unsigned one is always 401. Signed bodies reach the answers' rules and the database:
 * real phones and button payloads of a real booking are mixed in.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 120);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_129);

let ctx: TestContext;
let standIn: WhatsappStandIn;
let shop: BookableProfessional;
let phone: string;
let payloads: string[];

beforeAll(async () => {
  ({ ctx, standIn } = await createWhatsappApp({ now: '2026-11-21T12:00:00.000Z' }));
  shop = await createBookableProfessional(ctx, { businessName: 'Studio Fuzz' });
  await enableWhatsapp(shop);
  const booked = await bookWithPhone(ctx, shop, { time: '09:00' });
  await runWhatsapp(ctx);
  phone = booked.phone.wa;
  payloads = buttonPayloads(sentTo(standIn, phone)[0]!);
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  await standIn?.close();
});

function webhookBodies(): fc.Arbitrary<string> {
  const from = fc.oneof(fc.constant(phone), fc.stringMatching(/^\d{8,15}$/), junkString);
  const payload = fc.oneof(fc.constantFrom(...payloads), junkString);
  const message = fc.record(
    {
      id: fc.oneof(fc.uuid(), junkString),
      from,
      type: fc.constantFrom('text', 'button', 'interactive', 'image'),
      text: fc.record({
        body: fc.oneof(fc.constantFrom('PARAR', 'VOLTAR', 'Cancelar'), junkString),
      }),
      button: fc.record({ payload, text: junkString }),
      interactive: fc.record({ button_reply: fc.record({ id: payload }) }),
    },
    { requiredKeys: ['id', 'from', 'type'] },
  );
  const status = fc.record({
    id: fc.oneof(fc.constantFrom(...sentTo(standIn, phone).map((m) => m.id)), junkString),
    status: fc.constantFrom('sent', 'delivered', 'read', 'failed', 'deleted'),
    errors: fc.array(fc.record({ code: fc.integer(), title: junkString }), { maxLength: 2 }),
  });
  const meta = fc
    .record({
      messages: fc.array(message, { maxLength: 3 }),
      statuses: fc.array(status, { maxLength: 3 }),
    })
    .map((value) => ({ object: 'whatsapp_business_account', entry: [{ changes: [{ value }] }] }));
  return fc.oneof(
    meta.map((body) => JSON.stringify(body)),
    fc.jsonValue().map((value) => JSON.stringify(value)),
    junkString,
  );
}

describe('the WhatsApp webhook under fuzzing', () => {
  it('signed: never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(webhookBodies(), async (body) => {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/webhooks/whatsapp',
          headers: { 'content-type': 'application/json', 'x-hub-signature-256': signatureOf(body) },
          payload: body,
          remoteAddress: nextIp(),
        });
        expect(res.statusCode, res.body).toBeLessThan(500);
      }),
      { numRuns: RUNS, seed: SEED },
    );
  }, 120_000);

  it('unsigned or signed with anything else: 401', async () => {
    await fc.assert(
      fc.asyncProperty(webhookBodies(), junkString, async (body, signature) => {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/webhooks/whatsapp',
          headers: {
            'content-type': 'application/json',
            'x-hub-signature-256': `sha256=${Buffer.from(signature).toString('hex')}`,
          },
          payload: body,
          remoteAddress: nextIp(),
        });
        expect(res.statusCode).toBe(401);
      }),
      { numRuns: RUNS, seed: SEED },
    );
  }, 120_000);
});
