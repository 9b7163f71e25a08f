/**
 * Payments, closings and packages in the LGPD exports (docs/decisions/038-money-received.md):
 * the client's JSON and CSV, and two more CSVs in the account's ZIP, in lib/csv.ts's form.
 */
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '@agendaki/shared';
import type { Db } from '../../db/client';
import { csvDate, csvDateTime, csvDocument, type CsvValue } from '../../lib/csv';
import { listAllClientPackages, type ClientPackageRow } from '../packages/service';
import {
  accountPaymentsExport,
  clientPaymentsExport,
  type PaymentsExport,
} from '../payments/service';

const KINDS: Record<string, string> = {
  closing: 'Atendimento',
  settle: 'Pagamento de valor em aberto',
  sale: 'Venda de pacote',
};

const cents = (value: number) =>
  `${Math.floor(value / 100)},${String(value % 100).padStart(2, '0')}`;

export const PAYMENTS_CSV_HEADER = [
  'Data',
  'Recebido em',
  'Tipo',
  'Forma de pagamento',
  'Valor (R$)',
  'Anulado em',
] as const;
export const PACKAGES_CSV_HEADER = [
  'Pacote',
  'Vendido em',
  'Válido até',
  'Sessões',
  'Sessões restantes',
  'Preço (R$)',
] as const;

function paymentValues(row: PaymentsExport['payments'][number], timezone: string): CsvValue[] {
  return [
    csvDate(row.paidOn),
    csvDateTime(row.paidAt, timezone),
    KINDS[row.kind] ?? row.kind,
    PAYMENT_METHOD_LABELS[row.method as PaymentMethod] ?? row.method,
    cents(row.amountCents),
    row.voidedAt ? csvDateTime(row.voidedAt, timezone) : '',
  ];
}

function packageValues(row: ClientPackageRow): CsvValue[] {
  return [
    row.name,
    csvDate(row.soldOn),
    csvDate(row.expiresOn),
    row.sessionsTotal,
    row.expiredAt ? 0 : row.sessionsLeft,
    cents(row.priceCents),
  ];
}

/** The client's JSON: her payments, closings and packages. */
export async function clientMoneyJson(db: Db, profileId: string, clientId: string) {
  const { closings, payments } = await clientPaymentsExport({ db }, profileId, clientId);
  const packages = (await listAllClientPackages({ db }, profileId)).filter(
    (row) => row.clientId === clientId,
  );
  return {
    atendimentosConcluidos: closings.map((row) => ({
      id: row.id,
      agendamentoId: row.appointmentId,
      status: row.status,
      concluidoEm: row.closedAt.toISOString(),
      subtotalCentavos: row.subtotalCents,
      descontoCentavos: row.discountCents,
      gorjetaCentavos: row.tipCents,
      totalCentavos: row.totalCents,
      motivoReabertura: row.reopenReason,
    })),
    pagamentos: payments.map((row) => ({
      id: row.id,
      atendimentoId: row.closingId,
      pacoteId: row.clientPackageId,
      tipo: row.kind,
      forma: row.method,
      valorCentavos: row.amountCents,
      recebidoEm: row.paidAt.toISOString(),
      anuladoEm: row.voidedAt?.toISOString() ?? null,
    })),
    pacotes: packages.map((row) => ({
      id: row.id,
      nome: row.name,
      vendidoEm: row.soldOn,
      validoAte: row.expiresOn,
      sessoes: row.sessionsTotal,
      sessoesRestantes: row.expiredAt ? 0 : row.sessionsLeft,
      precoCentavos: row.priceCents,
    })),
  };
}

/** The client's CSV continues with her payments and packages, each table under its title. */
export async function* clientMoneyCsv(
  db: Db,
  profileId: string,
  clientId: string,
  timezone: string,
): AsyncGenerator<string> {
  const { payments } = await clientPaymentsExport({ db }, profileId, clientId);
  const packages = (await listAllClientPackages({ db }, profileId)).filter(
    (row) => row.clientId === clientId,
  );
  // Only the first document of a file carries the byte order mark.
  for await (const chunk of csvDocument(PAYMENTS_CSV_HEADER, payments, (row) =>
    paymentValues(row, timezone),
  )) {
    yield chunk.replace(/^\uFEFF/, '\r\nPagamentos\r\n');
  }
  for await (const chunk of csvDocument(PACKAGES_CSV_HEADER, packages, packageValues)) {
    yield chunk.replace(/^\uFEFF/, '\r\nPacotes\r\n');
  }
}

/** The account's ZIP: pagamentos.csv and pacotes.csv. */
export async function* accountPaymentsCsv(db: Db, profileId: string, timezone: string) {
  const { payments } = await accountPaymentsExport({ db }, profileId);
  yield* csvDocument(PAYMENTS_CSV_HEADER, payments, (row) => paymentValues(row, timezone));
}

export async function* accountPackagesCsv(db: Db, profileId: string) {
  yield* csvDocument(
    PACKAGES_CSV_HEADER,
    await listAllClientPackages({ db }, profileId),
    packageValues,
  );
}
