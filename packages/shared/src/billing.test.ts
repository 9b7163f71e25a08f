import { describe, expect, it } from 'vitest';
import {
  addMonthsUtc,
  getBillingAccess,
  getEffectiveStatus,
  type BillingSnapshot,
} from './billing';

const now = new Date('2026-11-21T12:00:00Z');
const at = (iso: string) => new Date(iso);

function active(overrides: Partial<BillingSnapshot> = {}): BillingSnapshot {
  return {
    status: 'active',
    trialEnd: at('2026-11-10T12:00:00Z'),
    currentPeriodEnd: at('2026-12-21T12:00:00Z'),
    cancelAtPeriodEnd: false,
    ...overrides,
  };
}

describe('effective status', () => {
  it.each([
    ['active, renewing', active(), 'active'],
    ['active, cancelled, period not over', active({ cancelAtPeriodEnd: true }), 'active'],
    [
      'active, cancelled, period ends exactly now',
      active({ cancelAtPeriodEnd: true, currentPeriodEnd: now }),
      'canceled',
    ],
    [
      'active, renewing, period over (the provider decides: still active)',
      active({ currentPeriodEnd: at('2026-11-20T12:00:00Z') }),
      'active',
    ],
    ['past_due stays past_due', active({ status: 'past_due' }), 'past_due'],
    [
      'trialing stays trialing after trial_end',
      active({ status: 'trialing', currentPeriodEnd: null, trialEnd: at('2026-11-01T00:00:00Z') }),
      'trialing',
    ],
  ] as const)('%s', (_name, snapshot, expected) => {
    expect(getEffectiveStatus(snapshot, now)).toBe(expected);
  });
});

describe('billing access', () => {
  it('no subscription: no access, no status', () => {
    expect(getBillingAccess(null, now)).toMatchObject({ status: null, hasAccess: false });
  });

  it('active and renewing: access and days to the next charge', () => {
    expect(getBillingAccess(active(), now)).toEqual({
      status: 'active',
      isActive: true,
      isTrial: false,
      hasAccess: true,
      trialDaysLeft: 0,
      renewalDaysLeft: 30,
    });
  });

  it('cancelled at period end: access until then, but no charge is due', () => {
    const snapshot = active({ cancelAtPeriodEnd: true });
    expect(getBillingAccess(snapshot, now)).toMatchObject({
      status: 'active',
      hasAccess: true,
      renewalDaysLeft: 0,
    });
    const after = at('2026-12-21T12:00:00.001Z');
    expect(getBillingAccess(snapshot, after)).toMatchObject({
      status: 'canceled',
      isActive: false,
      hasAccess: false,
    });
  });

  it('a trial keeps its days left', () => {
    const trial: BillingSnapshot = {
      status: 'trialing',
      trialEnd: at('2026-11-28T12:00:00Z'),
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
    };
    expect(getBillingAccess(trial, now)).toMatchObject({ isTrial: true, trialDaysLeft: 7 });
  });
});

describe('addMonthsUtc', () => {
  it.each([
    ['2026-11-21T12:00:00.000Z', 1, '2026-12-21T12:00:00.000Z'],
    ['2026-12-15T08:30:00.000Z', 1, '2027-01-15T08:30:00.000Z'],
    ['2027-01-31T10:00:00.000Z', 1, '2027-02-28T10:00:00.000Z'],
    ['2028-01-31T10:00:00.000Z', 1, '2028-02-29T10:00:00.000Z'],
    ['2026-03-31T00:00:00.000Z', -1, '2026-02-28T00:00:00.000Z'],
    ['2026-05-10T00:00:00.000Z', 12, '2027-05-10T00:00:00.000Z'],
  ])('%s + %i month(s) = %s', (from, months, expected) => {
    expect(addMonthsUtc(new Date(from), months).toISOString()).toBe(expected);
  });
});
