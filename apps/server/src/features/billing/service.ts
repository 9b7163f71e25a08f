import {
  getBillingAccess,
  PLAN_NAME,
  type BillingProvider,
  type BillingSummary,
  type PortalIntent,
} from '@agendaki/shared';
import { ZodError } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { Professional } from '../../plugins/auth';
import {
  findSubscription,
  findUserIdByProvider,
  lockSubscription,
  saveProviderState,
  toBillingSnapshot,
  type SubscriptionRow,
} from '../subscription/service';
import { interpretEvent, type Interpretation } from './events';
import type { BillingCustomer, PaymentProvider, ProviderEvent } from './provider';
import {
  deleteEventsOfUser,
  recordEventUnlessSeen,
  setEventOutcome,
  type EventOutcome,
} from './repo';

export type { PaymentProvider } from './provider';

export interface BillingDeps {
  db: Db;
  provider: PaymentProvider;
  planPriceCents: number;
}

export type ApplyOutcome = EventOutcome | 'duplicate';

export const NOTHING_TO_CANCEL_MESSAGE = 'Não há pagamento recorrente ativo para cancelar.';
export const ALREADY_ACTIVE_MESSAGE =
  'Sua assinatura já está ativa. Use "Gerenciar Assinatura" para alterá-la.';
const NOTHING_TO_MANAGE_MESSAGE =
  'Você ainda não tem uma assinatura paga. Use "Assinar Agora" para assinar.';
const MALFORMED_EVENT_MESSAGE = 'Evento de pagamento em formato inesperado.';

// ------------------------------------------------------------------ events

async function resolveUserId(
  db: Db,
  refs: { userId?: string; subscriptionId?: string; customerId?: string },
): Promise<string | undefined> {
  if (refs.userId && (await findSubscription({ db }, refs.userId))) return refs.userId;
  return findUserIdByProvider(
    { db },
    {
      subscriptionId: refs.subscriptionId,
      customerId: refs.customerId,
    },
  );
}

async function applyChange(
  db: Db,
  provider: BillingProvider,
  interpretation: Extract<Interpretation, { kind: 'change' }>,
  eventAt: Date,
  now: Date,
): Promise<{ outcome: EventOutcome; userId: string | null }> {
  const { refs, change } = interpretation;
  const userId = await resolveUserId(db, refs);
  const row = userId ? await lockSubscription({ db }, userId) : undefined;
  if (!userId || !row) return { outcome: 'ignored', userId: null };
  // Deliveries arrive in any order: what happened before the last applied event is history.
  if (row.lastEventAt && eventAt.getTime() < row.lastEventAt.getTime()) {
    return { outcome: 'stale', userId };
  }
  // An event about a previous subscription of the user (e.g. its late deletion) changes nothing.
  const isAboutAnother =
    !interpretation.isNewSubscription &&
    row.providerSubscriptionId !== null &&
    refs.subscriptionId !== undefined &&
    refs.subscriptionId !== row.providerSubscriptionId;
  if (isAboutAnother) return { outcome: 'ignored', userId };

  const keepsStatus = interpretation.keepsEndedStatus && row.status === 'canceled';
  await saveProviderState({ db }, userId, {
    ...(change.status && !keepsStatus ? { status: change.status } : {}),
    ...(change.currentPeriodEnd ? { currentPeriodEnd: change.currentPeriodEnd } : {}),
    ...(change.cancelAtPeriodEnd !== undefined
      ? { cancelAtPeriodEnd: change.cancelAtPeriodEnd }
      : {}),
    ...(change.trialEnd ? { trialEnd: change.trialEnd } : {}),
    ...(change.customerId ? { providerCustomerId: change.customerId } : {}),
    ...(change.subscriptionId ? { providerSubscriptionId: change.subscriptionId } : {}),
    provider,
    lastEventAt: eventAt,
    updatedAt: now,
  });
  return { outcome: 'applied', userId };
}

/**
 * Applies one provider event to the user's subscription, once: the event id is recorded in
 * the same transaction, so a redelivery is a no-op and a failed attempt is retried whole.
 * Events older than the last applied one are recorded as `stale` and change nothing.
 */
