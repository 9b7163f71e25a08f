// The landing page `/` prerendered at build time (run by scripts/build-web.mjs after `vite build`):
// apps/web/src/landing-prerender.tsx is built for Node, rendered once, and written into
// <distDir>/landing.html with the main build's head and style sheet and no script at all. What
// the server configures (the plan price, the demo link) is left as markers it fills
// (apps/server/src/features/config/landing.ts).
//
//   node scripts/prerender-landing.mjs [distDir]   (default: apps/web/dist)
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

const root = path.resolve(import.meta.dirname, '..');
const webRoot = path.join(root, 'apps', 'web');
const distDir = path.resolve(process.argv[2] ?? path.join(webRoot, 'dist'));
const ssrDir = path.join(webRoot, 'node_modules', '.cache', 'landing-prerender');

function fail(message) {
  console.error(`Pré-renderização da landing: ${message}`);
  process.exit(1);
}

await build({
  configFile: path.join(webRoot, 'vite.config.ts'),
  mode: 'prerender',
  logLevel: 'warn',
  // Everything bundled (the shared package is TypeScript source), for Node.
  ssr: { noExternal: true },
  build: {
    ssr: path.join(webRoot, 'src', 'landing-prerender.tsx'),
    outDir: ssrDir,
    emptyOutDir: true,
    copyPublicDir: false,
  },
});
const entry = fs.readdirSync(ssrDir).find((file) => /^landing-prerender\.m?js$/.test(file));
if (!entry) fail(`nenhum módulo gerado em ${ssrDir}`);
const prerender = await import(pathToFileURL(path.join(ssrDir, entry)).href);
const { LANDING_MARKERS: markers } = prerender;

let markup = prerender.renderLandingMarkup();
const placeholderPrice = prerender.formatCurrencyFromCents(prerender.PRICE_PLACEHOLDER_CENTS);
const priceCount = markup.split(placeholderPrice).length - 1;
if (priceCount < 2) fail(`o preço provisório aparece ${priceCount} vez(es), esperado ≥ 2`);
markup = markup.replaceAll(placeholderPrice, markers.PRICE);

const demoLinks = [...markup.matchAll(/<a\b[^>]*href="\/book\/demo"[^>]*>[\s\S]*?<\/a>/g)];
if (demoLinks.length !== 1) fail(`esperado 1 link "Ver Demonstração", há ${demoLinks.length}`);
const [demo] = demoLinks;
markup =
  markup.slice(0, demo.index) +
  markers.DEMO_START +
  demo[0] +
  markers.DEMO_END +
  markup.slice(demo.index + demo[0].length);

const indexHtml = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
const page = indexHtml
  // The app's scripts and their preloads: the landing needs none.
  .replace(/<script\b[^>]*>[\s\S]*?<\/script>\s*/gi, '')
  .replace(/<link\b[^>]*rel="modulepreload"[^>]*>\s*/gi, '')
  // The signed-in app's manifest and home-screen icon: the landing is not the app.
  .replace(/<link\b[^>]*rel="(?:manifest|apple-touch-icon)"[^>]*>\s*/gi, '')
  .replace(
    /<meta\b[^>]*name="(?:apple-mobile-web-app-[a-z-]+|mobile-web-app-capable)"[^>]*>\s*/gi,
    '',
  )
  .replace(/<!--[\s\S]*?-->\s*/g, '')
  .replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`);
if (!page.includes(markers.PRICE) || /<script\b/i.test(page)) fail('landing.html malformada');
fs.writeFileSync(path.join(distDir, 'landing.html'), page);
console.log(
  `Landing pré-renderizada: landing.html (${(page.length / 1024).toFixed(1)} KB de HTML)`,
);
