import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
// The API in dev mode (`npm run dev` starts it on 3001); the built app is served by the API itself.
const devApiTarget = 'http://127.0.0.1:3001';

export default defineConfig({
  // Explicit root so `vite build -c apps/web/vite.config.ts` from the repo root behaves the same.
  root: webRoot,
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    // The server caches everything under /assets/ for a year: only hashed names may live there.
    assetsDir: 'assets',
    emptyOutDir: true,
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
