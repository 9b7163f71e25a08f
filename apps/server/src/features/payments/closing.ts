/**
 * "Concluir e receber" (docs/decisions/038-money-received.md): every total is computed here in
 * integer cents from what the page sent; the page only shows them. A closed closing is never
 * edited: reopening keeps it as history with its reason and voids its payments.
 */
import {
  type Appointment,
  CLOSING_ALREADY_CLOSED_MESSAGE,
  CLOSING_CANCELLED_MESSAGE,
  CLOSING_NOT_FOUND_MESSAGE,
  CLOSING_OVERPAID_MESSAGE,
  type Closing,
  type ClosingInput,
  DEPOSIT_NOT_RECEIVED_MESSAGE,
  discountCentsOf,
  zonedToday,
} from '@agendaki/shared';
import type { Db } from '../../db/client';
import { AppError, getSqlState, SQLSTATE } from '../../lib/errors';
import { isUuid } from '../../lib/params';
import {
  listBookingAppointments,
  lockAppointment,
  updateAppointment,
} from '../appointments/service';
import { getDepositCharge } from '../deposits/service';
import { coveredServiceIds, giveBackSession, toUseRefusal, useSession } from '../packages/service';
import { listServices } from '../services/service';
import type { PaymentsDeps, Pro } from './deps';
import * as repo from './repo';

export const notFound = () => new AppError('NOT_FOUND', CLOSING_NOT_FOUND_MESSAGE);

/** The closings as the page reads them, items and payments included. */
export async function toClosings(
  db: Db,
  professionalId: string,
  rows: readonly repo.ClosingRow[],
): Promise<Closing[]> {
  const ids = rows.map((row) => row.id);
  const [items, payments] = await Promise.all([
    repo.itemsOf(db, professionalId, ids),
    repo.paymentsOfClosings(db, professionalId, ids),
  ]);
  return rows.map((row) => {
    const own = payments.filter((p) => p.closingId === row.id);
    const live = own.filter((p) => p.voidedAt === null);
    const paidCents = live.reduce((sum, p) => sum + p.amountCents, 0);
    return {
      id: row.id,
      appointmentId: row.appointmentId,
      clientId: row.clientId,
      status: row.status as Closing['status'],
      closedAt: row.closedAt.toISOString(),
      closedOn: row.closedOn,
      items: items
        .filter((item) => item.closingId === row.id)
        .map(({ serviceId, serviceName, priceCents }) => ({ serviceId, serviceName, priceCents })),
      subtotalCents: row.subtotalCents,
      discountCents: row.discountCents,
      discountPercent: row.discountPercent,
      tipCents: row.tipCents,
      totalCents: row.totalCents,
      paidCents,
      owedCents: row.status === 'closed' ? Math.max(0, row.totalCents - paidCents) : 0,
      payments: (row.status === 'closed' ? live : own).map((p) => ({
        id: p.id,
        method: p.method as Closing['payments'][number]['method'],
        amountCents: p.amountCents,
        paidOn: p.paidOn,
        clientPackageId: p.clientPackageId,
      })),
      reopenReason: row.reopenReason,
      reopenedAt: row.reopenedAt?.toISOString() ?? null,
    };
  });
}

/** The booking's received sinal not yet used by a closing of its appointments, in cents. */
export async function availableDepositCents(
  db: Db,
  pro: Pro,
  appointment: Appointment,
): Promise<number> {
  const bookingId = appointment.bookingId ?? appointment.id;
  const charge = await getDepositCharge({ db }, pro.profileId, bookingId, pro.timezone);
  if (charge?.status !== 'received') return 0;
  const ids = (await listBookingAppointments({ db }, pro.profileId, bookingId)).map((a) => a.id);
  return Math.max(0, charge.amountCents - (await repo.depositUsedBy(db, pro.profileId, ids)));
}

const UNCLOSABLE = new Set(['cancelled', 'no_show', 'awaiting_deposit']);

