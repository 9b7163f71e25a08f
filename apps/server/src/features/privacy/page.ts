import { PRODUCT_NAME } from '@agendaki/shared';

/**
 * `/privacidade` (docs/decisions/012-lgpd.md): one static pt-BR page rendered here, with no
 * JavaScript and its styles inline (the CSP allows inline styles, not scripts), so the public
 * booking page, the landing page and the confirmation e-mail link to the lightest thing there
 * is. The text follows the LGPD (Lei 13.709/2018): who decides (controller) and who processes
 * (operator), what is kept and for how long, and how a client asks.
 */

const SECTIONS: ReadonlyArray<{ title: string; paragraphs: readonly string[] }> = [
  {
    title: 'Quem é responsável pelos seus dados',
    paragraphs: [
      `Quando você agenda um horário pelo link de um profissional, quem decide o que fazer com seus dados é esse profissional: ele é o controlador, nos termos da Lei Geral de Proteção de Dados (Lei 13.709/2018).`,
      `O ${PRODUCT_NAME} é o operador: guarda e processa os dados em nome do profissional, só para o agendamento funcionar. Não vendemos, não compartilhamos para publicidade e não usamos seus dados para outros fins.`,
    ],
  },
  {
    title: 'O que guardamos',
    paragraphs: [
      'Do cliente: nome, e-mail, telefone (se informado) e as observações escritas no agendamento.',
      'De cada agendamento: serviços, data, horário, valor e situação (agendado, confirmado, concluído, cancelado).',
      'Para enviar a confirmação: uma cópia do e-mail enviado. Para evitar abusos: contadores temporários por endereço de acesso, sem o seu nome.',
      'Do profissional: os dados da conta, do negócio, da agenda e da assinatura. Pagamentos são processados pelo provedor de pagamento; não guardamos dados de cartão.',
    ],
  },
  {
    title: 'Por quanto tempo',
    paragraphs: [
      'Os dados do cliente e os agendamentos ficam guardados enquanto a conta do profissional existir, ou até o profissional excluí-los a pedido do cliente.',
      'Cópias de e-mails enviados são apagadas após 30 dias; contadores contra abusos, ao fim de cada janela (no máximo um dia).',
      'Quando o profissional exclui a conta, tudo é apagado: clientes, agendamentos, serviços, imagens, e-mails e sessões.',
    ],
  },
  {
    title: 'Como pedir uma cópia ou a exclusão dos seus dados',
    paragraphs: [
      'Fale diretamente com o profissional com quem você agendou (pelo telefone ou e-mail que aparecem na página de agendamento e no e-mail de confirmação) e peça uma cópia dos seus dados ou a exclusão deles.',
      'O profissional gera a cópia (em JSON ou planilha) e faz a exclusão com um clique no painel. Na exclusão, seu nome passa a aparecer como "Cliente removido" e e-mail, telefone e observações são apagados; os agendamentos continuam sem dados pessoais, apenas para o faturamento do profissional ficar correto.',
      'A lei dá 15 dias para a resposta (art. 19). Se o profissional não responder, você pode procurar a Autoridade Nacional de Proteção de Dados (ANPD).',
    ],
  },
];

function escape(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

const STYLE = `
body{margin:0;background:#f8fafc;color:#0f172a;font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}
main{max-width:42rem;margin:0 auto;padding:2rem 1.25rem 3rem}
header a{color:oklch(0.511 0.096 186.4);font-weight:700;font-size:1.125rem;text-decoration:none}
h1{font-size:1.75rem;line-height:1.25;margin:1.5rem 0 .5rem}
h2{font-size:1.125rem;margin:2rem 0 .5rem}
p{margin:0 0 .75rem}
.lead{color:#475569}
footer{margin-top:2.5rem;padding-top:1rem;border-top:1px solid #e2e8f0;color:#64748b;font-size:.875rem}
a{color:oklch(0.511 0.096 186.4)}
a:focus-visible{outline:3px solid oklch(0.78 0.09 186);outline-offset:2px;border-radius:2px}
`;

export function renderPrivacyPage(): string {
  const sections = SECTIONS.map(
    (section) =>
      `<section><h2>${escape(section.title)}</h2>${section.paragraphs
        .map((paragraph) => `<p>${escape(paragraph)}</p>`)
        .join('')}</section>`,
  ).join('\n');
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Privacidade e dados pessoais - ${PRODUCT_NAME}</title>
<meta name="description" content="Como o ${PRODUCT_NAME} e os profissionais tratam os dados de quem agenda, por quanto tempo e como pedir uma cópia ou a exclusão.">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>${STYLE}</style>
</head>
<body>
<main>
<header><a href="/">${PRODUCT_NAME}</a></header>
<h1>Privacidade e dados pessoais</h1>
<p class="lead">Como tratamos os dados de quem agenda pelo ${PRODUCT_NAME}, por quanto tempo e como pedir uma cópia ou a exclusão.</p>
${sections}
<footer>Lei Geral de Proteção de Dados Pessoais (Lei 13.709/2018), arts. 18 e 19.</footer>
</main>
</body>
</html>`;
}
