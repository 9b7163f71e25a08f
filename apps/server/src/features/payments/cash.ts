// Caixa do dia (docs/decisions/038-money-received.md): the day's money by method, in cents.
import {
  type CashDay,
  isCashIn,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type PaymentMethod,
  zonedNow,
} from '@agendaki/shared';
import { csvDate, csvLine, CSV_BOM, type CsvValue } from '../../lib/csv';
import { getClient } from '../clients/service';
import { clientPackageNames, salesOn } from '../packages/service';
import type { PaymentsDeps, Pro } from './deps';
import * as repo from './repo';
import * as dayRepo from './repo/day';

export async function getCashDay(deps: PaymentsDeps, pro: Pro, date: string): Promise<CashDay> {
  const { db } = deps;
  const [payments, closed, sold, owedCents] = await Promise.all([
    dayRepo.paymentsOn(db, pro.profileId, date),
    dayRepo.closedOn(db, pro.profileId, date),
    salesOn({ db }, pro.profileId, date),
    dayRepo.owedAsOf(db, pro.profileId, date),
  ]);
  const methods = PAYMENT_METHODS.map((method) => {
    const own = payments.filter((p) => p.method === method);
    return { method, cents: sum(own.map((p) => p.amountCents)), count: own.length };
  }).filter((row) => row.count > 0);
  const clientIds = [...new Set(payments.map((p) => p.clientId))];
  const clientNames = new Map<string, string>();
  for (const id of clientIds) {
    clientNames.set(id, (await getClient({ db }, pro.profileId, id)).name);
  }
  const closingIds = [...new Set(payments.flatMap((p) => (p.closingId ? [p.closingId] : [])))];
  const items = await repo.itemsOf(db, pro.profileId, closingIds);
  const packageNames = await clientPackageNames(
    { db },
    pro.profileId,
    payments.flatMap((p) => (p.kind === 'sale' && p.clientPackageId ? [p.clientPackageId] : [])),
  );
  const lines = payments.map((p) => ({
    time: zonedNow(p.paidAt, pro.timezone).time,
    clientName: clientNames.get(p.clientId) ?? '',
    description:
      p.kind === 'sale'
        ? `Pacote: ${packageNames.get(p.clientPackageId ?? '') ?? ''}`
        : p.kind === 'settle'
          ? 'Pagamento de valor em aberto'
          : items
              .filter((item) => item.closingId === p.closingId)
              .map((item) => item.serviceName)
              .join(', '),
    method: p.method as PaymentMethod,
    amountCents: p.amountCents,
  }));

  return {
    date,
    receivedCents: sum(
      payments.filter((p) => isCashIn(p.method as PaymentMethod)).map((p) => p.amountCents),
    ),
    methods,
    tipsCents: sum(closed.map((row) => row.tipCents)),
    discountsCents: sum(closed.map((row) => row.discountCents)),
    // Still owed at the end of the day, older fiado included: what she has to collect.
    owedCents,
    closings: closed.length,
    packagesSold: sold,
    lines,
  };
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

/** Integer cents as Excel in pt-BR reads a number: `1234,56` (lib/csv.ts). */
function csvCents(cents: number): string {
  return `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
}

export const CASH_CSV_HEADER = [
  'Data',
  'Hora',
  'Cliente',
  'Descrição',
  'Forma de pagamento',
  'Valor (R$)',
] as const;

/** The day's payments, one a line, then the totals, in the pt-BR form of the reports' CSV. */
export function cashDayCsv(day: CashDay): string {
  const rows: CsvValue[][] = day.lines.map((line) => [
    csvDate(day.date),
    line.time,
    line.clientName,
    line.description,
    PAYMENT_METHOD_LABELS[line.method],
    csvCents(line.amountCents),
  ]);
  const totals: CsvValue[][] = [
    ['Total recebido (Pix, dinheiro e cartões)', csvCents(day.receivedCents)],
    ['Gorjetas', csvCents(day.tipsCents)],
    ['Descontos', csvCents(day.discountsCents)],
    ['Em aberto', csvCents(day.owedCents)],
    [`Pacotes vendidos (${day.packagesSold.count})`, csvCents(day.packagesSold.cents)],
  ].map(([label, value]) => [csvDate(day.date), '', '', label, '', value]);
  return CSV_BOM + csvLine(CASH_CSV_HEADER) + [...rows, ...totals].map(csvLine).join('');
}
