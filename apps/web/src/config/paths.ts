/**
 * Every route of the app (SPEC.md section 2). Links use `getHref`; the router uses `path`.
 * Dashboard paths are absolute so a page can link to any other without relative-path puzzles.
 */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  auth: { path: '/auth', getHref: () => '/auth' },
  book: {
    path: '/book/:customLink',
    getHref: (customLink: string) => `/book/${encodeURIComponent(customLink)}`,
  },
  profissional: {
    path: '/profissional/:identifier',
    getHref: (identifier: string) => `/profissional/${encodeURIComponent(identifier)}`,
  },
  dashboard: {
    root: { path: '/dashboard', getHref: () => '/dashboard' },
    link: { path: '/dashboard/link', getHref: () => '/dashboard/link' },
    appointments: { path: '/dashboard/appointments', getHref: () => '/dashboard/appointments' },
    services: { path: '/dashboard/services', getHref: () => '/dashboard/services' },
    availability: { path: '/dashboard/availability', getHref: () => '/dashboard/availability' },
    clients: { path: '/dashboard/clients', getHref: () => '/dashboard/clients' },
    billing: { path: '/dashboard/billing', getHref: () => '/dashboard/billing' },
    settings: { path: '/dashboard/settings', getHref: () => '/dashboard/settings' },
  },
} as const;

/** The slug of the demo professional the server seeds when demo data is on (DECISIONS.md). */
export const DEMO_LINK = 'demo';
