import { formatCurrencyFromCents, formatIsoDate, mapUrlFor, PRODUCT_NAME } from '@agendaki/shared';
import { escapeHtml, type OutgoingMail } from '../../lib/mail-templates';

/** One plain layout: the same lines in the HTML and the text part. */
function render(to: string, subject: string, lines: readonly string[]): OutgoingMail {
  const text = [...lines, '', `Equipe ${PRODUCT_NAME}`].join('\n');
  const body = lines
    .map((line) =>
      line === ''
        ? ''
        : `<p style="margin:0 0 12px;font-size:15px">${escapeHtml(line).replace(
            /(https?:\/\/[^\s<]+)/g,
            '<a href="$1">$1</a>',
          )}</p>`,
    )
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

function detailLines(summary: BookingSummary): string[] {
  return [
    `Data: ${formatIsoDate(summary.date)}`,
    `Horário: ${summary.startTime} às ${summary.endTime}`,
    `Serviços: ${summary.services.map((s) => s.name).join(', ')}`,
    `Total: ${formatCurrencyFromCents(summary.totalPriceCents)}`,
    ...(summary.address
      ? [`Endereço: ${summary.address}`, `Mapa: ${mapUrlFor(summary.address)}`]
      : []),
  ];
}

/** The e-mail reminder to the client, with the manage link. */
export function renderReminder(to: string, summary: BookingSummary, manageUrl: string) {
  return render(
    to,
    `Lembrete: ${summary.businessName}, ${formatIsoDate(summary.date)} às ${summary.startTime}`,
    [
      `Olá, ${summary.clientName}!`,
      '',
      `Lembrete do seu horário em ${summary.businessName} com ${summary.professionalName}.`,
      ...detailLines(summary),
      '',
      `Para confirmar presença, remarcar ou cancelar: ${manageUrl}`,
    ],
  );
}

export type ClientAction = 'confirmed' | 'cancelled' | 'rescheduled';

const ACTION_WORDS: Record<ClientAction, string> = {
  confirmed: 'confirmou presença',
  cancelled: 'cancelou o agendamento',
  rescheduled: 'remarcou o agendamento',
};

/** To the professional: what the client did on the manage link. */
export function renderClientActionNotice(
  to: string,
  action: ClientAction,
  summary: BookingSummary,
  extra: { previous?: { date: string; startTime: string }; agendaLink: string },
) {
  const when = `${formatIsoDate(summary.date)} às ${summary.startTime}`;
  return render(to, `${summary.clientName} ${ACTION_WORDS[action]}: ${when}`, [
    `Olá, ${summary.professionalName}!`,
    '',
    `${summary.clientName} ${ACTION_WORDS[action]} pelo link do agendamento.`,
    ...(extra.previous
      ? [`Antes: ${formatIsoDate(extra.previous.date)} às ${extra.previous.startTime}`]
      : []),
    ...detailLines(summary),
    '',
    `Veja sua agenda: ${extra.agendaLink}`,
  ]);
}
