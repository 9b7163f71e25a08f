import { z } from 'zod';
import {
  getSubscriptionAccess,
  SUBSCRIPTION_STATUSES,
  type SubscriptionAccess,
  type SubscriptionSnapshot,
  type SubscriptionStatus,
} from './subscription';

/**
 * Billing (docs/product.md, Subscription): the stored subscription plus what the payment provider
 * said about it, the API shapes of /api/billing, and the rules that turn dates into access.
 */

export const BILLING_PROVIDERS = ['stripe', 'local'] as const;
export type BillingProvider = (typeof BILLING_PROVIDERS)[number];

/** What the provider page opened by "Gerenciar Assinatura" / "Cancelar Pagamento Recorrente" is for. */
export const PORTAL_INTENTS = ['manage', 'cancel'] as const;
export type PortalIntent = (typeof PORTAL_INTENTS)[number];

export const portalRequestSchema = z.object({
  intent: z.enum(PORTAL_INTENTS, { error: 'Escolha entre gerenciar ou cancelar a assinatura.' }),
});
export type PortalRequest = z.infer<typeof portalRequestSchema>;

/** `POST /api/billing/checkout` and `/portal`: the provider page to open in a new tab. */
export const billingUrlResponseSchema = z.object({ url: z.string() });
export type BillingUrlResponse = z.infer<typeof billingUrlResponseSchema>;

/** A local (demonstration) checkout session id, as the local provider makes them. */
export const LOCAL_SESSION_ID_PATTERN = /^cs_local_[A-Za-z0-9]{8,64}$/;

export const demoPaymentBodySchema = z.object({
  sessionId: z.string().regex(LOCAL_SESSION_ID_PATTERN, 'Sessão de pagamento inválida.').optional(),
});
export type DemoPaymentBody = z.infer<typeof demoPaymentBodySchema>;

/** `GET /api/billing`: the plan, the subscription and its access at the server's "now". */
export const billingSummarySchema = z.object({
  planName: z.string(),
  /** The one configured price (PLAN_PRICE_CENTS), in cents of BRL. */
  planPriceCents: z.number().int(),
  /** The effective status: an `active` subscription cancelled at period end reads `canceled` once that end passed. */
  status: z.enum(SUBSCRIPTION_STATUSES).nullable(),
  isActive: z.boolean(),
  isTrial: z.boolean(),
  hasAccess: z.boolean(),
  trialEnd: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  /** The renewal was cancelled: access stays until `currentPeriodEnd`, then ends. */
  cancelAtPeriodEnd: z.boolean(),
  memberSince: z.string().nullable(),
  trialDaysLeft: z.number().int(),
  /** Days until the next charge; 0 when none is due (not active, or cancelled at period end). */
  renewalDaysLeft: z.number().int(),
  provider: z.enum(BILLING_PROVIDERS),
});
export type BillingSummary = z.infer<typeof billingSummarySchema>;

export interface BillingSnapshot extends SubscriptionSnapshot {
  cancelAtPeriodEnd: boolean;
}

/**
 * The status that holds at `now`. A subscription cancelled at period end stays `active` with
 * the provider until its period ends; from that instant on it is `canceled` here, computed
 * from the dates on every read, so access ends without waiting for a webhook or a restart.
 */
export function getEffectiveStatus(snapshot: BillingSnapshot, now: Date): SubscriptionStatus {
  const hasPeriodEnded =
    snapshot.currentPeriodEnd !== null && snapshot.currentPeriodEnd.getTime() <= now.getTime();
  if (snapshot.status === 'active' && snapshot.cancelAtPeriodEnd && hasPeriodEnded) {
    return 'canceled';
  }
  return snapshot.status;
}

/**
 * Access (docs/product.md section 4) on the effective status. No renewal is due for a subscription
 * cancelled at period end, so its `renewalDaysLeft` is 0 (the banners then promise no charge).
 */
export function getBillingAccess(
  snapshot: BillingSnapshot | null,
  now: Date,
): SubscriptionAccess & { status: SubscriptionStatus | null } {
  if (!snapshot) return { ...getSubscriptionAccess(null, now), status: null };
  const status = getEffectiveStatus(snapshot, now);
  const access = getSubscriptionAccess({ ...snapshot, status }, now);
  return {
    ...access,
    status,
    renewalDaysLeft: snapshot.cancelAtPeriodEnd ? 0 : access.renewalDaysLeft,
  };
}

function daysInUtcMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

/**
 * The same instant `months` calendar months later (UTC), clamped to the month's last day:
 * 31/01 + 1 month = 28/02 (or 29/02). A monthly billing period ends here.
 */
export function addMonthsUtc(date: Date, months: number): Date {
  const year = date.getUTCFullYear();
  const targetMonth = date.getUTCMonth() + months;
  const targetYear = year + Math.floor(targetMonth / 12);
  const monthIndex = ((targetMonth % 12) + 12) % 12;
  const day = Math.min(date.getUTCDate(), daysInUtcMonth(targetYear, monthIndex));
  return new Date(
    Date.UTC(
      targetYear,
      monthIndex,
      day,
      date.getUTCHours(),
      date.getUTCMinutes(),
      date.getUTCSeconds(),
      date.getUTCMilliseconds(),
    ),
  );
}
