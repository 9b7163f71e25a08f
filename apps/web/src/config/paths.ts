/**
 * Every route of the app (docs/product.md section 2). Links use `getHref`; the router uses `path`.
 * Dashboard paths are absolute so a page can link to any other without relative-path puzzles.
 */

/** The views of /auth, kept in `?view=` so a link can open sign-up or the reset form directly. */
export type AuthView = 'login' | 'cadastro' | 'recuperar-senha';

/** The tabs of Configurações, kept in `?tab=` ("Perfil" in the avatar menu opens `profile`). */
export type SettingsTab =
  | 'profile'
  | 'business'
  | 'link'
  | 'booking'
  | 'whatsapp'
  | 'calendar'
  | 'payments'
  | 'app'
  | 'security'
  | 'privacy';

function withQuery(path: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

export const paths = {
  home: { path: '/', getHref: () => '/' },
  /** The privacy notice, a page of the server (docs/decisions/012-lgpd.md): a plain link. */
  privacy: { path: '/privacidade', getHref: () => '/privacidade' },
  auth: {
    path: '/auth',
    /** The login view is the default and has no `view` parameter. */
    getHref: (view?: AuthView) => withQuery('/auth', { view: view === 'login' ? undefined : view }),
  },
  /** The "Nova senha" form the reset e-mail links to (the server builds that link). */
  newPassword: {
    path: '/auth/nova-senha',
    getHref: (token?: string) => withQuery('/auth/nova-senha', { token }),
  },
  book: {
    path: '/book/:customLink',
    getHref: (customLink: string) => `/book/${encodeURIComponent(customLink)}`,
  },
  profissional: {
    path: '/profissional/:identifier',
    getHref: (identifier: string) => `/profissional/${encodeURIComponent(identifier)}`,
  },
  /** The local demonstration checkout (features/billing), opened in a new tab. */
  checkoutDemo: {
    path: '/checkout/demo',
    getHref: (session?: string) => withQuery('/checkout/demo', { session }),
  },
  /** The operator console (features/admin): only accounts given the role by command. */
  admin: { path: '/admin', getHref: () => '/admin' },
  dashboard: {
    root: { path: '/dashboard', getHref: () => '/dashboard' },
    link: { path: '/dashboard/link', getHref: () => '/dashboard/link' },
    appointments: {
      path: '/dashboard/appointments',
      /** `isNew` opens the create form at once (the home's "Novo Agendamento"). */
      getHref: (isNew = false) =>
        isNew ? '/dashboard/appointments?vista=lista&new=1' : '/dashboard/appointments',
    },
    waitlist: { path: '/dashboard/lista-de-espera', getHref: () => '/dashboard/lista-de-espera' },
    services: { path: '/dashboard/services', getHref: () => '/dashboard/services' },
    availability: { path: '/dashboard/availability', getHref: () => '/dashboard/availability' },
    clients: { path: '/dashboard/clients', getHref: () => '/dashboard/clients' },
    /** A client's page: her story, her marketing choice (issue 50). */
    client: {
      path: '/dashboard/clients/:id',
      getHref: (id: string) => `/dashboard/clients/${encodeURIComponent(id)}`,
    },
    /** Mensagens: the automations and the missing clients (issue 50). */
    messages: { path: '/dashboard/messages', getHref: () => '/dashboard/messages' },
    /** Fichas de anamnese (issue 50). */
    forms: { path: '/dashboard/forms', getHref: () => '/dashboard/forms' },
    reports: { path: '/dashboard/reports', getHref: () => '/dashboard/reports' },
    /** Caixa do dia (docs/decisions/038-money-received.md). */
    cash: { path: '/dashboard/caixa', getHref: () => '/dashboard/caixa' },
    billing: { path: '/dashboard/billing', getHref: () => '/dashboard/billing' },
    settings: {
      path: '/dashboard/settings',
      getHref: (tab?: SettingsTab) => withQuery('/dashboard/settings', { tab }),
    },
  },
} as const;

/** The slug of the demo professional the server seeds when demo data is on (docs/product.md, Ver Demonstração). */
export const DEMO_LINK = 'demo';
