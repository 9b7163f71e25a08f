import fc from 'fast-check';
import { entryToken, deriveWaitlistKey } from '../../../src/features/waitlist/token';
import { TEST_AUTH_SECRET } from '../../helpers/app';
import {
  blankText,
  date,
  email,
  junkString,
  junkValue,
  linkText,
  nearValid,
  post,
  RAW_SEGMENTS,
  seg,
  time,
  type FuzzRequest,
} from './fuzz-arbitraries';
import type { AttackWorld } from './world';

/** The waiting list's public routes (features/waitlist) for fuzz-public.test.ts. */
export function waitlistFuzzers(
  world: AttackWorld,
  pow: () => fc.Arbitrary<unknown>,
): Record<string, fc.Arbitrary<FuzzRequest>> {
  const { owner } = world;
  const valid = entryToken(deriveWaitlistKey(TEST_AUTH_SECRET), world.records.waitlistEntryId);
  const token = fc.oneof(
    fc.constant(valid),
    fc.base64String({ minLength: 40, maxLength: 48 }).map(seg),
    junkString.map((v) => seg(v) || 'x'),
    fc.constantFrom(...RAW_SEGMENTS),
  );
  const onToken = (action: string) =>
    token.map((t): FuzzRequest => ({ method: 'POST', url: `/api/public/waitlist/${t}/${action}` }));
  return {
    'GET /api/public/waitlist-settings/:professionalId': fc
      .oneof(
        fc.constant(owner.profileId),
        fc.uuid(),
        junkString.map((v) => seg(v) || 'x'),
      )
      .map((id) => ({ method: 'GET', url: `/api/public/waitlist-settings/${id}` })),
    'POST /api/public/waitlist': post(
      '/api/public/waitlist',
      nearValid({
        professionalId: fc.oneof(fc.constant(owner.profileId), fc.uuid(), junkString),
        serviceIds: fc.oneof(
          fc.subarray(
            owner.services.map((s) => s.id),
            { minLength: 1 },
          ),
          fc.array(fc.oneof(fc.uuid(), junkString), { maxLength: 12 }),
        ),
        dates: fc.array(date, { maxLength: 16 }),
        periods: fc.array(fc.oneof(fc.constantFrom('manha', 'tarde', 'noite'), junkString), {
          maxLength: 4,
        }),
        rangeStart: fc.oneof(fc.constant(null), time),
        rangeEnd: fc.oneof(fc.constant(null), time),
        clientName: fc.oneof(fc.constant('Ana Fuzz'), junkString, blankText, linkText),
        clientEmail: email,
        clientPhone: fc.oneof(fc.constant(null), fc.constant('11987654321'), junkString),
        requestKey: fc.oneof(fc.uuid(), junkString, junkValue),
        pow: pow(),
      }),
    ),
    'GET /api/public/waitlist/:token': token.map((t) => ({
      method: 'GET',
      url: `/api/public/waitlist/${t}`,
    })),
    'POST /api/public/waitlist/:token/accept': onToken('accept'),
    'POST /api/public/waitlist/:token/decline': onToken('decline'),
    'POST /api/public/waitlist/:token/leave': onToken('leave'),
    'GET /lista-de-espera/:token': token.map((t) => ({
      method: 'GET',
      url: `/lista-de-espera/${t}`,
    })),
  };
}
