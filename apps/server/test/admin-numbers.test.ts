import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../src/db/schema';
import { signUpOperator } from './helpers/admin';
import { createTestApp, type TestContext } from './helpers/app';
import { signUpProfessional, type SignedInProfessional } from './helpers/session';

/**
 * The operator's numbers (docs/product.md, "The operator's side"): trials started and converted
 * per week of their start, paying accounts, MRR at the plan's price, cancellations per month,
 * in São Paulo's calendar. The clock stands on Saturday 2026-11-21.
 */

let ctx: TestContext;
let operator: SignedInProfessional;

async function signUpAt(at: string): Promise<string> {
  const now = ctx.clock.now();
  ctx.clock.set(at);
  try {
    const pro = await signUpProfessional(ctx);
    return (await pro.request({ method: 'GET', url: '/api/me' })).json().user.id;
  } finally {
    ctx.clock.set(now);
  }
}

function setSubscription(userId: string, values: Partial<typeof subscriptions.$inferInsert>) {
  return ctx.database.db.update(subscriptions).set(values).where(eq(subscriptions.userId, userId));
}

beforeAll(async () => {
  ctx = await createTestApp({ env: { PLAN_PRICE_CENTS: '1700' } });
  operator = await signUpOperator(ctx);
  await signUpAt('2026-11-20T15:00:00.000Z');
  // Paying since its trial.
  const paying = await signUpAt('2026-11-10T15:00:00.000Z');
  await setSubscription(paying, {
    status: 'active',
    currentPeriodEnd: new Date('2026-12-17T15:00:00.000Z'),
  });
  // Paid, then cancelled by the provider on 20/10.
  const cancelled = await signUpAt('2026-10-01T15:00:00.000Z');
  await setSubscription(cancelled, {
    status: 'canceled',
    currentPeriodEnd: new Date('2026-10-15T15:00:00.000Z'),
    updatedAt: new Date('2026-10-20T15:00:00.000Z'),
  });
  // Cancelled at the end of a period that ended on 05/11: no longer paying.
  const ended = await signUpAt('2026-09-05T15:00:00.000Z');
  await setSubscription(ended, {
    status: 'active',
    cancelAtPeriodEnd: true,
    currentPeriodEnd: new Date('2026-11-05T15:00:00.000Z'),
  });
  // Signed up on Sunday 15/11 at 01:00 UTC: still Saturday 14/11 in São Paulo.
  await signUpAt('2026-11-15T01:00:00.000Z');
}, 180_000);
afterAll(async () => {
  await ctx.close();
});

describe('the numbers', () => {
  it('counts trials and conversions per week, paying accounts, MRR and cancellations', async () => {
    const res = await operator.request({ method: 'GET', url: '/api/admin/numbers' });
    expect(res.statusCode, res.body).toBe(200);
    const numbers = res.json();
    expect(numbers.weeks).toHaveLength(12);
    expect(numbers.weeks[0].weekStart).toBe('2026-08-30');
    expect(numbers.weeks[11].weekStart).toBe('2026-11-15');
    const busy = numbers.weeks.filter((week: { trialsStarted: number }) => week.trialsStarted > 0);
    expect(busy).toEqual([
      { weekStart: '2026-08-30', trialsStarted: 1, converted: 1 },
      { weekStart: '2026-09-27', trialsStarted: 1, converted: 1 },
      { weekStart: '2026-11-08', trialsStarted: 2, converted: 1 },
      // The operator's own account (today) and the one of Friday 20/11.
      { weekStart: '2026-11-15', trialsStarted: 2, converted: 0 },
    ]);
    expect(numbers.payingAccounts).toBe(1);
    expect(numbers.mrrCents).toBe(1700);
    expect(numbers.planPriceCents).toBe(1700);
    expect(numbers.months).toHaveLength(12);
    expect(numbers.months[0].month).toBe('2025-12');
    expect(numbers.months.filter((m: { cancellations: number }) => m.cancellations > 0)).toEqual([
      { month: '2026-10', cancellations: 1 },
      { month: '2026-11', cancellations: 1 },
    ]);
  });
});
