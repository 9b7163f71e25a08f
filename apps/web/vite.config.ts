import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
// The API in dev mode (`npm run dev` starts it on 3001); the built app is served by the API itself.
const devApiTarget = 'http://127.0.0.1:3001';

/** The shared booking links, which the server answers with book.html (plugins/web-app.ts). */
const SHARED_LINK_PAGE = /^\/(?:book|profissional)\/[^/?#]+\/?(?:[?#].*)?$/;

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

export default defineConfig({
  // Explicit root so `vite build -c apps/web/vite.config.ts` from the repo root behaves the same.
  root: webRoot,
  plugins: [react(), tailwindcss(), sharedLinkPagesInDev()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    // The server caches everything under /assets/ for a year: only hashed names may live there.
    assetsDir: 'assets',
    emptyOutDir: true,
    rollupOptions: {
      // Two pages: the landing, auth and dashboard (react-router), and the public booking page
      // on its own, so a client opening a shared link downloads none of the rest.
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        book: fileURLToPath(new URL('./book.html', import.meta.url)),
      },
    },
  },
  server: {
    port: 3000,
    strictPort: true,
    proxy: {
      '/api': { target: devApiTarget, changeOrigin: false },
      '/uploads': { target: devApiTarget, changeOrigin: false },
    },
  },
  preview: { port: 3000, strictPort: true },
});
