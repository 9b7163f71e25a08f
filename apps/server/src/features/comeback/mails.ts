import {
  type AutomationKind,
  type AutomationValues,
  fillAutomationText,
  withoutLiveLinks,
} from '@agendaki/shared';
import { escapeHtml, type OutgoingMail } from '../../lib/mail-templates';

const SUBJECTS: Record<AutomationKind, (business: string) => string> = {
  return: (business) => `${business}: hora de voltar?`,
  birthday: (business) => `${business}: feliz aniversário!`,
  review: (business) => `${business}: como foi o seu atendimento?`,
  missing: (business) => `${business}: sentimos sua falta`,
};

/**
 * A message to a client in the professional's words: what she typed is made inert
 * (`withoutLiveLinks`), only the message's own link is live; the stop link ends every message.
 */
export function renderClientMessage(input: {
  to: string;
  kind: AutomationKind;
  businessName: string;
  template: string;
  values: AutomationValues;
  unsubscribeUrl: string;
}): OutgoingMail {
  const business = withoutLiveLinks(input.businessName);
  const stop = `Não quer mais receber mensagens de ${business}? Descadastre-se: ${input.unsubscribeUrl}`;
  const text = `${fillAutomationText(input.template, input.values, withoutLiveLinks)}\n\n--\n${stop}\n`;
  const body = fillAutomationText(
    input.template,
    input.values,
    (typed) => escapeHtml(withoutLiveLinks(typed)).replace(/\n/g, '<br>'),
    (link) => `<a href="${escapeHtml(link)}" style="color:#0f766e">${escapeHtml(link)}</a>`,
  );
  const stopUrl = escapeHtml(input.unsubscribeUrl);
  const html = `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(SUBJECTS[input.kind](business))}</title></head>
<body style="margin:0;padding:24px;background:#f5f5f7;font-family:Arial,Helvetica,sans-serif;color:#111">
<div style="max-width:520px;margin:0 auto;background:#fff;border-radius:8px;padding:32px">
<p style="margin:0 0 24px;font-size:20px;font-weight:bold">${escapeHtml(business)}</p>
<p style="margin:0 0 24px;font-size:16px;line-height:1.5">${body}</p>
<p style="margin:24px 0 0;color:#555;font-size:13px">Não quer mais receber mensagens de ${escapeHtml(business)}? <a href="${stopUrl}" style="color:#555">Descadastre-se</a>.</p>
</div></body></html>`;
  return { to: input.to, subject: SUBJECTS[input.kind](business), html, text };
}
