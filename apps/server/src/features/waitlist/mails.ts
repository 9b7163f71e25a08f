import { formatIsoDate, PRODUCT_NAME, withoutLiveLinks } from '@agendaki/shared';
import { escapeHtml, type OutgoingMail } from '../../lib/mail-templates';

/** The waiting list's mails to the client: joined, and a time offered (docs/product.md). */

interface ClientMail {
  to: string;
  subject: string;
  clientName: string;
  paragraphs: string[];
  actionLabel: string;
  link: string;
}

function render(mail: ClientMail): OutgoingMail {
  // Names are what people typed: no live link from them (docs/decisions/031).
  const greeting = `Olá, ${withoutLiveLinks(mail.clientName)}!`;
  const text = [greeting, '', ...mail.paragraphs, '', mail.link, '', `Equipe ${PRODUCT_NAME}`].join(
    '\n',
  );
  const link = escapeHtml(mail.link);
  const paragraphs = mail.paragraphs
    .map((p) => `<p style="margin:0 0 16px;font-size:16px">${escapeHtml(p)}</p>`)
    .join('');
  const html = `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(mail.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f5f7;font-family:Arial,Helvetica,sans-serif;color:#111">
<div style="max-width:520px;margin:0 auto;background:#fff;border-radius:8px;padding:32px">
<p style="margin:0 0 16px;font-size:16px">${escapeHtml(greeting)}</p>
${paragraphs}
<p style="margin:0 0 24px"><a href="${link}" style="display:inline-block;background:#111;color:#fff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:bold">${escapeHtml(mail.actionLabel)}</a></p>
<p style="margin:0;color:#555;font-size:13px">Se o botão não funcionar, copie este endereço no navegador:<br><a href="${link}" style="color:#555;word-break:break-all">${link}</a></p>
</div></body></html>`;
  return { to: mail.to, subject: mail.subject, html, text };
}

export function renderJoinedMail(input: {
  to: string;
  clientName: string;
  businessName: string;
  dates: readonly string[];
  link: string;
}): OutgoingMail {
  const business = withoutLiveLinks(input.businessName);
  return render({
    to: input.to,
    subject: `Você está na lista de espera de ${business}`,
    clientName: input.clientName,
    paragraphs: [
      `Você entrou na lista de espera de ${business} para ${input.dates.map(formatIsoDate).join(', ')}.`,
      'Se um horário que sirva para você vagar, avisamos por aqui e o guardamos só para você por um tempo.',
      'Pelo link abaixo você vê sua posição ou sai da lista.',
    ],
    actionLabel: 'Ver minha lista de espera',
    link: input.link,
  });
}

export function offerText(input: {
  businessName: string;
  date: string;
  time: string;
  holdUntil: string;
}): string {
  return (
    `Vagou um horário em ${withoutLiveLinks(input.businessName)}: ${formatIsoDate(input.date)} às ${input.time}. ` +
    `Ele está reservado só para você até ${input.holdUntil}.`
  );
}

export function renderOfferMail(input: {
  to: string;
  clientName: string;
  businessName: string;
  date: string;
  time: string;
  holdUntil: string;
  link: string;
}): OutgoingMail {
  return render({
    to: input.to,
    subject: `Vagou um horário: ${formatIsoDate(input.date)} às ${input.time}`,
    clientName: input.clientName,
    paragraphs: [
      offerText(input),
      'Confirme pelo link abaixo. Se não quiser, recuse para que ele vá para a próxima pessoa da fila.',
    ],
    actionLabel: 'Ver o horário',
    link: input.link,
  });
}
