/**
 * What was really paid (docs/decisions/038-money-received.md): closings of appointments, later
 * payments of what stayed open ("fiado"), packages sold, the day's cash and the figures of
 * Relatórios. Amounts are integer cents, computed here.
 */
import {
  type ClientMoney,
  type ClientPackage,
  type Closing,
  type ClosingDraft,
  CLOSING_NOT_OPEN_MESSAGE,
  CLOSING_NOTHING_OWED_MESSAGE,
  type ClosingSummary,
  isCashIn,
  PACKAGE_SALE_OVERPAID_MESSAGE,
  type PackageSaleInput,
  zonedToday,
} from '@agendaki/shared';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/params';
import { getAppointment } from '../appointments/service';
import { getClient } from '../clients/service';
import { listClientPackages, sellPackage, usedPackageOf } from '../packages/service';
import { availableDepositCents, notFound, toClosings } from './closing';
import type { PaymentsDeps, Pro } from './deps';
import * as repo from './repo';

export { closeAppointment, reopenClosing } from './closing';
export type { PaymentsDeps, Pro } from './deps';
export { getCashDay, cashDayCsv } from './cash';
export { getReceiptLink, mailReceipt } from './receipt';
export {
  accountPaymentsExport,
  clientPaymentsExport,
  deleteAllClosings,
  eraseClientPayments,
  type PaymentsExport,
  receivedFigures,
} from './figures';

/** What the closing dialog opens with: the current closing, the history and the pre-fills. */
export async function getClosingDraft(
  deps: PaymentsDeps,
  pro: Pro,
  appointmentId: string,
): Promise<ClosingDraft> {
  const { db } = deps;
  const appointment = await getAppointment({ db }, pro.profileId, appointmentId);
  const rows = await repo.closingsOfAppointment(db, pro.profileId, appointment.id);
  const closings = await toClosings(db, pro.profileId, rows);
  const packages = await listClientPackages(deps, pro, appointment.clientId, async () => new Map());
  const usable = packages.filter(
    (p) => !p.isExpired && p.sessionsLeft > 0 && p.serviceIds.includes(appointment.serviceId),
  );
  const used = (await usedPackageOf({ db }, pro.profileId, appointment.id)) ?? null;
  const usedPackage = used ? packages.find((p) => p.id === used) : undefined;
  if (usedPackage && !usable.includes(usedPackage)) usable.unshift(usedPackage);
  return {
    current: closings.find((c) => c.status === 'closed') ?? null,
    history: closings.filter((c) => c.status === 'reopened'),
    items: [
      {
        serviceId: appointment.service.id,
        serviceName: appointment.service.name,
        priceCents: appointment.totalPriceCents,
      },
    ],
    depositCents: await availableDepositCents(db, pro, appointment),
    packages: usable.map((p) => ({
      clientPackageId: p.id,
      name: p.name,
      sessionsLeft: p.sessionsLeft,
      expiresOn: p.expiresOn,
      serviceIds: p.serviceIds,
    })),
    usedClientPackageId: used,
  };
}

/** A later payment of what stayed open; at most what is owed, one at a time (row lock). */
export async function settleClosing(
  deps: PaymentsDeps,
  pro: Pro,
  closingId: string,
  input: { method: 'pix' | 'cash' | 'debit' | 'credit'; amountCents: number },
): Promise<Closing> {
  if (!isUuid(closingId)) throw notFound();
  return deps.db.transaction(async (tx) => {
    const row = await repo.lockClosedClosing(tx, pro.profileId, closingId);
    if (!row) {
      if (await repo.findClosing(tx, pro.profileId, closingId)) {
        throw new AppError('CONFLICT', CLOSING_NOT_OPEN_MESSAGE);
      }
      throw notFound();
    }
    const paid = (await repo.paidOfClosings(tx, pro.profileId, [row.id])).get(row.id) ?? 0;
    const owed = row.totalCents - paid;
    if (owed <= 0) throw new AppError('CONFLICT', CLOSING_NOTHING_OWED_MESSAGE);
    if (input.amountCents > owed) {
      throw new AppError('BAD_REQUEST', 'O valor passa do que está em aberto.');
    }
    const now = deps.clock.now();
    await repo.insertPayments(tx, [
      {
        professionalId: pro.profileId,
        clientId: row.clientId,
        closingId: row.id,
        clientPackageId: null,
        kind: 'settle',
        method: input.method,
        amountCents: input.amountCents,
        paidAt: now,
        paidOn: zonedToday(now, pro.timezone),
      },
    ]);
    return (await toClosings(tx, pro.profileId, [row]))[0]!;
  });
}

