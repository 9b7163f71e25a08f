import { describe, expect, it } from 'vitest';
import { getSubscriptionAccess, pluralizeDays } from './subscription';

const now = new Date('2026-11-21T12:00:00Z');
const at = (iso: string) => new Date(iso);

describe('subscription access (docs/product.md section 4)', () => {
  it.each([
    ['no subscription', null, { hasAccess: false, isTrial: false, isActive: false }],
    [
      'trial with 7 days left',
      { status: 'trialing' as const, trialEnd: at('2026-11-28T12:00:00Z'), currentPeriodEnd: null },
      { hasAccess: true, isTrial: true, trialDaysLeft: 7 },
    ],
    [
      'trial with a few hours left counts as 1 day (rounded up)',
      { status: 'trialing' as const, trialEnd: at('2026-11-21T15:00:00Z'), currentPeriodEnd: null },
      { hasAccess: true, isTrial: true, trialDaysLeft: 1 },
    ],
    [
      'trial ending exactly now has expired',
      { status: 'trialing' as const, trialEnd: now, currentPeriodEnd: null },
      { hasAccess: false, isTrial: false, trialDaysLeft: 0 },
    ],
    [
      'active with renewal in 30 days',
      { status: 'active' as const, trialEnd: null, currentPeriodEnd: at('2026-12-21T12:00:00Z') },
      { hasAccess: true, isActive: true, renewalDaysLeft: 30 },
    ],
    [
      'past_due has no access',
      { status: 'past_due' as const, trialEnd: null, currentPeriodEnd: at('2026-12-21T12:00:00Z') },
      { hasAccess: false, isActive: false },
    ],
    [
      'canceled has no access',
      { status: 'canceled' as const, trialEnd: at('2026-12-01T00:00:00Z'), currentPeriodEnd: null },
      { hasAccess: false, isTrial: false },
    ],
  ])('%s', (_name, subscription, expected) => {
    expect(getSubscriptionAccess(subscription, now)).toMatchObject(expected);
  });

  it('says dia or dias', () => {
    expect(pluralizeDays(1)).toBe('1 dia');
    expect(pluralizeDays(0)).toBe('0 dias');
    expect(pluralizeDays(7)).toBe('7 dias');
  });
});
