import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WhatsappStandIn } from '../../../scripts/whatsapp-stand-in.mjs';
import type { TestContext } from './helpers/app';
import { createBookableProfessional, type BookableProfessional } from './helpers/booking';
import {
  bookWithPhone,
  createWhatsappApp,
  enableWhatsapp,
  runWhatsapp,
  sentTo,
} from './helpers/whatsapp';

/** The operator's cap of messages per professional per month (WHATSAPP_MONTHLY_CAP). */
let ctx: TestContext;
let standIn: WhatsappStandIn;
let shop: BookableProfessional;

beforeAll(async () => {
  ({ ctx, standIn } = await createWhatsappApp({
    now: '2026-11-21T12:00:00.000Z',
    env: { WHATSAPP_MONTHLY_CAP: '2' },
  }));
  shop = await createBookableProfessional(ctx, { businessName: 'Studio Teto' });
});
afterAll(async () => {
  await ctx.close();
  await standIn.close();
});

describe('the monthly cap', () => {
  it('stops WhatsApp at the cap; the count shows in Configurações', async () => {
    const off = await shop.pro.request({ method: 'GET', url: '/api/settings/whatsapp' });
    expect(off.json()).toMatchObject({ available: true, enabled: false, monthCount: 0 });
    const settings = await enableWhatsapp(shop);
    expect(settings.monthlyCap).toBe(2);
    const booked = [];
    for (const time of ['09:00', '10:00', '11:00']) {
      booked.push(await bookWithPhone(ctx, shop, { time }));
      await runWhatsapp(ctx);
    }
    const sent = booked.map(({ phone }) => sentTo(standIn, phone.wa).length);
    expect(sent).toEqual([1, 1, 0]);
    const after = await shop.pro.request({ method: 'GET', url: '/api/settings/whatsapp' });
    expect(after.json().monthCount).toBe(2);
  });
});
