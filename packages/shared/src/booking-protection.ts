import { z } from 'zod';

/**
 * Caps on what anonymous visitors can hold of a professional's day
 * (docs/decisions/027-booking-hold-caps.md), in Configurações > Agendamento online, and the
 * "Agendamentos suspeitos" notice: public bookings from one address in a short time.
 */

export const MAX_UNPAID_HOLDS_LIMIT = 50;
export const MAX_UNCONFIRMED_LIMIT = 100;

export interface BookingProtection {
  /** Bookings of one day awaiting the Pix sinal. */
  maxUnpaidHoldsPerDay: number;
  /** Public bookings of one day not yet confirmed (scheduled or awaiting the sinal). */
  maxUnconfirmedPerDay: number;
}

export const DEFAULT_BOOKING_PROTECTION: BookingProtection = {
  maxUnpaidHoldsPerDay: 4,
  maxUnconfirmedPerDay: 12,
};

export const bookingProtectionSchema = z.object({
  maxUnpaidHoldsPerDay: z
    .number({ error: 'Limite de reservas aguardando sinal inválido' })
    .int('Limite de reservas aguardando sinal inválido')
    .min(1, 'O limite de reservas aguardando sinal deve ser de pelo menos 1')
    .max(
      MAX_UNPAID_HOLDS_LIMIT,
      `O limite de reservas aguardando sinal é de no máximo ${MAX_UNPAID_HOLDS_LIMIT}`,
    ),
  maxUnconfirmedPerDay: z
    .number({ error: 'Limite de agendamentos não confirmados inválido' })
    .int('Limite de agendamentos não confirmados inválido')
    .min(1, 'O limite de agendamentos não confirmados deve ser de pelo menos 1')
    .max(
      MAX_UNCONFIRMED_LIMIT,
      `O limite de agendamentos não confirmados é de no máximo ${MAX_UNCONFIRMED_LIMIT}`,
    ),
});

export const UNPAID_HOLDS_CAP_MESSAGE =
  'Este dia já tem muitas reservas aguardando pagamento do sinal. ' +
  'Escolha outro dia ou tente novamente mais tarde.';
export const UNCONFIRMED_CAP_MESSAGE =
  'Este dia já tem muitos agendamentos aguardando confirmação. ' +
  'Escolha outro dia ou fale diretamente com o profissional.';
export const REPEATED_EXPIRED_HOLDS_MESSAGE =
  'Suas reservas anteriores expiraram sem o pagamento do sinal. ' +
  'Tente novamente mais tarde ou fale diretamente com o profissional.';

/** A burst: public bookings still active, from one address, arriving close together. */
export interface BookingBurst {
  /** Opaque: the address's HMAC (never the address). */
  id: string;
  firstAt: string;
  lastAt: string;
  bookings: {
    bookingId: string;
    clientName: string;
    date: string;
    startTime: string;
    status: string;
    createdAt: string;
  }[];
}

export const BURSTS_CANCELLED_MESSAGE = 'Agendamentos cancelados.';
export const BURST_NOT_FOUND_MESSAGE = 'Nenhum agendamento suspeito encontrado.';
