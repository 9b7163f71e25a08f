import {
  formatCurrencyFromCents,
  formatIsoDate,
  PRODUCT_NAME,
  withoutLiveLinks,
} from '@agendaki/shared';
import { escapeHtml, type OutgoingMail } from '../../lib/mail-templates';

/** What the sinal's mails to the client say (docs/decisions/017-pix-sinal.md). */
export interface DepositMailData {
  to: string;
  clientName: string;
  businessName: string;
  professionalName: string;
  date: string;
  startTime: string;
  services: readonly string[];
  amountCents: number;
}

function render(to: string, subject: string, lines: readonly string[]): OutgoingMail {
  const text = [...lines, '', `Equipe ${PRODUCT_NAME}`].join('\n');
  const body = lines
    .map((line) =>
      line === '' ? '' : `<p style="margin:0 0 12px;font-size:15px">${escapeHtml(line)}</p>`,
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

/** No live link from what people typed (docs/decisions/031). */
function inert(data: DepositMailData): DepositMailData {
  return {
    ...data,
    clientName: withoutLiveLinks(data.clientName),
    businessName: withoutLiveLinks(data.businessName),
    professionalName: withoutLiveLinks(data.professionalName),
    services: data.services.map(withoutLiveLinks),
  };
}

function when(data: DepositMailData): string {
  return `${formatIsoDate(data.date)} às ${data.startTime}`;
}

/** The professional marked the sinal received: the booking is confirmed. */
export function renderDepositReceived(raw: DepositMailData): OutgoingMail {
  const data = inert(raw);
  return render(data.to, `Sinal recebido: ${data.businessName}, ${when(data)}`, [
    `Olá, ${data.clientName}!`,
    `${data.businessName} recebeu seu sinal de ${formatCurrencyFromCents(data.amountCents)}.`,
    `Seu agendamento está confirmado: ${when(data)} (${data.services.join(', ')}).`,
    `Profissional: ${data.professionalName}`,
  ]);
}

/** The sinal was not received in time: the booking is cancelled, the time freed. */
export function renderDepositExpired(raw: DepositMailData): OutgoingMail {
  const data = inert(raw);
  return render(data.to, `Agendamento cancelado: ${data.businessName}, ${when(data)}`, [
    `Olá, ${data.clientName}!`,
    `O prazo para pagar o sinal de ${formatCurrencyFromCents(data.amountCents)} terminou sem confirmação do pagamento, e seu agendamento de ${when(data)} em ${data.businessName} foi cancelado.`,
    'Se você já pagou, fale com o profissional. Para marcar outro horário, use o link de agendamento de novo.',
  ]);
}
