import { PRODUCT_NAME } from '@agendaki/shared';
import { escapeHtml } from '../../lib/mail-templates';

/**
 * The unsubscribe page (no script, styles inline, like /privacidade): the link only shows the
 * choice; a button press (POST) records it, so a mail scanner opening links changes nothing.
 */
const STYLE = `
body{margin:0;background:#f8fafc;color:#0f172a;font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}
main{max-width:32rem;margin:0 auto;padding:2.5rem 1.25rem}
h1{font-size:1.5rem;line-height:1.3;margin:0 0 .75rem}
p{margin:0 0 1rem;color:#334155}
button{font:inherit;font-weight:600;border:0;border-radius:.5rem;padding:.75rem 1.25rem;background:oklch(0.511 0.096 186.4);color:#fff;cursor:pointer}
button.secondary{background:#e2e8f0;color:#0f172a}
button:focus-visible{outline:3px solid oklch(0.78 0.09 186);outline-offset:2px}
footer{margin-top:2rem;color:#64748b;font-size:.875rem}
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} - ${PRODUCT_NAME}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>${STYLE}</style>
</head>
<body><main>${body}<footer>${PRODUCT_NAME}</footer></main></body>
</html>`;
}

export function renderUnsubscribePage(input: {
  businessName: string;
  isOptedOut: boolean;
  action: string;
  justChanged: boolean;
}): string {
  const business = escapeHtml(input.businessName);
  if (input.isOptedOut) {
    return layout(
      'Mensagens desativadas',
      `<h1>${input.justChanged ? 'Pronto, você foi descadastrada.' : 'Você não recebe mensagens.'}</h1>
<p>Você não receberá mais mensagens de ${business} (lembretes de retorno, avaliações e novidades). Confirmações e lembretes dos horários que você agendar continuam chegando.</p>
<form method="post" action="${escapeHtml(input.action)}"><input type="hidden" name="allowed" value="1"><button class="secondary" type="submit">Quero voltar a receber</button></form>`,
    );
  }
  return layout(
    'Descadastrar',
    `<h1>${input.justChanged ? 'Você voltará a receber mensagens.' : 'Não quer mais receber mensagens?'}</h1>
<p>${input.justChanged ? `As mensagens de ${business} voltarão a chegar por e-mail.` : `Ao confirmar, ${business} não enviará mais mensagens de retorno, aniversário, avaliação ou novidades para você.`}</p>
<form method="post" action="${escapeHtml(input.action)}"><input type="hidden" name="allowed" value="0"><button type="submit">Não quero mais receber mensagens</button></form>`,
  );
}

export function renderUnknownLinkPage(): string {
  return layout(
    'Link inválido',
    '<h1>Link inválido</h1><p>Este link de descadastro não existe. Confira se ele foi copiado inteiro do e-mail.</p>',
  );
}
