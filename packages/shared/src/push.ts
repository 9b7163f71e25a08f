import { z } from 'zod';

/**
 * Configurações > Notificações (issue 48): what a device is told by Web Push. Each device keeps
 * its own choice; a kind added later is on until turned off, since a device stores what it
 * turned off.
 */
export const PUSH_KINDS = [
  'booking_created',
  'booking_cancelled',
  'booking_rescheduled',
  'booking_confirmed',
  'deposit_received',
  'deposit_expired',
  'waitlist_offer_accepted',
] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/** The switch's text in Configurações and the notification's title. */
export const PUSH_KIND_LABELS: Record<PushKind, string> = {
  booking_created: 'Novo agendamento',
  booking_cancelled: 'Agendamento cancelado',
  booking_rescheduled: 'Agendamento remarcado',
  booking_confirmed: 'Cliente confirmou presença',
  deposit_received: 'Sinal Pix recebido',
  deposit_expired: 'Sinal Pix expirado',
  waitlist_offer_accepted: 'Vaga da lista de espera aceita',
};

/** base64url without padding, as `PushSubscription.toJSON()` gives the keys. */
const base64Url = (min: number, max: number) =>
  z
    .string({ error: 'Chave da inscrição inválida' })
    .min(min, 'Chave da inscrição inválida')
    .max(max, 'Chave da inscrição inválida')
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'Chave da inscrição inválida');

export const PUSH_DEVICE_LABEL_MAX = 60;
export const PUSH_ENDPOINT_MAX = 1000;
/** Devices one professional may have subscribed at once. */
export const PUSH_DEVICES_MAX = 20;

/** PUT /api/push/devices: this browser's subscription (`PushSubscription.toJSON()`). */
export const pushDeviceInputSchema = z.object({
  endpoint: z
    .string({ error: 'Endereço de notificação inválido' })
    .max(PUSH_ENDPOINT_MAX, 'Endereço de notificação inválido')
    .regex(/^https?:\/\/[^\s]+$/, 'Endereço de notificação inválido'),
  keys: z.object({
    // An uncompressed P-256 point (65 bytes) and a 16-byte secret, in base64url.
    p256dh: base64Url(80, 100),
    auth: base64Url(16, 32),
  }),
  label: z
    .string()
    .trim()
    .min(1, 'Informe o nome do aparelho')
    .max(PUSH_DEVICE_LABEL_MAX, `No máximo ${PUSH_DEVICE_LABEL_MAX} caracteres`),
});
export type PushDeviceInput = z.infer<typeof pushDeviceInputSchema>;

/** PATCH /api/push/devices/:id: the kinds this device does not want. */
export const pushPreferencesSchema = z.object({
  disabledKinds: z
    .array(z.enum(PUSH_KINDS, { error: 'Tipo de notificação inválido' }))
    .max(PUSH_KINDS.length)
    .transform((kinds) => [...new Set(kinds)]),
});
export type PushPreferences = z.infer<typeof pushPreferencesSchema>;

export const pushDeviceSchema = z.object({
  id: z.string(),
  label: z.string(),
  disabledKinds: z.array(z.enum(PUSH_KINDS)),
  createdAt: z.string(),
});
export type PushDevice = z.infer<typeof pushDeviceSchema>;

/** GET /api/push: the server's VAPID public key (base64url) and the devices subscribed. */
export const pushStatusSchema = z.object({
  publicKey: z.string(),
  devices: z.array(pushDeviceSchema),
});
export type PushStatus = z.infer<typeof pushStatusSchema>;

/** What the service worker receives in a push message and shows. */
export interface PushMessage {
  title: string;
  body: string;
  /** Opened when the notification is tapped (the appointment in the Agenda). */
  url: string;
  /** One notification per booking on the screen: a later one replaces it. */
  tag: string;
}

/** The Agenda opened on one appointment (the notification's link). */
export const APPOINTMENT_PARAM = 'agendamento';
export const appointmentHref = (appointmentId: string) =>
  `/dashboard/appointments?vista=lista&${APPOINTMENT_PARAM}=${encodeURIComponent(appointmentId)}`;
