/** What `GET /api/config` returns: the server's configuration the web app may show. */
export interface PublicConfig {
  productName: string;
  planName: string;
  /** The one plan price (docs/product.md, Subscription), in cents of BRL. */
  planPriceCents: number;
  trialDays: number;
  isDemoEnabled: boolean;
}

export const PRODUCT_NAME = 'Agendaki';
export const PLAN_NAME = 'Plano Mensal';
export const TRIAL_DAYS = 7;
export const DEFAULT_TIMEZONE = 'America/Sao_Paulo';

/**
 * The prerendered landing page (apps/web dist/landing.html) leaves what the server configures to
 * the server: the formatted plan price at each `PRICE` marker, and the "Ver Demonstração" link
 * between the `DEMO_*` markers, removed when there is no demo professional.
 */
export const LANDING_MARKERS = {
  PRICE: '<!--agendaki:plan-price-->',
  DEMO_START: '<!--agendaki:demo-->',
  DEMO_END: '<!--/agendaki:demo-->',
} as const;