export async function closeAppointment(
  deps: PaymentsDeps,
  pro: Pro,
  appointmentId: string,
  input: ClosingInput,
): Promise<Closing> {
  try {
    return await deps.db.transaction(async (tx) => {
      // Held until the closing is written: a cancel or a session given back waits for it.
      const appointment = await lockAppointment({ db: tx }, pro.profileId, appointmentId);
      if (UNCLOSABLE.has(appointment.status)) {
        throw new AppError('BAD_REQUEST', CLOSING_CANCELLED_MESSAGE);
      }
      const names = new Map(
        (await listServices({ db: tx }, pro.profileId, { activeOnly: false })).map((s) => [
          s.id,
          s.name,
        ]),
      );
      const items = input.items.map((item) => {
        const serviceId = item.serviceId.toLowerCase();
        const serviceName = names.get(serviceId);
        if (serviceName === undefined) throw new AppError('NOT_FOUND', 'Serviço não encontrado');
        return { serviceId, serviceName, priceCents: item.priceCents };
      });
      const subtotalCents = items.reduce((sum, item) => sum + item.priceCents, 0);
      const discountCents = discountCentsOf(subtotalCents, input.discountKind, input.discountValue);
      const totalCents = subtotalCents - discountCents + input.tipCents;
      const payments = await pricePayments({ ...deps, db: tx }, pro, appointment, items, input);
      const paidCents = payments.reduce((sum, p) => sum + p.amountCents, 0);
      if (paidCents > totalCents) throw new AppError('BAD_REQUEST', CLOSING_OVERPAID_MESSAGE);

      // Completed before the closing exists: once closed, the database refuses any change.
      if (appointment.status !== 'completed') {
        await updateAppointment({ db: tx, clock: deps.clock }, pro.profileId, appointment.id, {
          status: 'completed',
        });
      }
      const now = deps.clock.now();
      const today = zonedToday(now, pro.timezone);
      const closingId = await repo.insertClosing(
        tx,
        {
          professionalId: pro.profileId,
          appointmentId: appointment.id,
          clientId: appointment.clientId,
          subtotalCents,
          discountCents,
          discountPercent: input.discountKind === 'percent' ? input.discountValue : null,
          tipCents: input.tipCents,
          totalCents,
          closedAt: now,
          closedOn: today,
        },
        items,
      );
      await repo.insertPayments(
        tx,
        payments.map((p) => ({
          professionalId: pro.profileId,
          clientId: appointment.clientId,
          closingId,
          clientPackageId: p.clientPackageId,
          kind: 'closing',
          method: p.method,
          amountCents: p.amountCents,
          paidAt: now,
          paidOn: today,
        })),
      );
      const row = await repo.findClosing(tx, pro.profileId, closingId);
      return (await toClosings(tx, pro.profileId, [row!]))[0]!;
    });
  } catch (error) {
    const refusal = toUseRefusal(error);
    if (refusal !== error) throw refusal;
    // The only other key of the writes: one closed closing per appointment.
    if (getSqlState(error) === SQLSTATE.UNIQUE_VIOLATION) {
      throw new AppError('CONFLICT', CLOSING_ALREADY_CLOSED_MESSAGE);
    }
    throw error;
  }
}

interface PricedPayment {
  method: ClosingInput['payments'][number]['method'];
  amountCents: number;
  clientPackageId: string | null;
}

/**
 * The payments as they will be stored: a package session uses its session (the database keeps
 * the balance) and is worth the price of the service it covers; a sinal is at most what the
 * booking's received sinal has left.
 */
async function pricePayments(
  deps: PaymentsDeps,
  pro: Pro,
  appointment: Appointment,
  items: readonly { serviceId: string; priceCents: number }[],
  input: ClosingInput,
): Promise<PricedPayment[]> {
  const { db } = deps;
  const sessions = input.payments.filter((p) => p.method === 'package');
  if (sessions.length > 1) {
    throw new AppError('BAD_REQUEST', 'Use no máximo uma sessão de pacote por atendimento.');
  }
  const deposit = input.payments
    .filter((p) => p.method === 'deposit')
    .reduce((sum, p) => sum + p.amountCents, 0);
  if (deposit > 0 && deposit > (await availableDepositCents(db, pro, appointment))) {
    throw new AppError('BAD_REQUEST', DEPOSIT_NOT_RECEIVED_MESSAGE);
  }
  const priced: PricedPayment[] = [];
  for (const payment of input.payments) {
    if (payment.method !== 'package') {
      priced.push({
        method: payment.method,
        amountCents: payment.amountCents,
        clientPackageId: null,
      });
      continue;
    }
    const clientPackageId = payment.clientPackageId!.toLowerCase();
    const covered = await coveredServiceIds({ db }, pro.profileId, clientPackageId);
    const item =
      items.find((i) => i.serviceId === appointment.serviceId && covered.includes(i.serviceId)) ??
      items.find((i) => covered.includes(i.serviceId));
    await useSession(deps, pro, {
      appointmentId: appointment.id,
      clientPackageId,
      serviceIds: items.map((i) => i.serviceId),
    });
    if (item && item.priceCents > 0) {
      priced.push({ method: 'package', amountCents: item.priceCents, clientPackageId });
    }
  }
  return priced;
}

/** "Reabrir" with a reason: the closing kept as history, its payments voided. */
export async function reopenClosing(
  deps: PaymentsDeps,
  professionalId: string,
  closingId: string,
  reason: string,
): Promise<Closing> {
  if (!isUuid(closingId)) throw notFound();
  return deps.db.transaction(async (tx) => {
    const row = await repo.findClosing(tx, professionalId, closingId);
    if (!row) throw notFound();
    const paidWith = await repo.paymentsOfClosings(tx, professionalId, [row.id]);
    if (!(await repo.reopenClosing(tx, professionalId, row.id, reason, deps.clock.now()))) {
      throw new AppError('CONFLICT', 'Este atendimento já foi reaberto.');
    }
    // Its "Sessão de pacote" is voided with the other payments: the session goes back too, so
    // closing again without it does not leave the session used (and closing with it uses one).
    if (paidWith.some((p) => p.method === 'package' && p.voidedAt === null)) {
      await giveBackSession({ db: tx }, professionalId, row.appointmentId);
    }
    const reopened = await repo.findClosing(tx, professionalId, row.id);
    return (await toClosings(tx, professionalId, [reopened!]))[0]!;
  });
}
