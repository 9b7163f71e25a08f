import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { trustProxySchema } from './trust-proxy';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

const booleanFromString = z
  .enum(['true', 'false', '1', '0'], { error: 'use true ou false' })
  .transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** Address the public sees; links in e-mails are built from it, never from the Host header. */
  PUBLIC_URL: z.url({ error: 'deve ser uma URL completa, ex. https://agendaki.com.br' }).optional(),
  /** PostgreSQL connection string. Unset: the embedded PGlite database in DATA_DIR. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'deve começar com postgres:// ou postgresql://')
    .optional(),
  DATA_DIR: z.string().min(1).default(path.join(repoRoot, 'data')),
  /** Built web app served by the API server. */
  WEB_DIST_DIR: z.string().min(1).default(path.join(repoRoot, 'apps/web/dist')),
  /** Signs sessions and tokens, keys sealed data. Required with PostgreSQL; PGlite: DATA_DIR/auth-secret. */
  AUTH_SECRET: z.string().min(32, 'deve ter pelo menos 32 caracteres').optional(),
  /** Plan price in cents of BRL (docs/product.md, Subscription: one price, configured once). */
  PLAN_PRICE_CENTS: z.coerce.number().int().min(100).max(1_000_000).default(1500),
  /** Creates the demo professional at /book/demo. Default: on with PGlite, off with PostgreSQL. */
  DEMO_DATA: booleanFromString.optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'deve começar com smtp:// ou smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Agendaki <nao-responda@agendaki.local>'),
  /**
   * `GET /metrics` (Prometheus) answers only `Authorization: Bearer <this>`; unset, there is no
   * such page. Generate one with `openssl rand -hex 32`.
   */
  METRICS_TOKEN: z.string().min(24, 'deve ter pelo menos 24 caracteres').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * The proxies in front of the server, so rate limits and logs see the client's address: a hop
   * count (`true` is 1) or their addresses/CIDRs (config/trust-proxy.ts, docs/decisions/026).
   */
  TRUST_PROXY: trustProxySchema.default(false),
  /**
   * A client's changes on the manage link within this many seconds are told in one notice
   * (features/manage/change-notice.ts, decision 031).
   */
  CHANGE_NOTICE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  /**
   * Journeys and tests only: a waiting-list offer is held this many seconds instead of the
   * professional's minutes (features/waitlist).
   */
  WAITLIST_HOLD_SECONDS: z.coerce.number().int().min(1).max(7200).optional(),
  /**
   * Seconds in a "day" of the automations' intervals (features/comeback): 86,400; the browser
   * journeys use a few, so a "hora de voltar" of 1 day arrives within a minute.
   */
  AUTOMATION_DAY_SECONDS: z.coerce.number().int().min(1).max(86_400).default(86_400),
  /** The journeys run at any hour of the machine: messages then skip the decent-hours rule. */
  AUTOMATION_ANY_HOUR: booleanFromString.default(false),
  /** Where service images go: `local` (DATA_DIR/uploads, served at /uploads) or `s3`. */
  STORAGE_DRIVER: z.enum(['local', 's3'], { error: 'use local ou s3' }).default('local'),
  /** S3-compatible endpoint, e.g. https://s3.sa-east-1.amazonaws.com or a MinIO/R2 address. */
  S3_ENDPOINT: z.url({ error: 'deve ser uma URL completa' }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().min(3).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Public address the bucket's objects are read from (the bucket or a CDN in front of it). */
  S3_PUBLIC_URL: z.url({ error: 'deve ser uma URL completa' }).optional(),
  /** bucket in the path (MinIO, most S3-compatibles) instead of in the host name. */
  S3_FORCE_PATH_STYLE: booleanFromString.default(true),
  /**
   * Stripe (features/billing): with these three set, payments go through Stripe Checkout, the
   * Billing Portal and signed webhooks; without them, through the local demonstration checkout.
   */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_[A-Za-z0-9_]+$/, 'deve ser uma chave secreta do Stripe (sk_… ou rk_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9_]+$/, 'deve ser o segredo de assinatura do webhook (whsec_…)')
    .optional(),
  /** The recurring BRL price whose amount equals PLAN_PRICE_CENTS. */
  STRIPE_PRICE_ID: z
    .string()
    .regex(/^price_[A-Za-z0-9_]+$/, 'deve ser o id de um preço do Stripe (price_…)')
    .optional(),
  /** Another address for Stripe's API, e.g. a local stand-in in tests (http://127.0.0.1:12111). */
  STRIPE_API_BASE: z.url({ error: 'deve ser uma URL completa' }).optional(),
  /**
   * Another address for Mercado Pago's API (features/pix-provider), e.g. a local stand-in in
   * tests. The credentials are each professional's own, kept sealed in the database.
   */
  MERCADO_PAGO_API_BASE: z.url({ error: 'deve ser uma URL completa' }).optional(),
  /**
   * WhatsApp Cloud API (features/whatsapp, docs/decisions/037): with these four set, messages
   * go from the app's number by themselves; without them, the one-tap wa.me link only.
   */
  WHATSAPP_PHONE_NUMBER_ID: z
    .string()
    .regex(/^\d{5,30}$/, 'deve ser o id numérico do número no WhatsApp Manager')
    .optional(),
  WHATSAPP_ACCESS_TOKEN: z.string().min(20, 'deve ser um token de acesso do sistema').optional(),
  WHATSAPP_APP_SECRET: z
    .string()
    .min(16, 'deve ser a chave secreta do aplicativo (Configurações > Básico)')
    .optional(),
  WHATSAPP_VERIFY_TOKEN: z
    .string()
    .min(16, 'deve ter pelo menos 16 caracteres (o mesmo informado no webhook da Meta)')
    .optional(),
  /** The WhatsApp Business Account, only for `npm run whatsapp:templates` (registers templates). */
  WHATSAPP_BUSINESS_ACCOUNT_ID: z
    .string()
    .regex(/^\d{5,30}$/, 'deve ser um id numérico')
    .optional(),
  /** Another address for the Graph API, e.g. a local stand-in in tests (http://127.0.0.1:…). */
  WHATSAPP_API_BASE: z
    .url({ error: 'deve ser uma URL completa' })
    .default('https://graph.facebook.com'),
  WHATSAPP_API_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/, 'deve ser uma versão da Graph API, ex. v21.0')
    .default('v21.0'),
  /** How long a call to the Cloud API may take before it counts as the platform down. */
  WHATSAPP_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** Messages a professional may send per calendar month (the platform charges per conversation). */
  WHATSAPP_MONTHLY_CAP: z.coerce.number().int().min(0).max(1_000_000).default(1000),
  /**
   * Web Push's VAPID pair (features/push/vapid.ts), base64url; unset, a pair derived from the
   * server secret. Both or neither.
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'deve ser a chave pública VAPID em base64url (87 caracteres)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'deve ser a chave privada VAPID em base64url (43 caracteres)')
    .optional(),
  /**
   * Push services besides the browsers' own (features/push/endpoints.ts), e.g. a local stand-in
   * in tests: origins separated by commas.
   */
  PUSH_SERVICE_ORIGINS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ error: 'deve ser uma lista de origens (http://host:porta)' })))
    .default([]),
});

