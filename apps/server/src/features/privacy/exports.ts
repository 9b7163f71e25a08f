import { Readable } from 'node:stream';
import {
  APPOINTMENT_STATUS_LABELS,
  formatPhone,
  type Appointment,
  type Client,
  type Service,
} from '@agendaki/shared';
import yazl from 'yazl';
import type { Db } from '../../db/client';
import { csvDate, csvDateTime, csvDocument, csvMoney, csvTime, type CsvValue } from '../../lib/csv';
import { streamAppointments } from '../appointments/service';
import { listSavedWindows } from '../availability/service';
import { streamClients } from '../clients/service';
import { listWholeSchedule } from '../schedule/service';
import { listServices } from '../services/service';
import { accountPackagesCsv, accountPaymentsCsv } from './money-exports';

/**
 * The LGPD exports (docs/decisions/012-lgpd.md): one client's data as JSON or CSV, and the whole
 * account as a ZIP of CSVs in the pt-BR Excel form of lib/csv.ts. The ZIP is streamed: each
 * CSV is a generator over batched reads that yazl pulls only when its entry is written, so an
 * account with 100,000 appointments holds one batch (1,000 rows) at a time.
 */

const WEEKDAYS = ['Domingo', 'Segunda', 'Terça', 'Quarta', 'Quinta', 'Sexta', 'Sábado'];
const phone = (value: string | null) => (value ? formatPhone(value) : '');
const statusLabel = (appointment: Appointment) => APPOINTMENT_STATUS_LABELS[appointment.status];

// ------------------------------------------------------------------ one client

export interface ClientExport {
  exportadoEm: string;
  cliente: {
    id: string;
    nome: string;
    email: string | null;
    telefone: string | null;
    observacoes: string | null;
    cadastradoEm: string;
  };
  agendamentos: Array<{
    id: string;
    data: string;
    inicio: string;
    fim: string;
    status: string;
    servico: { id: string; nome: string };
    /** The price as booked, a decimal with a point ("50.00"), and in cents. */
    valor: string;
    valorCentavos: number;
    observacoes: string | null;
  }>;
}

export function toClientExport(
  client: Client,
  appointments: readonly Appointment[],
  now: Date,
): ClientExport {
  return {
    exportadoEm: now.toISOString(),
    cliente: {
      id: client.id,
      nome: client.name,
      email: client.email,
      telefone: client.phone,
      observacoes: client.notes,
      cadastradoEm: client.createdAt,
    },
    agendamentos: appointments.map((appointment) => ({
      id: appointment.id,
      data: appointment.appointmentDate,
      inicio: appointment.startTime,
      fim: appointment.endTime,
      status: appointment.status,
      servico: { id: appointment.service.id, nome: appointment.service.name },
      valor: appointment.totalPrice,
      valorCentavos: appointment.totalPriceCents,
      observacoes: appointment.notes,
    })),
  };
}

export const CLIENT_CSV_HEADER = [
  'Cliente',
  'E-mail',
  'Telefone',
  'Observações do cliente',
  'Cliente desde',
  'Data',
  'Início',
  'Fim',
  'Serviço',
  'Valor (R$)',
  'Status',
  'Observações do agendamento',
];

/** One line per appointment, the client's columns on each; a client without any: one line. */
export function clientCsv(
  client: Client,
  appointments: readonly Appointment[],
  timezone: string,
): AsyncGenerator<string> {
  const person: CsvValue[] = [
    client.name,
    client.email,
    phone(client.phone),
    client.notes,
    csvDateTime(new Date(client.createdAt), timezone),
  ];
  const rows: CsvValue[][] =
    appointments.length === 0
      ? [[...person, '', '', '', '', '', '', '']]
      : appointments.map((appointment) => [
          ...person,
          csvDate(appointment.appointmentDate),
          appointment.startTime,
          appointment.endTime,
          appointment.service.name,
          csvMoney(appointment.totalPrice),
          statusLabel(appointment),
          appointment.notes,
        ]);
  return csvDocument(CLIENT_CSV_HEADER, rows, (row) => row);
}

// ------------------------------------------------------------------ the whole account

export const ACCOUNT_CSV_HEADERS = {
  clientes: ['Nome', 'E-mail', 'Telefone', 'Observações', 'Cadastrado em'],
  agendamentos: [
    'Data',
    'Início',
    'Fim',
    'Cliente',
    'E-mail do cliente',
    'Telefone do cliente',
    'Serviço',
    'Valor (R$)',
    'Status',
    'Observações',
  ],
  servicos: [
    'Nome',
    'Descrição',
    'Preço (R$)',
    'Duração (min)',
    'Intervalo após (min)',
    'Ativo',
    'Imagem',
  ],
  horarios: ['Dia da semana', 'Início', 'Fim', 'Ativo'],
  excecoes: ['Data', 'Início', 'Fim', 'Observação'],
  folgas: ['Início', 'Fim', 'Observação'],
  bloqueios: ['Data', 'Início', 'Fim', 'Observação'],
} as const;