/** The Agenda's cards: what each closed appointment came to. */
export async function closingSummaries(
  { db }: PaymentsDeps,
  professionalId: string,
  appointmentIds: readonly string[],
): Promise<ClosingSummary[]> {
  const rows = await repo.closedOfAppointments(db, professionalId, appointmentIds);
  const paid = await repo.paidOfClosings(
    db,
    professionalId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const paidCents = paid.get(row.id) ?? 0;
    return {
      appointmentId: row.appointmentId,
      closingId: row.id,
      totalCents: row.totalCents,
      paidCents,
      owedCents: Math.max(0, row.totalCents - paidCents),
    };
  });
}

/** The client's story: each closed appointment's closing (total, received, open, methods). */
export async function closingsOfClient(
  { db }: Pick<PaymentsDeps, 'db'>,
  professionalId: string,
  clientId: string,
): Promise<Closing[]> {
  return toClosings(db, professionalId, await repo.closedOfClient(db, professionalId, clientId));
}

/** The client's card: packages with what was paid for them, and what is still owed. */
export async function getClientMoney(
  deps: PaymentsDeps,
  pro: Pro,
  clientId: string,
): Promise<ClientMoney> {
  const client = await getClient({ db: deps.db }, pro.profileId, clientId);
  const packages = await listClientPackages(deps, pro, client.id, (ids) =>
    repo.paidOfClientPackages(deps.db, pro.profileId, ids),
  );
  const closed = await repo.closedOfClient(deps.db, pro.profileId, client.id);
  const paid = await repo.paidOfClosings(
    deps.db,
    pro.profileId,
    closed.map((row) => row.id),
  );
  const owed = closed
    .map((row) => ({
      closingId: row.id,
      appointmentId: row.appointmentId,
      closedOn: row.closedOn,
      owedCents: row.totalCents - (paid.get(row.id) ?? 0),
    }))
    .filter((row) => row.owedCents > 0);
  return { packages, owed, owedCents: owed.reduce((sum, row) => sum + row.owedCents, 0) };
}

/** The balance of several clients (the Clientes page); ids not the professional's are skipped. */
export async function clientsMoney(
  deps: PaymentsDeps,
  pro: Pro,
  clientIds: readonly string[],
): Promise<(ClientMoney & { clientId: string })[]> {
  const found: (ClientMoney & { clientId: string })[] = [];
  for (const clientId of clientIds) {
    try {
      found.push({ clientId, ...(await getClientMoney(deps, pro, clientId)) });
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'NOT_FOUND')) throw error;
    }
  }
  return found;
}

/** Sells a package to a client with its payments (Pix, dinheiro, cartões), in one transaction. */
export async function sellPackageToClient(
  deps: PaymentsDeps,
  pro: Pro,
  clientId: string,
  input: PackageSaleInput,
): Promise<ClientPackage> {
  const id = await deps.db.transaction(async (tx) => {
    const client = await getClient({ db: tx }, pro.profileId, clientId);
    if (!input.payments.every((p) => isCashIn(p.method))) {
      throw new AppError('BAD_REQUEST', 'Um pacote é pago com Pix, dinheiro ou cartão.');
    }
    const sold = await sellPackage({ ...deps, db: tx }, pro, {
      clientId: client.id,
      packageId: input.packageId,
    });
    const paid = input.payments.reduce((sum, p) => sum + p.amountCents, 0);
    if (paid > sold.priceCents) throw new AppError('BAD_REQUEST', PACKAGE_SALE_OVERPAID_MESSAGE);
    const now = deps.clock.now();
    await repo.insertPayments(
      tx,
      input.payments.map((p) => ({
        professionalId: pro.profileId,
        clientId: client.id,
        closingId: null,
        clientPackageId: sold.id,
        kind: 'sale',
        method: p.method,
        amountCents: p.amountCents,
        paidAt: now,
        paidOn: zonedToday(now, pro.timezone),
      })),
    );
    return sold.id;
  });
  const money = await getClientMoney(deps, pro, clientId);
  return money.packages.find((p) => p.id === id)!;
}
