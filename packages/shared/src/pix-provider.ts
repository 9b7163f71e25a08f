import { z } from 'zod';

/**
 * Configurações > Pagamentos, "Confirmação automática" (docs/decisions/018-pix-provider.md): the
 * professional's own Mercado Pago credentials. Sent once by the browser; never sent back, the
 * answer only says whether they are configured.
 */
export const PIX_PROVIDERS = ['mercadopago'] as const;
export type PixProviderName = (typeof PIX_PROVIDERS)[number];

export const PIX_PROVIDER_LABELS: Record<PixProviderName, string> = {
  mercadopago: 'Mercado Pago',
};

export const PIX_ACCESS_TOKEN_MESSAGE =
  'Informe o Access Token de produção do Mercado Pago (começa com APP_USR-).';
export const PIX_WEBHOOK_SECRET_MESSAGE =
  'Informe a assinatura secreta do webhook, como o Mercado Pago a mostra em Suas integrações.';

export const pixProviderCredentialsInputSchema = z.object({
  provider: z.enum(PIX_PROVIDERS, { error: 'Escolha o provedor Pix.' }).default('mercadopago'),
  accessToken: z
    .string({ error: PIX_ACCESS_TOKEN_MESSAGE })
    .trim()
    .regex(/^(APP_USR|TEST)-[A-Za-z0-9-]{20,200}$/, PIX_ACCESS_TOKEN_MESSAGE),
  webhookSecret: z
    .string({ error: PIX_WEBHOOK_SECRET_MESSAGE })
    .trim()
    .regex(/^[A-Za-z0-9_-]{16,200}$/, PIX_WEBHOOK_SECRET_MESSAGE),
});
export type PixProviderCredentialsInput = z.input<typeof pixProviderCredentialsInputSchema>;

export const pixProviderStatusSchema = z.object({
  provider: z.enum(PIX_PROVIDERS),
  /** "configurado": credentials are stored (never the credentials themselves). */
  configured: z.boolean(),
  /** The address to paste in the PSP's webhook settings (this professional's route). */
  webhookUrl: z.string(),
  updatedAt: z.string().nullable(),
});
export type PixProviderStatus = z.infer<typeof pixProviderStatusSchema>;

/** The public webhook route of a professional, under the app's address. */
export function pixWebhookPath(provider: PixProviderName, professionalId: string): string {
  return `/api/webhooks/pix/${provider}/${professionalId}`;
}