export async function applyProviderEvent(
  db: Db,
  provider: BillingProvider,
  event: ProviderEvent,
  now: Date,
): Promise<ApplyOutcome> {
  let interpretation: Interpretation;
  try {
    interpretation = interpretEvent(event);
  } catch (error) {
    if (error instanceof ZodError) throw new AppError('BAD_REQUEST', MALFORMED_EVENT_MESSAGE);
    throw error;
  }
  const eventAt = new Date(event.created * 1000);
  return db.transaction(async (tx) => {
    const isFirstDelivery = await recordEventUnlessSeen(tx, {
      id: event.id,
      provider,
      type: event.type,
      eventCreatedAt: eventAt,
      processedAt: now,
    });
    if (!isFirstDelivery) return 'duplicate';
    const result =
      interpretation.kind === 'unhandled'
        ? { outcome: 'ignored' as const, userId: null }
        : await applyChange(tx, provider, interpretation, eventAt, now);
    await setEventOutcome(tx, event.id, result.outcome, result.userId);
    return result.outcome;
  });
}

// ------------------------------------------------------------------ reading

export function accessOf(row: SubscriptionRow | undefined, now: Date) {
  return getBillingAccess(row ? toBillingSnapshot(row) : null, now);
}

export async function getBillingSummary(
  deps: BillingDeps,
  userId: string,
  now: Date,
): Promise<BillingSummary> {
  const row = await findSubscription(deps, userId);
  const { status, ...access } = accessOf(row, now);
  return {
    planName: PLAN_NAME,
    planPriceCents: deps.planPriceCents,
    status,
    ...access,
    trialEnd: row?.trialEnd?.toISOString() ?? null,
    currentPeriodEnd: row?.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: Boolean(row?.cancelAtPeriodEnd) && access.isActive,
    memberSince: row?.createdAt.toISOString() ?? null,
    provider: deps.provider.name,
  };
}

// ------------------------------------------------------------------ provider pages

function toCustomer(professional: Professional, row: SubscriptionRow | undefined): BillingCustomer {
  return {
    userId: professional.userId,
    email: professional.email,
    customerId: row?.providerCustomerId ?? null,
    subscriptionId: row?.providerSubscriptionId ?? null,
  };
}

/**
 * "Assinar Agora": a checkout page. A subscription that still exists with the provider is
 * resumed or repaired in the provider's portal instead, never paid for twice.
 */
export async function startCheckout(
  deps: BillingDeps,
  professional: Professional,
  now: Date,
): Promise<string> {
  const row = await findSubscription(deps, professional.userId);
  const access = accessOf(row, now);
  const customer = toCustomer(professional, row);
  if (access.isActive && !row?.cancelAtPeriodEnd) {
    throw new AppError('CONFLICT', ALREADY_ACTIVE_MESSAGE);
  }
  const canResume = access.isActive || access.status === 'past_due' || access.status === 'unpaid';
  if (canResume && customer.customerId && customer.subscriptionId) {
    return deps.provider.createPortal(customer, 'manage');
  }
  return deps.provider.createCheckout(customer);
}

/** "Gerenciar Assinatura" and "Cancelar Pagamento Recorrente". */
export async function openPortal(
  deps: BillingDeps,
  professional: Professional,
  intent: PortalIntent,
  now: Date,
): Promise<string> {
  const row = await findSubscription(deps, professional.userId);
  const customer = toCustomer(professional, row);
  if (!customer.customerId) throw new AppError('CONFLICT', NOTHING_TO_MANAGE_MESSAGE);
  const access = accessOf(row, now);
  if (intent === 'cancel' && (!access.isActive || row?.cancelAtPeriodEnd)) {
    throw new AppError('CONFLICT', NOTHING_TO_CANCEL_MESSAGE);
  }
  return deps.provider.createPortal(customer, intent);
}

// ------------------------------------------------------------------ account deletion

/**
 * "Excluir minha conta" (docs/decisions/012-lgpd.md): the subscription ends at the provider
 * first; should the provider fail, the account is not deleted and the person may retry.
 */
export async function cancelSubscriptionAtProvider(
  deps: Pick<BillingDeps, 'db' | 'provider'>,
  professional: Professional,
): Promise<void> {
  const row = await findSubscription(deps, professional.userId);
  const customer = toCustomer(professional, row);
  if (!customer.subscriptionId || row?.status === 'canceled') return;
  await deps.provider.cancelSubscription(customer);
}

/** Forgets the provider events recorded for the user. */
export function deleteBillingEventsOfUser({ db }: { db: Db }, userId: string): Promise<void> {
  return deleteEventsOfUser(db, userId);
}
