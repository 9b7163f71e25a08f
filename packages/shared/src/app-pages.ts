/**
 * The web app's pages (`path` of every entry in apps/web/src/config/paths.ts, which a web test
 * holds equal to this list). The server answers them with the app and 200, any other address
 * with the same app and 404 (issue 44), so a crawler or a monitor sees a missing page as one.
 */
export const APP_PAGE_PATHS = [
  '/',
  '/privacidade',
  '/auth',
  '/auth/nova-senha',
  '/book/:customLink',
  '/profissional/:identifier',
  '/checkout/demo',
  '/admin',
  '/dashboard',
  '/dashboard/link',
  '/dashboard/appointments',
  '/dashboard/lista-de-espera',
  '/dashboard/services',
  '/dashboard/availability',
  '/dashboard/clients',
  '/dashboard/clients/:id',
  '/dashboard/messages',
  '/dashboard/forms',
  '/dashboard/caixa',
  '/dashboard/reports',
  '/dashboard/billing',
  '/dashboard/settings',
] as const;

const segmentsOf = (pathname: string) => pathname.split('/').filter(Boolean);
const PATTERNS = APP_PAGE_PATHS.map(segmentsOf);

/**
 * Whether an address is one of the app's pages, as react-router matches them: case-insensitive,
 * a trailing slash allowed, `:name` one non-empty segment.
 */
export function isAppPagePath(pathname: string): boolean {
  const segments = segmentsOf(pathname.toLowerCase());
  if (pathname.includes('//')) return false;
  return PATTERNS.some(
    (pattern) =>
      pattern.length === segments.length &&
      pattern.every((part, i) => part.startsWith(':') || part.toLowerCase() === segments[i]),
  );
}
