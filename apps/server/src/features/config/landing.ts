import { formatCurrencyFromCents, LANDING_MARKERS } from '@agendaki/shared';
import type { Env } from '../../config/env';

/**
 * The prerendered landing page (apps/web dist/landing.html, scripts/prerender-landing.mjs) with
 * what this server is configured with: the plan price (`PLAN_PRICE_CENTS`), and the "Ver
 * Demonstração" link only when the demo professional exists (`DEMO_DATA`), as `GET /api/config`
 * tells the app.
 */
export function renderLandingPage(
  pageHtml: string,
  env: Pick<Env, 'PLAN_PRICE_CENTS' | 'DEMO_DATA'>,
): string {
  const { PRICE, DEMO_START, DEMO_END } = LANDING_MARKERS;
  let html = pageHtml.replaceAll(PRICE, formatCurrencyFromCents(env.PLAN_PRICE_CENTS));
  const start = html.indexOf(DEMO_START);
  const end = html.indexOf(DEMO_END);
  if (start !== -1 && end > start) {
    const demo = env.DEMO_DATA ? html.slice(start + DEMO_START.length, end) : '';
    html = html.slice(0, start) + demo + html.slice(end + DEMO_END.length);
  }
  return html;
}
