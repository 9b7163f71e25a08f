import {
  formatCurrencyFromCents,
  formatIsoDate,
  mapUrlFor,
  PRODUCT_NAME,
  sumPriceCents,
  withoutLiveLinks,
} from '@agendaki/shared';
import { escapeHtml, type OutgoingMail } from '../../lib/mail-templates';

/** A line of text, or a line ending in one of the app's own links (the only live ones). */
type Line = string | { text: string; url: string };

/** One plain layout: the same lines in the HTML and the text part. */
function render(to: string, subject: string, lines: readonly Line[]): OutgoingMail {
  const text = [
    ...lines.map((line) => (typeof line === 'string' ? line : `${line.text} ${line.url}`)),
    '',
    `Equipe ${PRODUCT_NAME}`,
  ].join('\n');
  const body = lines
    .map((line) => {
      if (line === '') return '';
      const html =
        typeof line === 'string'
          ? escapeHtml(line)
          : `${escapeHtml(line.text)} <a href="${escapeHtml(line.url)}">${escapeHtml(line.url)}</a>`;
      return `<p style="margin:0 0 12px;font-size:15px">${html}</p>`;
    })
    .join('\n');
  const html = `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f5f7;font-family:Arial,Helvetica,sans-serif;color:#111">
<div style="max-width:520px;margin:0 auto;background:#fff;border-radius:8px;padding:32px">
<p style="margin:0 0 24px;font-size:20px;font-weight:bold">${PRODUCT_NAME}</p>
${body}
<p style="margin:24px 0 0;color:#555;font-size:14px">Equipe ${PRODUCT_NAME}</p>
</div></body></html>`;
  return { to, subject, html, text };
}

export interface BookingSummary {
  businessName: string;
  professionalName: string;
  address: string | null;
  clientName: string;
  date: string;
  startTime: string;
  endTime: string;
  services: readonly { name: string; startTime: string; endTime: string; priceCents: number }[];
  totalPriceCents: number;
}

/** What a summary reads of an appointment of the booking (appointments' service shape). */
interface SummarizedAppointment {
  appointmentDate: string;
  startTime: string;
  endTime: string;
  totalPriceCents: number;
  service: { name: string };
  client: { name: string };
}

/** The booking as its mails show it: `shown` are its appointments in order, at least one. */
export function summarizeBooking(
  profile: { businessName: string; professionalName: string; address: string | null },
  shown: readonly SummarizedAppointment[],
): BookingSummary {
  const first = shown[0]!;
  const services = shown.map((a) => ({
    name: a.service.name,
    startTime: a.startTime,
    endTime: a.endTime,
    priceCents: a.totalPriceCents,
  }));
  return {
    businessName: profile.businessName,
    professionalName: profile.professionalName,
    address: profile.address,
    clientName: first.client.name,
    date: first.appointmentDate,
    startTime: first.startTime,
    endTime: shown[shown.length - 1]!.endTime,
    services,
    totalPriceCents: sumPriceCents(services),
  };
}

/** Who a message about the booking goes to, and the time it names (WhatsApp's templates). */
export function messageTarget(
  profile: { businessName: string },
  first: SummarizedAppointment & { clientId: string; client: { phone: string | null } },
) {
  return {
    clientId: first.clientId,
    clientName: first.client.name,
    phone: first.client.phone,
    businessName: profile.businessName,
    date: first.appointmentDate,
    startTime: first.startTime,
  };
}

/** The summary with every word a person typed made inert (docs/decisions/031). */
function inert(summary: BookingSummary): BookingSummary {
  return {
    ...summary,
    businessName: withoutLiveLinks(summary.businessName),
    professionalName: withoutLiveLinks(summary.professionalName),
    clientName: withoutLiveLinks(summary.clientName),
    address: summary.address === null ? null : withoutLiveLinks(summary.address),
    services: summary.services.map((s) => ({ ...s, name: withoutLiveLinks(s.name) })),
  };
}

