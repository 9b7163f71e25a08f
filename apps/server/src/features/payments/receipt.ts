// The recibo (docs/decisions/038-money-received.md): the same text by WhatsApp link or e-mail.
import {
  type Closing,
  formatCurrencyFromCents,
  formatIsoDate,
  PAYMENT_METHOD_LABELS,
  PRODUCT_NAME,
  RECEIPT_NO_EMAIL_MESSAGE,
  withoutLiveLinks,
} from '@agendaki/shared';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/params';
import { escapeHtml, type OutgoingMail } from '../../lib/mail-templates';
import { brazilianMobile, NO_MOBILE_REASON, whatsappUrl } from '../../lib/phone';
import { getAppointment } from '../appointments/service';
import { enqueueMails } from '../mail/service';
import { findPublicProfileById } from '../profile/service';
import { notFound, toClosings } from './closing';
import type { PaymentsDeps, Pro } from './deps';
import * as repo from './repo';

async function loadReceipt(deps: PaymentsDeps, pro: Pro, closingId: string) {
  const { db } = deps;
  const row = isUuid(closingId) ? await repo.findClosing(db, pro.profileId, closingId) : undefined;
  if (!row || row.status !== 'closed') throw notFound();
  const [closing] = await toClosings(db, pro.profileId, [row]);
  const appointment = await getAppointment({ db }, pro.profileId, row.appointmentId);
  const profile = await findPublicProfileById({ db }, pro.profileId);
  return { closing: closing!, appointment, businessName: profile?.businessName ?? '' };
}

/** The lines of the recibo; what people typed goes through `withoutLiveLinks`. */
export function receiptLines(
  closing: Closing,
  data: { businessName: string; clientName: string; date: string; startTime: string },
): string[] {
  const money = formatCurrencyFromCents;
  const lines = [
    `Recibo - ${withoutLiveLinks(data.businessName)}`,
    `Cliente: ${withoutLiveLinks(data.clientName)}`,
    `Atendimento: ${formatIsoDate(data.date)} às ${data.startTime}`,
    '',
    ...closing.items.map(
      (item) => `${withoutLiveLinks(item.serviceName)}: ${money(item.priceCents)}`,
    ),
  ];
  if (closing.discountCents > 0) {
    const percent = closing.discountPercent ? ` (${closing.discountPercent}%)` : '';
    lines.push(`Desconto${percent}: -${money(closing.discountCents)}`);
  }
  if (closing.tipCents > 0) lines.push(`Gorjeta: ${money(closing.tipCents)}`);
  lines.push(`Total: ${money(closing.totalCents)}`, '');
  for (const payment of closing.payments) {
    lines.push(`${PAYMENT_METHOD_LABELS[payment.method]}: ${money(payment.amountCents)}`);
  }
  lines.push(`Pago: ${money(closing.paidCents)}`);
  if (closing.owedCents > 0) lines.push(`Em aberto: ${money(closing.owedCents)}`);
  return lines;
}

export async function getReceiptLink(deps: PaymentsDeps, pro: Pro, closingId: string) {
  const { closing, appointment, businessName } = await loadReceipt(deps, pro, closingId);
  const text = receiptLines(closing, {
    businessName,
    clientName: appointment.client.name,
    date: appointment.appointmentDate,
    startTime: appointment.startTime,
  }).join('\n');
  const mobile = brazilianMobile(appointment.client.phone);
  return mobile
    ? { whatsappUrl: whatsappUrl(mobile, text), reason: null, text }
    : { whatsappUrl: null, reason: NO_MOBILE_REASON, text };
}

/** Queues the recibo to the client's e-mail (the mail queue delivers it, exactly once). */
export async function mailReceipt(
  deps: PaymentsDeps,
  pro: Pro,
  closingId: string,
): Promise<{ to: string }> {
  const { closing, appointment, businessName } = await loadReceipt(deps, pro, closingId);
  const to = appointment.client.email;
  if (!to) throw new AppError('BAD_REQUEST', RECEIPT_NO_EMAIL_MESSAGE);
  const lines = receiptLines(closing, {
    businessName,
    clientName: appointment.client.name,
    date: appointment.appointmentDate,
    startTime: appointment.startTime,
  });
  const subject = `Recibo: ${withoutLiveLinks(businessName)}, ${formatIsoDate(appointment.appointmentDate)}`;
  const body = lines
    .map((line) =>
      line === '' ? '' : `<p style="margin:0 0 8px;font-size:15px">${escapeHtml(line)}</p>`,
    )
    .join('\n');
  const mail: OutgoingMail = {
    to,
    subject,
    text: [...lines, '', `Equipe ${PRODUCT_NAME}`].join('\n'),
    html: `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f5f7;font-family:Arial,Helvetica,sans-serif;color:#111">
<div style="max-width:520px;margin:0 auto;background:#fff;border-radius:8px;padding:32px">
${body}
<p style="margin:24px 0 0;color:#555;font-size:14px">Equipe ${PRODUCT_NAME}</p>
</div></body></html>`,
  };
  await deps.db.transaction((tx) =>
    enqueueMails({ db: tx }, [mail], deps.clock.now(), {
      professionalId: pro.profileId,
      clientId: appointment.clientId,
    }),
  );
  return { to };
}
