import { sumPriceCents, toCents } from '@agendaki/shared';
import { withTimeout } from '../../lib/timeout';
import { createRateLimiter, rateLimitKey, type Limit } from '../../plugins/rate-limit';
import { planDeposit } from '../deposits/service';
import { type DynamicCharge, prepareDynamicCharge } from '../pix-provider/service';
import {
  computeSlots,
  requireBookableProfessional,
  requireBookableServices,
} from '../public-profile/service';
import { createRateLimitStore } from '../rate-limits/service';
import { holdCapReached, visitorHash } from './holds';
import type { BookingDeps, ParsedBooking } from './service';

const HOUR = 3_600_000;

/**
 * How long a booking waits for the PSP's dynamic charge before it goes on with the static Pix
 * code (docs/decisions/027-booking-hold-caps.md): a client on a phone waits at most this.
 */
export const PIX_CHARGE_WAIT_MS = 3_000;

/**
 * Dynamic charges asked of a professional's PSP per hour, with the professional's own token.
 * A busy professional's peak is about 15 bookings an hour (decision 006); twice that, then the
 * static code: a script cannot make the PSP account issue charges without end.
 */
export const PIX_CHARGES_PER_PROFESSIONAL: Limit = { max: 30, windowMs: HOUR };
export const PIX_CHARGES_SCOPE = 'pix:charges';

export type PrechargedDeposit = DynamicCharge & { amountCents: number };

/**
 * The sinal's dynamic Pix charge at the professional's PSP, made BEFORE the booking's
 * transaction so no transaction waits on the network (docs/decisions/018-pix-provider.md). Only
 * for a booking the transaction would take: the time must be offered now (a taken, past, closed
 * or too distant time makes no charge) and the day below its hold caps; then at most
 * PIX_CHARGES_PER_PROFESSIONAL an hour, each waited for PIX_CHARGE_WAIT_MS at most. Null (the
 * static code) otherwise or on any failure: the booking itself decides every refusal.
 */
export async function prechargeDeposit(
  deps: BookingDeps,
  input: ParsedBooking,
  now: Date,
): Promise<PrechargedDeposit | null> {
  if (!deps.pix || !input.clientEmail) return null;
  try {
    const reads = { db: deps.db, cache: deps.cache };
    const catalog = await requireBookableProfessional(reads, input.professionalId, now, 'id');
    if (!catalog.payment.pixProvider) return null;
    const services = requireBookableServices(catalog, input.serviceIds);
    const plan = planDeposit(
      catalog.payment.settings,
      sumPriceCents(services.map((service) => ({ priceCents: toCents(service.price) }))),
    );
    if (!plan) return null;
    const offered = await computeSlots(reads, catalog, {
      date: input.date,
      services,
      now,
      busy: true,
      fresh: true,
    });
    if (!offered.includes(input.time)) return null;
    const visitor = { hash: visitorHash(deps.manageKey, deps.ip, catalog.profile.id), now };
    if (await holdCapReached(deps.db, catalog.profile.id, input.date, visitor)) return null;
    const limiter = createRateLimiter(createRateLimitStore({ db: deps.db }), deps.clock);
    const key = rateLimitKey(PIX_CHARGES_SCOPE, catalog.profile.id);
    if (!(await limiter.hit(key, PIX_CHARGES_PER_PROFESSIONAL))) return null;
    // A charge answered after the wait is shown to no one and expires at the PSP.
    const charge = await withTimeout(
      prepareDynamicCharge(
        { ...deps.pix, db: deps.db },
        {
          professionalId: catalog.profile.id,
          idempotencyKey: input.idempotencyKey,
          amountCents: plan.amountCents,
          expiresAt: new Date(now.getTime() + plan.settings.windowMinutes * 60_000),
          payerEmail: input.clientEmail,
          description: `Sinal: ${catalog.profile.businessName}`,
        },
      ),
      PIX_CHARGE_WAIT_MS,
      () => null,
    );
    return charge ? { ...charge, amountCents: plan.amountCents } : null;
  } catch {
    return null;
  }
}