const WHATSAPP_REQUIRED = [
  'WHATSAPP_PHONE_NUMBER_ID',
  'WHATSAPP_ACCESS_TOKEN',
  'WHATSAPP_APP_SECRET',
  'WHATSAPP_VERIFY_TOKEN',
] as const;

const STRIPE_REQUIRED = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_ID'] as const;

const S3_REQUIRED = [
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_PUBLIC_URL',
] as const;

export type Env = z.infer<typeof envSchema> & {
  PUBLIC_URL: string;
  DEMO_DATA: boolean;
  databaseKind: 'pglite' | 'postgres';
  /** The Cloud API's settings when all four WhatsApp variables are set; null otherwise. */
  whatsapp: WhatsappConfig | null;
};

export interface WhatsappConfig {
  phoneNumberId: string;
  accessToken: string;
  appSecret: string;
  verifyToken: string;
  businessAccountId: string | null;
  apiBase: string;
  apiVersion: string;
  monthlyCap: number;
  timeoutMs: number;
}

export class EnvError extends Error {}

export const AUTH_SECRET_REQUIRED =
  'AUTH_SECRET: obrigatório com PostgreSQL (DATABASE_URL); gere um com ' +
  '`openssl rand -base64 48` e use o mesmo em todas as instâncias';

/** Parses the environment once at start; a bad value stops the server with a readable message. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `  - ${issue.path.join('.') || '(ambiente)'}: ${issue.message}`,
    );
    throw new EnvError(`Configuração inválida:\n${lines.join('\n')}`);
  }
  const env = result.data;
  if (env.STORAGE_DRIVER === 's3') {
    const missing = S3_REQUIRED.filter((key) => !env[key]);
    if (missing.length > 0) {
      const lines = missing.map((key) => `  - ${key}: obrigatório com STORAGE_DRIVER=s3`);
      throw new EnvError(`Configuração inválida:\n${lines.join('\n')}`);
    }
  }
  const stripeSet = STRIPE_REQUIRED.filter((key) => env[key]);
  if (stripeSet.length > 0 && stripeSet.length < STRIPE_REQUIRED.length) {
    const lines = STRIPE_REQUIRED.filter((key) => !env[key]).map(
      (key) => `  - ${key}: obrigatório junto com ${stripeSet.join(', ')}`,
    );
    throw new EnvError(`Configuração inválida:\n${lines.join('\n')}`);
  }
  const whatsappSet = WHATSAPP_REQUIRED.filter((key) => env[key]);
  if (whatsappSet.length > 0 && whatsappSet.length < WHATSAPP_REQUIRED.length) {
    const lines = WHATSAPP_REQUIRED.filter((key) => !env[key]).map(
      (key) =>
        `  - ${key}: obrigatório junto com ${whatsappSet.join(', ')} (WhatsApp: todas ou nenhuma)`,
    );
    throw new EnvError(`Configuração inválida:\n${lines.join('\n')}`);
  }
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
    throw new EnvError(
      'Configuração inválida:\n  - VAPID_PUBLIC_KEY e VAPID_PRIVATE_KEY: informe as duas ou nenhuma',
    );
  }
  const databaseKind = env.DATABASE_URL ? 'postgres' : 'pglite';
  // The secret never lives in the database (decision 029); PGlite keeps a generated one in DATA_DIR.
  if (databaseKind === 'postgres' && !env.AUTH_SECRET) {
    throw new EnvError(`Configuração inválida:\n  - ${AUTH_SECRET_REQUIRED}`);
  }
  return {
    ...env,
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    DEMO_DATA: env.DEMO_DATA ?? databaseKind === 'pglite',
    databaseKind,
    whatsapp:
      whatsappSet.length === WHATSAPP_REQUIRED.length
        ? {
            phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID!,
            accessToken: env.WHATSAPP_ACCESS_TOKEN!,
            appSecret: env.WHATSAPP_APP_SECRET!,
            verifyToken: env.WHATSAPP_VERIFY_TOKEN!,
            businessAccountId: env.WHATSAPP_BUSINESS_ACCOUNT_ID ?? null,
            apiBase: env.WHATSAPP_API_BASE.replace(/\/+$/, ''),
            apiVersion: env.WHATSAPP_API_VERSION,
            monthlyCap: env.WHATSAPP_MONTHLY_CAP,
            timeoutMs: env.WHATSAPP_TIMEOUT_MS,
          }
        : null,
  };
}

/**
 * Only where the database is (DATABASE_URL, else PGlite in DATA_DIR): for the operator's
 * commands (admin:grant, backup, restore), which need no secret, port or mail settings.
 */
export function loadDatabaseEnv(
  source: NodeJS.ProcessEnv = process.env,
): Pick<Env, 'DATABASE_URL' | 'DATA_DIR' | 'STORAGE_DRIVER'> {
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = envSchema
    .pick({ DATABASE_URL: true, DATA_DIR: true, STORAGE_DRIVER: true })
    .safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `  - ${issue.path.join('.')}: ${issue.message}`,
    );
    throw new EnvError(`Configuração inválida:\n${lines.join('\n')}`);
  }
  return result.data;
}
