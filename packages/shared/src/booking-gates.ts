import { z } from 'zod';

/**
 * The public booking's two gates (docs/decisions/028-booking-gates.md): a proof of work the page
 * solves while the visitor fills the form, and, when the professional turns it on, a 6-digit
 * code e-mailed to the client before anything is held.
 */

/** The solved challenge as the page sends it: base64 of `{ challenge, solution }` (ALTCHA's). */
export const POW_PAYLOAD_MAX = 2000;
export const POW_REQUIRED_MESSAGE =
  'Verificação de segurança ausente. Recarregue a página e tente novamente.';
export const POW_INVALID_MESSAGE =
  'A verificação de segurança falhou ou expirou. Tente confirmar novamente.';
export const POW_USED_MESSAGE =
  'Esta verificação de segurança já foi usada. Tente confirmar novamente.';

export const EMAIL_CODE_LENGTH = 6;
export const EMAIL_CODE_SENT_MESSAGE = 'Enviamos um código para seu e-mail';
export const EMAIL_CODE_REQUIRED_EMAIL_MESSAGE =
  'Informe seu e-mail: enviaremos um código para confirmar o agendamento.';
export const EMAIL_CODE_INVALID_MESSAGE = 'Código incorreto. Confira o e-mail e tente novamente.';
export const EMAIL_CODE_FORMAT_MESSAGE = `Digite os ${EMAIL_CODE_LENGTH} números do código.`;
export const EMAIL_CODE_EXPIRED_MESSAGE =
  'Este código expirou ou não vale mais. Confirme o agendamento de novo para receber outro.';
export const EMAIL_CODE_ATTEMPTS_MESSAGE =
  'Muitas tentativas com este código. Confirme o agendamento de novo para receber outro.';

/** `GET /api/public/booking-challenge`: ALTCHA's challenge (parameters and signature). */
export const powChallengeSchema = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  }),
  signature: z.string(),
});
export type PowChallenge = z.infer<typeof powChallengeSchema>;

/** 202 from `POST /api/public/bookings` when the professional asks for the e-mailed code. */
export const bookingCodeSentSchema = z.object({
  status: z.literal('code_sent'),
  verificationId: z.string(),
  /** The address the code went to, partly hidden: "ma***@exemplo.com.br". */
  email: z.string(),
  expiresAt: z.string(),
});
export type BookingCodeSent = z.infer<typeof bookingCodeSentSchema>;

/** `POST /api/public/bookings/confirm-code`. */
export const bookingCodeConfirmSchema = z.object(
  {
    professionalId: z.string({ error: 'Link inválido' }).uuid('Link inválido'),
    verificationId: z
      .string({ error: EMAIL_CODE_EXPIRED_MESSAGE })
      .uuid(EMAIL_CODE_EXPIRED_MESSAGE),
    code: z
      .string({ error: EMAIL_CODE_FORMAT_MESSAGE })
      .trim()
      .regex(new RegExp(`^[0-9]{${EMAIL_CODE_LENGTH}}$`), EMAIL_CODE_FORMAT_MESSAGE),
  },
  { error: 'Dados inválidos.' },
);
export type BookingCodeConfirm = z.input<typeof bookingCodeConfirmSchema>;
