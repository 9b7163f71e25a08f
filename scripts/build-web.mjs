// The web app's production build (apps/web/vite.config.ts): the app (auth, dashboard), then the
// public booking page as one file next to them, then the server's render of that page for Node
// (dist/ssr/book-ssr.js, apps/web/src/book-ssr.tsx), then the landing `/` prerendered as static
// HTML (landing.html, scripts/prerender-landing.mjs). `node scripts/build-web.mjs [outDir]`.
import path from 'node:path';
import { run } from './lib.mjs';

const root = path.resolve(import.meta.dirname, '..');
const outDir = process.argv[2] ? path.resolve(process.argv[2]) : undefined;
const distDir = outDir ?? path.join(root, 'apps', 'web', 'dist');
const common = ['vite', 'build', '--logLevel', 'warn', '-c', 'apps/web/vite.config.ts'];

const builds = [
  ['--outDir', distDir],
  ['--outDir', distDir, '--mode', 'book'],
  [
    '--outDir',
    path.join(distDir, 'ssr'),
    '--emptyOutDir',
    '--mode',
    'book',
    '--ssr',
    'src/book-ssr.tsx',
  ],
];
for (const extra of builds) {
  const code = await run('npx', [...common, ...extra], { cwd: root });
  if (code !== 0) process.exit(code);
}
const prerender = ['scripts/prerender-landing.mjs', ...(outDir ? [outDir] : [])];
const code = await run('node', prerender, { cwd: root });
if (code !== 0) process.exit(code);
