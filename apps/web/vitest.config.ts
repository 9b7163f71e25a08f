import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

/** The web project of the root `vitest.config.ts` (projects list); also runnable alone with `-c`. */
export default defineProject({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // The theme's colours are read as text by badge-contrast.test.ts (`?raw`).
    css: { include: [/styles\/theme\.css/] },
    // Pages load on demand and compile on first use; on a busy 2-core machine that alone can
    // take seconds. A slow machine must not read as a failing test (waits stay explicit).
    testTimeout: 15_000,
  },
});
