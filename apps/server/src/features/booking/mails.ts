import {
  formatCurrencyFromCents,
  formatIsoDate,
  formatPhone,
  mapUrlFor,
  PRODUCT_NAME,
  withoutLiveLinks,
  type BookedAppointment,
} from '@agendaki/shared';
import { escapeHtml, type OutgoingMail } from '../../lib/mail-templates';

/** What both booking mails say (docs/product.md, Booking several services). */
export interface BookingMailData {
  businessName: string;
  professionalName: string;
  professionalEmail: string;
  professionalPhone: string | null;
  clientName: string;
  clientEmail: string | null;
  clientPhone: string | null;
  notes: string | null;
  date: string;
  appointments: readonly BookedAppointment[];
  totalPriceCents: number;
  /** The professional's agenda, from PUBLIC_URL. */
  agendaLink: string;
  /** The /privacidade page (docs/decisions/012-lgpd.md). */
  privacyLink: string;
  /** The client's manage link (features/manage). */
  manageUrl: string;
  address: string | null;
  ics: string;
  /** The Pix sinal to pay (docs/decisions/017-pix-sinal.md), or null. */
  deposit?: {
    amountCents: number;
    brCode: string;
    qrSvg: string;
    /** "24/11 às 10:30", in the professional's zone. */
    deadlineText: string;
  } | null;
}

interface Section {
  heading: string;
  rows: [label: string, value: string][];
  list: string[];
  closing: string[];
}

function serviceLines(data: BookingMailData): string[] {
  return data.appointments.map(
    (a) =>
      `${a.serviceName}: ${a.startTime} às ${a.endTime} (${formatCurrencyFromCents(a.priceCents)})`,
  );
}

