import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { mainBuildChunks } from './chunk-groups.ts';
import { pwaOptions } from './pwa.config.ts';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
// The API in dev mode (`npm run dev` starts it on 3001); the built app is served by the API itself.
const devApiTarget = 'http://127.0.0.1:3001';

/** The shared booking links, which the server answers with book.html (plugins/web-app.ts). */
const SHARED_LINK_PAGE = /^\/(?:book|profissional|agendamento)\/[^/?#]+\/?(?:[?#].*)?$/;

/** `npm run dev` like production: a shared booking link opens book.html, not index.html. */
function sharedLinkPagesInDev(): Plugin {
  return {
    name: 'agendaki-shared-link-pages',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const acceptsHtml = req.headers.accept?.includes('text/html') ?? false;
        if (req.method === 'GET' && acceptsHtml && req.url && SHARED_LINK_PAGE.test(req.url)) {
          req.url = '/book.html';
        }
        next();
      });
    },
  };
}

/**
 * Every build the browser runs renders with Preact's React-compatible layer instead of react-dom:
 * the same components, a fraction of the download on a phone (decisions 019 and 041). Only the
 * landing's prerender (plain HTML, no script) and the unit tests keep React.
 */
const PREACT_FOR_REACT = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

/**
 * react-router reads `React.useOptimistic`, which preact/compat lacks, and falls back to plain
 * state when it is missing (`useOptimisticSafe`): the bundler's warning about it is expected.
 */
function quietKnownCompatGaps(
  warning: { code?: string; message: string },
  warn: (warning: { code?: string; message: string }) => void,
) {
  if (warning.code === 'IMPORT_IS_UNDEFINED' && warning.message.includes('useOptimistic')) return;
  warn(warning);
}

const COMPRESSIBLE = /\.(?:js|css|html|svg|json|txt|webmanifest)$/;

/**
 * Brotli and gzip copies of every text file next to it (`app.js.br`, `app.js.gz`), made once at
 * build time at the highest levels; the server sends the one the browser accepts
 * (`preCompressed` in apps/server/src/plugins/web-app.ts). A phone on 3G downloads a third.
 */
function precompressedCopies(): Plugin {
  let outDir = '';
  return {
    name: 'agendaki-precompressed-copies',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After every other plugin's files (the service worker, the manifest), one plugin at a time.
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        compressFolder(outDir);
      },
    },
  };
}

function compressFolder(outDir: string) {
  const files = fs.readdirSync(outDir, { recursive: true, encoding: 'utf8' });
  for (const file of files) {
    const full = path.join(outDir, file);
    if (!COMPRESSIBLE.test(file) || !fs.statSync(full).isFile()) continue;
    const content = fs.readFileSync(full);
    if (content.length < 1024) continue;
    fs.writeFileSync(`${full}.gz`, zlib.gzipSync(content, { level: 9 }));
    fs.writeFileSync(
      `${full}.br`,
      zlib.brotliCompressSync(content, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
    );
  }
}

/**
 * Two builds into one folder (scripts/build-web.mjs): the default one for index.html (landing,
 * auth, dashboard, split by route), then `--mode book` for book.html alone: sharing no chunk
 * with the dashboard, everything it needs at first comes in one file (the calendar and the
 * confirmation still load later), so a phone on a slow network waits for one download, not 13.
 * Then `--mode book --ssr src/book-ssr.tsx` builds the server's render of that page for Node
 * into dist/ssr/ (everything bundled: the server has neither Preact nor the shared TypeScript).
 */
export default defineConfig(({ mode, isSsrBuild }): UserConfig => {
  const bookOnly = mode === 'book';
  const bookServerRender = bookOnly && isSsrBuild === true;
  const input: Record<string, string> = bookOnly
    ? { book: fileURLToPath(new URL('./book.html', import.meta.url)) }
    : { main: fileURLToPath(new URL('./index.html', import.meta.url)) };
  return {
    // Explicit root so `vite build -c apps/web/vite.config.ts` from the repo root behaves the same.
    root: webRoot,
    plugins: [
      react(),
      tailwindcss(),
      sharedLinkPagesInDev(),
      // The signed-in app's manifest and service worker: the main build only (pwa.config.ts).
      ...(bookOnly || mode === 'prerender' || isSsrBuild ? [] : [VitePWA(pwaOptions)]),
      ...(bookServerRender ? [] : [precompressedCopies()]),
    ],
    resolve: {
      alias: [
        { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
        ...(mode === 'prerender' ? [] : PREACT_FOR_REACT),
      ],
    },
    build: {
      outDir: 'dist',
      // The server caches everything under /assets/ for a year: only hashed names may live there.
      assetsDir: 'assets',
      // The book build adds its files next to the main build's.
      emptyOutDir: !bookOnly,
      ...(bookServerRender
        ? { copyPublicDir: false }
        : {
            rollupOptions: {
              input,
              onwarn: quietKnownCompatGaps,
              // The book build keeps its own split (one file first); the app's: chunk-groups.ts.
              ...(bookOnly || mode === 'prerender'
                ? {}
                : { output: { codeSplitting: mainBuildChunks() } }),
            },
          }),
    },
    ...(bookServerRender ? { ssr: { noExternal: true } } : {}),
    server: {
      port: 3000,
      strictPort: true,
      proxy: {
        '/api': { target: devApiTarget, changeOrigin: false },
        '/uploads': { target: devApiTarget, changeOrigin: false },
        // The privacy notice is rendered by the server (features/privacy/page.ts).
        '/privacidade': { target: devApiTarget, changeOrigin: false },
      },
    },
    preview: { port: 3000, strictPort: true },
  };
});
