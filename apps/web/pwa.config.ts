import type { VitePWAOptions } from 'vite-plugin-pwa';

/**
 * The signed-in app as an installable app (issue 48): the manifest in pt-BR and the service
 * worker Workbox generates. Only the main build (index.html: auth and dashboard) has it; the
 * book build and the prerendered landing never reference it, and the worker's scope is
 * /dashboard, so the public pages neither download nor go through it.
 */
export const pwaOptions: Partial<VitePWAOptions> = {
  strategies: 'generateSW',
  // A new version waits until she taps "Atualizar" (features/pwa/lib/service-worker.ts).
  registerType: 'prompt',
  // The dashboard registers it itself, after its first paint; the entry carries nothing.
  injectRegister: false,
  filename: 'sw.js',
  manifestFilename: 'manifest.webmanifest',
  includeManifestIcons: false,
  manifest: {
    id: '/dashboard',
    name: 'Agendaki',
    short_name: 'Agendaki',
    description: 'Sua agenda de atendimentos: novos agendamentos, confirmações e o dia de hoje.',
    lang: 'pt-BR',
    dir: 'ltr',
    start_url: '/dashboard/appointments',
    scope: '/dashboard',
    display: 'standalone',
    theme_color: '#0f766e',
    background_color: '#ffffff',
    categories: ['business', 'productivity'],
    icons: [
      ...[48, 72, 96, 128, 144, 152, 192, 256, 384, 512].map((size) => ({
        src: `/icons/icon-${size}.png`,
        sizes: `${size}x${size}`,
        type: 'image/png',
        purpose: 'any',
      })),
      ...[192, 512].map((size) => ({
        src: `/icons/maskable-${size}.png`,
        sizes: `${size}x${size}`,
        type: 'image/png',
        purpose: 'maskable',
      })),
    ],
    shortcuts: [
      {
        name: 'Novo Agendamento',
        short_name: 'Novo',
        url: '/dashboard/appointments?vista=lista&new=1',
        icons: [{ src: '/icons/shortcut-new-96.png', sizes: '96x96', type: 'image/png' }],
      },
      {
        name: 'Agenda',
        url: '/dashboard/appointments',
        icons: [{ src: '/icons/shortcut-agenda-96.png', sizes: '96x96', type: 'image/png' }],
      },
    ],
  },
  workbox: {
    // The app's own files (the book build comes later into the folder and is never listed).
    globPatterns: ['**/*.{js,css,html}', 'icons/icon-192.png', 'icons/badge-96.png', 'favicon.svg'],
    globIgnores: ['landing.html', 'book.html', 'ssr/**'],
    // Opened offline, any page of the dashboard is the app's shell.
    navigateFallback: '/index.html',
    navigateFallbackAllowlist: [/^\/dashboard(?:\/|$)/],
    importScripts: ['/push-sw.js'],
    clientsClaim: true,
    skipWaiting: false,
    cleanupOutdatedCaches: true,
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    runtimeCaching: [
      {
        // The agenda and the account read from the server, kept for when there is no network
        // (features/pwa/components/app-status.tsx). Never the session's own calls, nor
        // /api/health, which tells the app whether the server is reachable.
        urlPattern: ({ url, request }) =>
          request.method === 'GET' &&
          url.pathname.startsWith('/api/') &&
          !url.pathname.startsWith('/api/auth/') &&
          url.pathname !== '/api/health' &&
          !url.pathname.startsWith('/api/push'),
        handler: 'NetworkFirst',
        options: {
          cacheName: 'agendaki-api',
          expiration: { maxEntries: 300, maxAgeSeconds: 14 * 24 * 60 * 60 },
          cacheableResponse: { statuses: [200] },
        },
      },
    ],
  },
};
