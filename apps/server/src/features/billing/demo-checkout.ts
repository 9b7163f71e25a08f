import { addMonthsUtc } from '@agendaki/shared';
import { AppError } from '../../lib/errors';
import { findSubscription, type SubscriptionRow } from '../subscription/service';
import {
  buildPaidCheckoutEvents,
  buildSubscriptionUpdatedEvent,
  newLocalId,
  type LocalSubscriptionState,
} from './local-provider';
import type { PaymentProvider } from './provider';
import {
  accessOf,
  ALREADY_ACTIVE_MESSAGE,
  applyProviderEvent,
  NOTHING_TO_CANCEL_MESSAGE,
  type BillingDeps,
} from './service';

/**
 * The local demonstration checkout (no Stripe configured): its "Pagar" and "Cancelar" produce
 * the events Stripe would send, through the same handler.
 */

function assertLocal(provider: PaymentProvider): void {
  if (provider.name !== 'local') {
    throw new AppError(
      'NOT_FOUND',
      'O checkout de demonstração está desligado: os pagamentos passam pelo Stripe.',
    );
  }
}

function localState(
  userId: string,
  row: SubscriptionRow,
  cancelAtPeriodEnd: boolean,
): LocalSubscriptionState | undefined {
  const { providerCustomerId, providerSubscriptionId, currentPeriodEnd } = row;
  if (!providerCustomerId || !providerSubscriptionId || !currentPeriodEnd) return undefined;
  return {
    userId,
    customerId: providerCustomerId,
    subscriptionId: providerSubscriptionId,
    periodStart: addMonthsUtc(currentPeriodEnd, -1),
    periodEnd: currentPeriodEnd,
    cancelAtPeriodEnd,
  };
}

/**
 * "Pagar" on the demonstration page: what a paid Stripe Checkout reports (session completed,
 * subscription created, invoice paid; one month from now), or, for a subscription whose
 * renewal was cancelled, its resumption.
 */
export async function payDemoCheckout(
  deps: BillingDeps,
  userId: string,
  sessionId: string | undefined,
  now: Date,
): Promise<void> {
  assertLocal(deps.provider);
  const row = await findSubscription(deps, userId);
  if (!row) throw new AppError('NOT_FOUND', 'Assinatura não encontrada.');
  const access = accessOf(row, now);
  if (access.isActive && !row.cancelAtPeriodEnd) {
    throw new AppError('CONFLICT', ALREADY_ACTIVE_MESSAGE);
  }
  const resumed = access.isActive ? localState(userId, row, false) : undefined;
  const events = resumed
    ? [buildSubscriptionUpdatedEvent(resumed, now)]
    : buildPaidCheckoutEvents(
        {
          userId,
          sessionId: sessionId ?? newLocalId('cs'),
          customerId: row.providerCustomerId ?? newLocalId('cus'),
          subscriptionId: newLocalId('sub'),
          periodStart: now,
          periodEnd: addMonthsUtc(now, 1),
          cancelAtPeriodEnd: false,
          amountCents: deps.planPriceCents,
        },
        now,
      );
  for (const event of events) await applyProviderEvent(deps.db, 'local', event, now);
}

/**
 * "Cancelar assinatura" on the demonstration page: what Stripe reports when the renewal is
 * cancelled in the portal. Access stays until the period ends (shared `getEffectiveStatus`).
 */
export async function cancelDemoSubscription(
  deps: BillingDeps,
  userId: string,
  now: Date,
): Promise<void> {
  assertLocal(deps.provider);
  const row = await findSubscription(deps, userId);
  const access = accessOf(row, now);
  const state = row && access.isActive && !row.cancelAtPeriodEnd && localState(userId, row, true);
  if (!state) throw new AppError('CONFLICT', NOTHING_TO_CANCEL_MESSAGE);
  await applyProviderEvent(deps.db, 'local', buildSubscriptionUpdatedEvent(state, now), now);
}
