import { withoutLiveLinks } from '@agendaki/shared';
import { escapeHtml, type OutgoingMail } from '../../lib/mail-templates';

/**
 * A client's free-text answer on WhatsApp, to the professional: their name and the message,
 * made inert (what people type never becomes a live link, decision 031).
 */
export function renderAnswerNotice(
  to: string,
  input: { clientName: string; phone: string; message: string; agendaLink: string },
): OutgoingMail {
  const name = withoutLiveLinks(input.clientName);
  const message = withoutLiveLinks(input.message);
  const subject = `Mensagem de ${name} pelo WhatsApp`;
  const text = [
    `${name} (${input.phone}) respondeu pelo WhatsApp:`,
    '',
    message,
    '',
    `Responda pelo seu WhatsApp: https://wa.me/${input.phone.replace(/\D/g, '')}`,
    `Agenda: ${input.agendaLink}`,
  ].join('\n');
  const html = `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f5f7;font-family:Arial,Helvetica,sans-serif;color:#111">
<div style="max-width:520px;margin:0 auto;background:#fff;border-radius:8px;padding:32px">
<p style="margin:0 0 12px;font-size:16px">${escapeHtml(name)} (${escapeHtml(input.phone)}) respondeu pelo WhatsApp:</p>
<blockquote style="margin:0 0 24px;padding:12px 16px;background:#f5f5f7;border-radius:6px;white-space:pre-wrap">${escapeHtml(message)}</blockquote>
<p style="margin:0 0 12px"><a href="https://wa.me/${escapeHtml(input.phone.replace(/\D/g, ''))}">Responder pelo WhatsApp</a></p>
<p style="margin:0"><a href="${escapeHtml(input.agendaLink)}">Abrir a agenda</a></p>
</div></body></html>`;
  return { to, subject, html, text };
}
