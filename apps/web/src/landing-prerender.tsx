import { PLAN_NAME, PRODUCT_NAME, TRIAL_DAYS, type PublicConfig } from '@agendaki/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { LandingRoute } from './app/routes/landing';
import { getConfigQueryOptions } from './features/config/api/get-config';

/**
 * The landing page `/` as static HTML, rendered once at build time (scripts/prerender-landing.mjs
 * writes dist/landing.html with it): the same components as the app's landing route, with no
 * script at all. The price the server is configured with is not known here: the page is rendered
 * with `PRICE_PLACEHOLDER_CENTS`, whose formatted text the build turns into a marker the server
 * fills (apps/server/src/features/config/landing.ts).
 */
export const PRICE_PLACEHOLDER_CENTS = 987_654_321;

export function renderLandingMarkup(): string {
  const queryClient = new QueryClient();
  const config: PublicConfig = {
    productName: PRODUCT_NAME,
    planName: PLAN_NAME,
    planPriceCents: PRICE_PLACEHOLDER_CENTS,
    trialDays: TRIAL_DAYS,
    isDemoEnabled: true,
  };
  queryClient.setQueryData(getConfigQueryOptions().queryKey, config);
  return renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <StaticRouter location="/">
        <LandingRoute />
      </StaticRouter>
    </QueryClientProvider>,
  );
}

export { formatCurrencyFromCents, LANDING_MARKERS } from '@agendaki/shared';
