import { formatIsoDate, PRODUCT_NAME } from '@agendaki/shared';
import { escapeHtml, type OutgoingMail } from '../../lib/mail-templates';

/** The code in the subject too: a phone's notification shows it without opening the mail. */
export function renderBookingCodeMail(data: {
  to: string;
  clientName: string;
  businessName: string;
  date: string;
  time: string;
  code: string;
  minutes: number;
}): OutgoingMail {
  const subject = `${data.code} é seu código para agendar em ${data.businessName}`;
  const greeting = `Olá, ${data.clientName}!`;
  const intro = `Para reservar ${formatIsoDate(data.date)} às ${data.time} em ${data.businessName}, digite este código na página do agendamento:`;
  const note = `O código vale por ${data.minutes} minutos. Se você não pediu este agendamento, ignore este e-mail: nada foi reservado.`;
  const text = [greeting, '', intro, '', data.code, '', note, '', `Equipe ${PRODUCT_NAME}`].join(
    '\n',
  );
  const html = `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f5f7;font-family:Arial,Helvetica,sans-serif;color:#111">
<div style="max-width:520px;margin:0 auto;background:#fff;border-radius:8px;padding:32px">
<p style="margin:0 0 24px;font-size:20px;font-weight:bold">${PRODUCT_NAME}</p>
<p style="margin:0 0 12px;font-size:16px">${escapeHtml(greeting)}</p>
<p style="margin:0 0 16px;font-size:16px">${escapeHtml(intro)}</p>
<p style="margin:0 0 24px;font-size:32px;font-weight:bold;letter-spacing:8px">${escapeHtml(data.code)}</p>
<p style="margin:0 0 12px;color:#555;font-size:14px">${escapeHtml(note)}</p>
<p style="margin:24px 0 0;color:#555;font-size:14px">Equipe ${PRODUCT_NAME}</p>
</div></body></html>`;
  return { to: data.to, subject, html, text };
}
