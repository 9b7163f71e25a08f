import { PRODUCT_NAME, withoutLiveLinks } from '@agendaki/shared';
import type { MailAttachment } from '../db/schema';

/** A mail ready for the outbox: pt-BR, HTML and plain text, links built from PUBLIC_URL. */
export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments?: MailAttachment[];
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

interface ActionMail {
  to: string;
  subject: string;
  greetingName: string;
  intro: string;
  actionLabel: string;
  link: string;
  notes: string[];
}

/** One layout for every mail with a button: the same words in the HTML and the text part. */
function renderActionMail(mail: ActionMail): OutgoingMail {
  // The name is what the person typed at sign-up: no live link from it (docs/decisions/031).
  const greeting = `Olá, ${withoutLiveLinks(mail.greetingName)}!`;
  const text = [
    greeting,
    '',
    mail.intro,
    '',
    mail.link,
    '',
    ...mail.notes,
    '',
    `Equipe ${PRODUCT_NAME}`,
  ].join('\n');
  const notes = mail.notes
    .map((note) => `<p style="margin:0 0 12px;color:#555;font-size:14px">${escapeHtml(note)}</p>`)
    .join('');
  const link = escapeHtml(mail.link);
  const html = `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(mail.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f5f7;font-family:Arial,Helvetica,sans-serif;color:#111">
<div style="max-width:520px;margin:0 auto;background:#fff;border-radius:8px;padding:32px">
<p style="margin:0 0 24px;font-size:20px;font-weight:bold">${PRODUCT_NAME}</p>
<p style="margin:0 0 12px;font-size:16px">${escapeHtml(greeting)}</p>
<p style="margin:0 0 24px;font-size:16px">${escapeHtml(mail.intro)}</p>
<p style="margin:0 0 24px"><a href="${link}" style="display:inline-block;background:#111;color:#fff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:bold">${escapeHtml(mail.actionLabel)}</a></p>
<p style="margin:0 0 24px;color:#555;font-size:13px">Se o botão não funcionar, copie este endereço no navegador:<br><a href="${link}" style="color:#555;word-break:break-all">${link}</a></p>
${notes}
<p style="margin:24px 0 0;color:#555;font-size:14px">Equipe ${PRODUCT_NAME}</p>
</div></body></html>`;
  return { to: mail.to, subject: mail.subject, html, text };
}

export function renderConfirmAccountMail(input: {
  to: string;
  name: string;
  link: string;
}): OutgoingMail {
  return renderActionMail({
    to: input.to,
    subject: `Confirme sua conta no ${PRODUCT_NAME}`,
    greetingName: input.name,
    intro: `Obrigado por se cadastrar no ${PRODUCT_NAME}. Para ativar sua conta, confirme seu e-mail pelo link abaixo:`,
    actionLabel: 'Confirmar minha conta',
    link: input.link,
    notes: [
      'O link vale por 24 horas.',
      `Se você não criou uma conta no ${PRODUCT_NAME}, ignore este e-mail.`,
    ],
  });
}

export function renderResetPasswordMail(input: {
  to: string;
  name: string;
  link: string;
}): OutgoingMail {
  return renderActionMail({
    to: input.to,
    subject: `Redefinição de senha do ${PRODUCT_NAME}`,
    greetingName: input.name,
    intro: `Recebemos um pedido para redefinir a senha da sua conta no ${PRODUCT_NAME}. Para criar uma nova senha, use o link abaixo:`,
    actionLabel: 'Criar nova senha',
    link: input.link,
    notes: [
      'Este link expira em 1 hora e só pode ser usado uma vez.',
      'Se você não pediu a redefinição, ignore este e-mail: sua senha continua a mesma.',
    ],
  });
}

export function renderSignInLinkMail(input: {
  to: string;
  name: string;
  link: string;
}): OutgoingMail {
  return renderActionMail({
    to: input.to,
    subject: `Seu link de acesso ao ${PRODUCT_NAME}`,
    greetingName: input.name,
    intro: `Recebemos um pedido para entrar na sua conta do ${PRODUCT_NAME} sem a senha. Para entrar, use o link abaixo:`,
    actionLabel: 'Entrar no Agendaki',
    link: input.link,
    notes: [
      'Este link expira em 15 minutos e só pode ser usado uma vez.',
      'Se você não pediu este link, ignore este e-mail: ninguém entra sem abri-lo.',
    ],
  });
}

/**
 * After a password reset or change (issue 44): what else stopped working with the old password,
 * so the owner notices a change they did not make.
 */
export function renderPasswordChangedMail(input: {
  to: string;
  name: string;
  link: string;
  how: 'reset' | 'change';
  calendarFeed: 'rotated' | 'disabled' | 'none';
}): OutgoingMail {
  const feedNote = {
    rotated:
      'O endereço da sua agenda no calendário (Configurações > Calendário) foi trocado: o antigo parou de funcionar. Assine o novo, mostrado na tela, no Google Agenda ou no iPhone.',
    disabled:
      'O endereço da sua agenda no calendário parou de funcionar. Para voltar a ver seus agendamentos no celular, gere um novo em Configurações > Calendário.',
    none: null,
  }[input.calendarFeed];
  return renderActionMail({
    to: input.to,
    subject: `Sua senha do ${PRODUCT_NAME} foi alterada`,
    greetingName: input.name,
    intro:
      input.how === 'reset'
        ? 'A senha da sua conta foi redefinida pelo link enviado a este e-mail. Todas as sessões foram encerradas e os links de acesso ainda não usados foram cancelados.'
        : 'A senha da sua conta foi alterada em Configurações > Segurança. As sessões em outros aparelhos foram encerradas e os links de acesso ainda não usados foram cancelados.',
    actionLabel: 'Abrir Configurações',
    link: input.link,
    notes: [
      ...(feedNote ? [feedNote] : []),
      'Se não foi você, redefina sua senha agora pela tela de login ("Esqueci minha senha").',
    ],
  });
}

/** Sent once per throttle window when an account collects wrong passwords (decision 007). */
export function renderSignInAttackMail(input: {
  to: string;
  name: string;
  link: string;
}): OutgoingMail {
  return renderActionMail({
    to: input.to,
    subject: `Tentativas de acesso à sua conta no ${PRODUCT_NAME}`,
    greetingName: input.name,
    intro:
      'Recebemos várias tentativas de entrar na sua conta com a senha errada. Por segurança, novas tentativas com senha estão sendo retardadas.',
    actionLabel: 'Abrir a tela de login',
    link: input.link,
    notes: [
      'Se foi você, aguarde alguns minutos ou, na tela de login, peça um link de acesso por e-mail. Neste navegador em que você já entrou, sua senha continua funcionando.',
      'Se não foi você, sua conta continua protegida. Se sua senha for fraca ou usada em outros sites, troque-a em Configurações > Segurança.',
    ],
  });
}
