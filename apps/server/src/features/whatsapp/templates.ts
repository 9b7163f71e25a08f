/**
 * The message templates in pt-BR, as registered at Meta by `npm run whatsapp:templates`
 * (scripts/whatsapp-templates.ts). Meta approves each one before it can be sent; changing a
 * text means registering it under a new name. `{{n}}` are the parameters, in `params` order.
 */
export const MESSAGE_KINDS = [
  'booking_confirmed',
  'reminder',
  'rescheduled',
  'cancelled',
  'deposit_due',
  'waitlist_offer',
  'comeback_return',
  'comeback_birthday',
  'comeback_review',
  'comeback_missing',
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export interface TemplateDefinition {
  kind: MessageKind;
  name: string;
  /** Meta's category: UTILITY for a booking's own news, MARKETING for the automations. */
  category: 'UTILITY' | 'MARKETING';
  body: string;
  /** Quick-reply buttons, in order; their payloads are sent with each message. */
  buttons: readonly string[];
  /** Sample values Meta's review reads. */
  example: readonly string[];
}

/** The answers a quick-reply button carries (payload `ACTION:<message id>`). */
export const BUTTON_ACTIONS = ['CONFIRMAR', 'REMARCAR', 'CANCELAR'] as const;
export type ButtonAction = (typeof BUTTON_ACTIONS)[number];
const ACTION_BUTTONS = ['Confirmar', 'Remarcar', 'Cancelar'] as const;

const STOP_LINE = 'Para não receber mais mensagens por aqui, responda PARAR.';

/**
 * The automations' messages (issue 50) are marketing: the professional's edited text is one
 * parameter (`{{2}}`, on one line: Meta refuses line breaks in parameters), and every one
 * ends with both ways to stop, the link (all marketing) and PARAR (all WhatsApp).
 */
function marketing(kind: MessageKind, name: string, intro: string, example: string) {
  return {
    kind,
    name,
    category: 'MARKETING',
    body:
      `${intro} {{1}}: {{2}} ` +
      'Para não receber mais mensagens como esta, acesse {{3}} ou responda PARAR.',
    buttons: [],
    example: ['Studio Bela', example, 'https://agendaki.com.br/descadastro/x'],
  } as const satisfies TemplateDefinition;
}

export const TEMPLATES: Record<MessageKind, TemplateDefinition> = {
  booking_confirmed: {
    kind: 'booking_confirmed',
    category: 'UTILITY',
    name: 'agendaki_agendamento_confirmado',
    body:
      'Olá, {{1}}! Seu horário em {{2}} está agendado para {{3}} às {{4}}. ' +
      'Para confirmar, remarcar ou cancelar, use os botões ou o link {{5}} . ' +
      STOP_LINE,
    buttons: ACTION_BUTTONS,
    example: ['Ana', 'Studio Bela', '23/11/2026', '09:00', 'https://agendaki.com.br/agendamento/x'],
  },
  reminder: {
    kind: 'reminder',
    category: 'UTILITY',
    name: 'agendaki_lembrete',
    body:
      'Olá, {{1}}! Lembrete: seu horário em {{2}} é {{3}}, {{4}} às {{5}}. ' +
      'Confirme, remarque ou cancele pelos botões ou pelo link {{6}} . ' +
      STOP_LINE,
    buttons: ACTION_BUTTONS,
    example: [
      'Ana',
      'Studio Bela',
      'em 24 horas',
      '23/11/2026',
      '09:00',
      'https://agendaki.com.br/agendamento/x',
    ],
  },
  rescheduled: {
    kind: 'rescheduled',
    category: 'UTILITY',
    name: 'agendaki_remarcado',
    body:
      'Olá, {{1}}! Seu horário em {{2}} foi remarcado para {{3}} às {{4}}. ' +
      'Detalhes, nova remarcação ou cancelamento: {{5}} . ' +
      STOP_LINE,
    buttons: [],
    example: ['Ana', 'Studio Bela', '24/11/2026', '16:00', 'https://agendaki.com.br/agendamento/x'],
  },
  cancelled: {
    kind: 'cancelled',
    category: 'UTILITY',
    name: 'agendaki_cancelado',
    body:
      'Olá, {{1}}. Seu horário em {{2}} de {{3}} às {{4}} foi cancelado. ' +
      'Para agendar de novo: {{5}} . ' +
      STOP_LINE,
    buttons: [],
    example: ['Ana', 'Studio Bela', '23/11/2026', '09:00', 'https://agendaki.com.br/book/studio'],
  },
  deposit_due: {
    kind: 'deposit_due',
    category: 'UTILITY',
    name: 'agendaki_sinal_pix',
    body:
      'Olá, {{1}}! Seu horário em {{2}} de {{3}} às {{4}} está reservado até o pagamento do ' +
      'sinal de {{5}} por Pix, até {{6}}. O código Pix e os detalhes estão em {{7}} . ' +
      STOP_LINE,
    buttons: [],
    example: [
      'Ana',
      'Studio Bela',
      '23/11/2026',
      '09:00',
      'R$ 45,50',
      '21/11/2026 às 12:30',
      'https://agendaki.com.br/agendamento/x',
    ],
  },
  waitlist_offer: {
    kind: 'waitlist_offer',
    category: 'UTILITY',
    name: 'agendaki_vaga_lista_espera',
    body:
      'Olá, {{1}}! Abriu uma vaga em {{2}}: {{3}} às {{4}}. Ela fica reservada para você até ' +
      '{{5}}. Para aceitar ou recusar: {{6}} . ' +
      STOP_LINE,
    buttons: [],
    example: [
      'Ana',
      'Studio Bela',
      '23/11/2026',
      '09:00',
      '21/11/2026 às 12:30',
      'https://agendaki.com.br/lista/x',
    ],
  },
  comeback_return: marketing(
    'comeback_return',
    'agendaki_hora_de_voltar',
    'Mensagem de',
    'Olá, Ana! Já faz um tempinho desde o seu último Corte. Que tal agendar o próximo? https://agendaki.com.br/book/studio',
  ),
  comeback_birthday: marketing(
    'comeback_birthday',
    'agendaki_aniversario',
    'Uma mensagem de aniversário de',
    'Feliz aniversário, Ana! Desejamos um dia maravilhoso. https://agendaki.com.br/book/studio',
  ),
  comeback_review: marketing(
    'comeback_review',
    'agendaki_avaliacao',
    'Um pedido de avaliação de',
    'Olá, Ana! Obrigada pela visita. Conte como foi o seu Corte: https://g.page/r/studio/review',
  ),
  comeback_missing: marketing(
    'comeback_missing',
    'agendaki_sentimos_sua_falta',
    'Mensagem de',
    'Olá, Ana! Sentimos sua falta por aqui. Que tal agendar um horário? https://agendaki.com.br/book/studio',
  ),
};

/** How far ahead the reminder goes, as the template's `{{3}}` reads ("em 24 horas"). */
export function leadText(hours: number): string {
  if (hours > 24 && hours % 24 === 0) return `em ${hours / 24} dias`;
  return hours === 1 ? 'em 1 hora' : `em ${hours} horas`;
}

/** The text a template's body reads with its parameters (the history shows it). */
export function fillTemplate(kind: MessageKind, params: readonly string[]): string {
  return TEMPLATES[kind].body.replace(
    /\{\{(\d+)\}\}/g,
    (_, n: string) => params[Number(n) - 1] ?? '',
  );
}
