// A Pix sinal's states and how the Agenda names them, without zod (the Agenda's first screen).
export const DEPOSIT_STATUSES = ['pending', 'received', 'expired', 'cancelled'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];
export const DEPOSIT_STATUS_LABELS: Record<DepositStatus, string> = {
  pending: 'pendente',
  received: 'recebido',
  expired: 'expirado',
  cancelled: 'cancelado',
};

/** "Sinal: R$ 30,00 (pendente)". */
export function depositLabel(amountText: string, status: DepositStatus): string {
  return `Sinal: ${amountText} (${DEPOSIT_STATUS_LABELS[status]})`;
}
