import { z } from 'zod';
import { WHATSAPP_STATUSES } from './whatsapp-labels';

/**
 * WhatsApp by the Cloud API (docs/decisions/037-whatsapp-cloud-api.md): the professional's
 * settings, each message's state and the webhook's body, with their limits.
 */
export const WHATSAPP_WEBHOOK_PATH = '/api/webhooks/whatsapp';

export const whatsappSettingsInputSchema = z.object({
  enabled: z.boolean({ error: 'Informe se o WhatsApp está ligado.' }),
  sendConfirmations: z.boolean({ error: 'Escolha se a confirmação vai pelo WhatsApp.' }),
  sendReminders: z.boolean({ error: 'Escolha se o lembrete vai pelo WhatsApp.' }),
  sendChanges: z.boolean({ error: 'Escolha se remarcações e cancelamentos vão pelo WhatsApp.' }),
  sendDeposits: z.boolean({ error: 'Escolha se o aviso do sinal Pix vai pelo WhatsApp.' }),
  sendWaitlist: z.boolean({ error: 'Escolha se as vagas da lista de espera vão pelo WhatsApp.' }),
});
export type WhatsappSettingsInput = z.infer<typeof whatsappSettingsInputSchema>;

export const whatsappSettingsSchema = whatsappSettingsInputSchema.extend({
  /** The operator set the Cloud API up (the four variables): without it, only the wa.me link. */
  available: z.boolean(),
  /** Messages counted this month (professional's zone) and the operator's cap. */
  monthCount: z.number().int(),
  monthlyCap: z.number().int(),
  /** Hours before the appointment the reminder goes (Depois do agendamento); 0: off. */
  reminderHours: z.number().int(),
});
export type WhatsappSettings = z.infer<typeof whatsappSettingsSchema>;

export const whatsappMessageSchema = z.object({
  id: z.string(),
  bookingId: z.string().nullable(),
  kind: z.string(),
  status: z.enum(WHATSAPP_STATUSES),
  /** What the client read (the template filled in). */
  text: z.string(),
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type WhatsappMessage = z.infer<typeof whatsappMessageSchema>;

export const clientWhatsappSchema = z.object({
  /** The client sent PARAR or SAIR (and not VOLTAR since). */
  optedOut: z.boolean(),
  optedOutAt: z.string().nullable(),
  /** A send failed because the number cannot receive WhatsApp. */
  unreachable: z.boolean(),
  messages: z.array(whatsappMessageSchema),
});
export type ClientWhatsapp = z.infer<typeof clientWhatsappSchema>;

/** `?ids=a,b,c`: the cards' bookings; what is not an id is skipped, at most 200 read. */
export const bookingsWhatsappQuerySchema = z.object({
  ids: z
    .string()
    .max(40 * 200, 'Agendamentos demais de uma vez.')
    .default(''),
});

export const bookingWhatsappSchema = z.object({
  bookingId: z.string(),
  kind: z.string(),
  status: z.enum(WHATSAPP_STATUSES),
  optedOut: z.boolean(),
});
export type BookingWhatsapp = z.infer<typeof bookingWhatsappSchema>;

/** Meta's message ids (wamid.…): the column holds 128 characters. */
const id = z.string().min(1).max(128);

/**
 * What the webhook reads of Meta's body (the rest is ignored). Limits keep a signed but odd
 * body from costing much; anything else is answered 200 and changes nothing.
 */
export const whatsappWebhookSchema = z.object({
  object: z.string().max(100).optional(),
  entry: z
    .array(
      z.object({
        changes: z
          .array(
            z.object({
              value: z.object({
                messages: z
                  .array(
                    z.object({
                      id,
                      from: z.string().regex(/^\d{8,15}$/),
                      type: z.string().max(40),
                      text: z.object({ body: z.string().max(4096) }).optional(),
                      button: z
                        .object({ payload: z.string().max(256), text: z.string().max(256) })
                        .optional(),
                      interactive: z
                        .object({
                          button_reply: z.object({ id: z.string().max(256) }).optional(),
                        })
                        .optional(),
                    }),
                  )
                  .max(100)
                  .optional(),
                statuses: z
                  .array(
                    z.object({
                      id,
                      status: z.string().max(20),
                      errors: z
                        .array(
                          z.object({
                            code: z
                              .number()
                              .int()
                              .min(-2_147_483_648)
                              .max(2_147_483_647)
                              .optional(),
                            title: z.string().max(500).optional(),
                          }),
                        )
                        .max(10)
                        .optional(),
                    }),
                  )
                  .max(100)
                  .optional(),
              }),
            }),
          )
          .max(100),
      }),
    )
    .max(100),
});
export type WhatsappWebhookBody = z.infer<typeof whatsappWebhookSchema>;
