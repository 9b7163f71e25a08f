import { describe, expect, it } from 'vitest';
import { resolveBookingAttempt } from './booking-attempt';
import { createIdempotencyKey } from './idempotency-key';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('booking attempts', () => {
  const request = { date: '2026-11-23', time: '09:00', clientName: 'Maria' };

  it('a retry of the same request keeps its idempotency key', () => {
    const first = resolveBookingAttempt(null, request);
    expect(first.key).toMatch(UUID_V4);
    expect(resolveBookingAttempt(first, { ...request })).toBe(first);
  });

  it('a changed request is a new attempt with a new key', () => {
    const first = resolveBookingAttempt(null, request);
    const second = resolveBookingAttempt(first, { ...request, time: '09:30' });
    expect(second.key).not.toBe(first.key);
  });

  it('makes UUIDs without crypto.randomUUID (insecure origins)', () => {
    const original = crypto.randomUUID;
    try {
      Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
      expect(createIdempotencyKey()).toMatch(UUID_V4);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});
