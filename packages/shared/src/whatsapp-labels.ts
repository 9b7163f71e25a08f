// A message's states and kinds as the Agenda names them, without zod (the Agenda's first screen).
export const WHATSAPP_STATUSES = ['queued', 'sent', 'delivered', 'read', 'failed'] as const;
export type WhatsappStatus = (typeof WHATSAPP_STATUSES)[number];

export const WHATSAPP_STATUS_LABELS: Record<WhatsappStatus, string> = {
  queued: 'na fila',
  sent: 'enviada',
  delivered: 'entregue',
  read: 'lida',
  failed: 'falhou',
};

export const WHATSAPP_KIND_LABELS: Record<string, string> = {
  booking_confirmed: 'Confirmação',
  reminder: 'Lembrete',
  rescheduled: 'Remarcação',
  cancelled: 'Cancelamento',
  deposit_due: 'Sinal Pix',
  waitlist_offer: 'Vaga da lista de espera',
  reply: 'Resposta',
};