export interface AccountExportSource {
  db: Db;
  profileId: string;
  timezone: string;
  publicUrl: string;
}

function clientsCsv({ db, profileId, timezone }: AccountExportSource) {
  return csvDocument(ACCOUNT_CSV_HEADERS.clientes, streamClients({ db }, profileId), (client) => [
    client.name,
    client.email,
    phone(client.phone),
    client.notes,
    csvDateTime(new Date(client.createdAt), timezone),
  ]);
}

function appointmentsCsv({ db, profileId }: AccountExportSource) {
  return csvDocument(
    ACCOUNT_CSV_HEADERS.agendamentos,
    streamAppointments({ db }, profileId),
    (appointment) => [
      csvDate(appointment.appointmentDate),
      appointment.startTime,
      appointment.endTime,
      appointment.client.name,
      appointment.client.email,
      phone(appointment.client.phone),
      appointment.service.name,
      csvMoney(appointment.totalPrice),
      statusLabel(appointment),
      appointment.notes,
    ],
  );
}

async function* servicesCsv({ db, profileId, publicUrl }: AccountExportSource) {
  const services: Service[] = await listServices({ db }, profileId, { activeOnly: false });
  yield* csvDocument(ACCOUNT_CSV_HEADERS.servicos, services, (service) => [
    service.name,
    service.description,
    csvMoney(service.price),
    service.durationMinutes,
    service.bufferMinutes,
    service.isActive,
    service.imageUrl?.startsWith('/') ? `${publicUrl}${service.imageUrl}` : service.imageUrl,
  ]);
}

async function* hoursCsv({ db, profileId }: AccountExportSource) {
  const windows = await listSavedWindows({ db }, profileId);
  yield* csvDocument(ACCOUNT_CSV_HEADERS.horarios, windows, (window) => [
    WEEKDAYS[window.dayOfWeek],
    window.startTime,
    window.endTime,
    window.isActive,
  ]);
}

function scheduleCsvs(source: AccountExportSource) {
  // Read once, when the first of the three entries is written; they are small.
  let read: ReturnType<typeof listWholeSchedule> | undefined;
  const load = () => (read ??= listWholeSchedule(source, source.profileId));
  return {
    async *excecoes() {
      const { exceptions } = await load();
      yield* csvDocument(ACCOUNT_CSV_HEADERS.excecoes, exceptions, (row) => [
        csvDate(row.date),
        csvTime(row.startTime) || 'Fechado',
        csvTime(row.endTime),
        row.note,
      ]);
    },
    async *folgas() {
      const { timeOff } = await load();
      yield* csvDocument(ACCOUNT_CSV_HEADERS.folgas, timeOff, (row) => [
        csvDate(row.startDate),
        csvDate(row.endDate),
        row.note,
      ]);
    },
    async *bloqueios() {
      const { blocks } = await load();
      yield* csvDocument(ACCOUNT_CSV_HEADERS.bloqueios, blocks, (row) => [
        csvDate(row.startsAt),
        csvTime(row.startsAt.slice(11)),
        csvTime(row.endsAt.slice(11)),
        row.note,
      ]);
    },
  };
}

/**
 * "Exportar tudo": a ZIP whose entries are generated while it is sent. Returns the readable
 * ZIP; an error while reading ends it with that error (the download fails, never a half file
 * that looks whole: the ZIP's central directory is written last).
 */
export function accountZip(source: AccountExportSource, now: Date): Readable {
  const zip = new yazl.ZipFile();
  const output = zip.outputStream as unknown as Readable;
  const schedule = scheduleCsvs(source);
  const entries: Array<[string, () => AsyncIterable<string>]> = [
    ['clientes.csv', () => clientsCsv(source)],
    ['agendamentos.csv', () => appointmentsCsv(source)],
    ['servicos.csv', () => servicesCsv(source)],
    ['horarios.csv', () => hoursCsv(source)],
    ['excecoes.csv', () => schedule.excecoes()],
    ['folgas.csv', () => schedule.folgas()],
    ['bloqueios.csv', () => schedule.bloqueios()],
    ['pagamentos.csv', () => accountPaymentsCsv(source.db, source.profileId, source.timezone)],
    ['pacotes.csv', () => accountPackagesCsv(source.db, source.profileId)],
  ];
  for (const [name, generate] of entries) {
    // Readable.from pulls the generator only as yazl reads this entry, one entry at a time.
    const stream = Readable.from(generate(), { objectMode: false });
    stream.on('error', (error) => output.destroy(error));
    zip.addReadStream(stream, name, { mtime: now, compress: true });
  }
  zip.end();
  return output;
}