/** One plain layout for both mails: the same words in the HTML and the text part. */
function render(to: string, subject: string, greeting: string, section: Section): OutgoingMail {
  const rowsText = section.rows.map(([label, value]) => `${label}: ${value}`);
  const text = [
    greeting,
    '',
    section.heading,
    '',
    ...rowsText,
    'Serviços:',
    ...section.list.map((line) => `- ${line}`),
    '',
    ...section.closing,
    '',
    `Equipe ${PRODUCT_NAME}`,
  ].join('\n');
  const rowsHtml = section.rows
    .map(
      ([label, value]) =>
        `<tr><td style="padding:4px 12px 4px 0;color:#555">${escapeHtml(label)}</td><td style="padding:4px 0;font-weight:bold">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const listHtml = section.list.map((line) => `<li>${escapeHtml(line)}</li>`).join('');
  const closingHtml = section.closing
    .map((line) => `<p style="margin:0 0 12px;color:#555;font-size:14px">${escapeHtml(line)}</p>`)
    .join('');
  const html = `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f5f7;font-family:Arial,Helvetica,sans-serif;color:#111">
<div style="max-width:520px;margin:0 auto;background:#fff;border-radius:8px;padding:32px">
<p style="margin:0 0 24px;font-size:20px;font-weight:bold">${PRODUCT_NAME}</p>
<p style="margin:0 0 12px;font-size:16px">${escapeHtml(greeting)}</p>
<p style="margin:0 0 16px;font-size:16px">${escapeHtml(section.heading)}</p>
<table style="border-collapse:collapse;font-size:15px;margin:0 0 12px">${rowsHtml}</table>
<p style="margin:0 0 4px;color:#555">Serviços:</p>
<ul style="margin:0 0 20px;padding-left:20px;font-size:15px">${listHtml}</ul>
${closingHtml}
<p style="margin:24px 0 0;color:#555;font-size:14px">Equipe ${PRODUCT_NAME}</p>
</div></body></html>`;
  return { to, subject, html, text };
}

/**
 * The same data with every word a person typed (names, notes, address, services) made inert:
 * no live link from user text in a mail (docs/decisions/031).
 */
function inert(data: BookingMailData): BookingMailData {
  const text = (value: string | null) => (value === null ? null : withoutLiveLinks(value));
  return {
    ...data,
    businessName: withoutLiveLinks(data.businessName),
    professionalName: withoutLiveLinks(data.professionalName),
    clientName: withoutLiveLinks(data.clientName),
    clientEmail: text(data.clientEmail),
    notes: text(data.notes),
    address: text(data.address),
    appointments: data.appointments.map((a) => ({
      ...a,
      serviceName: withoutLiveLinks(a.serviceName),
    })),
  };
}

function timeRange(data: BookingMailData): string {
  const first = data.appointments[0]!;
  const last = data.appointments[data.appointments.length - 1]!;
  return `${first.startTime} às ${last.endTime}`;
}

/** To the client: services, date, time, business, total, and the .ics for their calendar. */
export function renderClientConfirmation(raw: BookingMailData, to: string): OutgoingMail {
  const mapUrl = raw.address ? mapUrlFor(raw.address) : null;
  const data = inert(raw);
  const date = formatIsoDate(data.date);
  const contact = `Para confirmar presença, remarcar ou cancelar: ${data.manageUrl}`;
  const deposit = data.deposit;
  const start = data.appointments[0]!.startTime;
  const mail = render(
    to,
    deposit
      ? `Agendamento aguardando sinal: ${data.businessName}, ${date} às ${start}`
      : `Agendamento confirmado: ${data.businessName}, ${date} às ${start}`,
    `Olá, ${data.clientName}!`,
    {
      heading: deposit
        ? `Seu horário em ${data.businessName} está reservado. Pague o sinal por Pix até ${deposit.deadlineText} para confirmar; sem o pagamento, o agendamento é cancelado.`
        : `Seu agendamento em ${data.businessName} está confirmado.`,
      rows: [
        ...(deposit
          ? [
              ['Sinal (Pix)', formatCurrencyFromCents(deposit.amountCents)] as [string, string],
              ['Pagar até', deposit.deadlineText] as [string, string],
            ]
          : []),
        ['Data', date],
        ['Horário', timeRange(data)],
        ['Profissional', data.professionalName],
        ['Total', formatCurrencyFromCents(data.totalPriceCents)],
        ...(data.address && mapUrl
          ? [['Endereço', data.address] as [string, string], ['Mapa', mapUrl] as [string, string]]
          : []),
        ...(data.notes ? [['Observações', data.notes] as [string, string]] : []),
      ],
      list: serviceLines(data),
      closing: [
        ...(deposit
          ? [
              'Pix Copia e Cola (copie e cole no app do seu banco):',
              deposit.brCode,
              'O QR Code do Pix está em anexo (pix-qrcode.svg) e na página do agendamento.',
            ]
          : []),
        'O arquivo agendamento.ics em anexo adiciona o horário à sua agenda.',
        contact,
        `Como seus dados são usados e como pedir uma cópia ou a exclusão: ${data.privacyLink}`,
      ],
    },
  );
  return {
    ...mail,
    attachments: [
      {
        filename: 'agendamento.ics',
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
        content: data.ics,
      },
      ...(deposit
        ? [{ filename: 'pix-qrcode.svg', contentType: 'image/svg+xml', content: deposit.qrSvg }]
        : []),
    ],
  };
}

/** To the professional: who booked what, and where to see it. */
export function renderProfessionalNotice(raw: BookingMailData): OutgoingMail {
  const data = inert(raw);
  const date = formatIsoDate(data.date);
  return render(
    data.professionalEmail,
    `Novo agendamento: ${data.clientName}, ${date} às ${data.appointments[0]!.startTime}`,
    `Olá, ${data.professionalName}!`,
    {
      heading: `${data.clientName} agendou pelo seu link do ${PRODUCT_NAME}.`,
      rows: [
        ['Data', date],
        ['Horário', timeRange(data)],
        ['Cliente', data.clientName],
        ...(data.clientEmail ? [['E-mail', data.clientEmail] as [string, string]] : []),
        ...(data.clientPhone
          ? [['Telefone', formatPhone(data.clientPhone)] as [string, string]]
          : []),
        ['Total', formatCurrencyFromCents(data.totalPriceCents)],
        ...(data.notes ? [['Observações', data.notes] as [string, string]] : []),
      ],
      list: serviceLines(data),
      closing: [`Veja sua agenda: ${data.agendaLink}`],
    },
  );
}