function detailLines(raw: BookingSummary): Line[] {
  const summary = inert(raw);
  return [
    `Data: ${formatIsoDate(summary.date)}`,
    `Horário: ${summary.startTime} às ${summary.endTime}`,
    `Serviços: ${summary.services.map((s) => s.name).join(', ')}`,
    `Total: ${formatCurrencyFromCents(summary.totalPriceCents)}`,
    ...(summary.address && raw.address
      ? [`Endereço: ${summary.address}`, { text: 'Mapa:', url: mapUrlFor(raw.address) }]
      : []),
  ];
}

/** The e-mail reminder to the client, with the manage link. */
export function renderReminder(to: string, raw: BookingSummary, manageUrl: string) {
  const summary = inert(raw);
  return render(
    to,
    `Lembrete: ${summary.businessName}, ${formatIsoDate(summary.date)} às ${summary.startTime}`,
    [
      `Olá, ${summary.clientName}!`,
      '',
      `Lembrete do seu horário em ${summary.businessName} com ${summary.professionalName}.`,
      ...detailLines(raw),
      '',
      { text: 'Para confirmar presença, remarcar ou cancelar:', url: manageUrl },
    ],
  );
}

export type BookingState = 'scheduled' | 'confirmed' | 'awaiting_deposit' | 'cancelled';

/** What the client's changes within one notice window came to (change-notice.ts). */
export interface ChangeOutcome {
  state: BookingState;
  /** The start before the window's first change, when the booking has moved since. */
  previous: { date: string; startTime: string } | null;
}

const STATE_WORDS: Record<BookingState, string> = {
  scheduled: 'Agendado',
  confirmed: 'Confirmado',
  awaiting_deposit: 'Aguardando sinal',
  cancelled: 'Cancelado',
};

/** "remarcou o agendamento e confirmou presença", as the professional reads it. */
function actionWords({ state, previous }: ChangeOutcome): string {
  if (state === 'cancelled') return 'cancelou o agendamento';
  if (!previous) return 'confirmou presença';
  return state === 'confirmed'
    ? 'remarcou o agendamento e confirmou presença'
    : 'remarcou o agendamento';
}

function outcomeLines(outcome: ChangeOutcome): string[] {
  return [
    ...(outcome.previous
      ? [`Antes: ${formatIsoDate(outcome.previous.date)} às ${outcome.previous.startTime}`]
      : []),
    `Situação agora: ${STATE_WORDS[outcome.state]}`,
  ];
}

/** To the professional: what the booking is now, after the client's changes on the manage link. */
export function renderChangeNoticeToProfessional(
  to: string,
  raw: BookingSummary,
  outcome: ChangeOutcome,
  agendaLink: string,
) {
  const summary = inert(raw);
  const when = `${formatIsoDate(summary.date)} às ${summary.startTime}`;
  return render(to, `${summary.clientName} ${actionWords(outcome)}: ${when}`, [
    `Olá, ${summary.professionalName}!`,
    '',
    `${summary.clientName} ${actionWords(outcome)} pelo link do agendamento.`,
    ...outcomeLines(outcome),
    ...detailLines(raw),
    '',
    { text: 'Veja sua agenda:', url: agendaLink },
  ]);
}

/** To the client: the same outcome, with the manage link while the booking stands. */
export function renderChangeNoticeToClient(
  to: string,
  raw: BookingSummary,
  outcome: ChangeOutcome,
  manageUrl: string,
  /** Who changed it: the client on the manage link, or the professional in the Agenda. */
  by: 'client' | 'professional' = 'client',
) {
  const summary = inert(raw);
  const when = `${formatIsoDate(summary.date)} às ${summary.startTime}`;
  const word =
    outcome.state === 'cancelled'
      ? 'cancelado'
      : outcome.previous
        ? 'remarcado'
        : 'presença confirmada';
  return render(to, `Seu agendamento em ${summary.businessName}: ${word}, ${when}`, [
    `Olá, ${summary.clientName}!`,
    '',
    `Seu agendamento em ${summary.businessName} com ${summary.professionalName} foi alterado ${by === 'client' ? 'pelo link do agendamento' : `por ${summary.professionalName}`}. Ele está assim agora:`,
    ...outcomeLines(outcome),
    ...detailLines(raw),
    '',
    outcome.state === 'cancelled'
      ? 'Para marcar outro horário, use o link de agendamento do profissional.'
      : { text: 'Para confirmar presença, remarcar ou cancelar:', url: manageUrl },
  ]);
}
