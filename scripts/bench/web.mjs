// The public booking page's weight: the JS and CSS a visitor's browser downloads for
// /book/<link>, gzip-compressed (zlib, level 9, as a static gzip would serve them), read two
// ways: statically from the HTML the server sends for the page (entry, preloads, CSS), and for
// real by loading the page in Debian's Chromium (every script and stylesheet requested, lazy
// chunks included), with the browser's paint timings. Lighthouse scores: lighthouse.mjs.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export const DIST = path.resolve(import.meta.dirname, '../../apps/web/dist');
const CHROMIUM = '/usr/bin/chromium';

const gzipSize = (buffer) => zlib.gzipSync(buffer, { level: 9 }).length;
const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;

/**
 * What a page's HTML makes the browser fetch before any code runs: its scripts, module
 * preloads and stylesheets, weighed from `distDir`.
 */
export function staticWeight(html, distDir = DIST) {
  const urls = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  const files = [...new Set(urls)].map((url) => {
    const data = fs.readFileSync(path.join(distDir, url));
    const kind = url.endsWith('.css') ? 'css' : 'js';
    return { url, kind, bytes: data.length, gzip: gzipSize(data) };
  });
  const total = (kind) => kb(files.filter((f) => f.kind === kind).reduce((s, f) => s + f.gzip, 0));
  return { files, jsGzipKb: total('js'), cssGzipKb: total('css') };
}

/**
 * Loads the page in Chromium and weighs every script and stylesheet it requested, by the file
 * the server sent from `distDir`.
 */
export async function measurePage(url, distDir = DIST) {
  if (!fs.existsSync(CHROMIUM)) return { skipped: `Chromium não encontrado em ${CHROMIUM}` };
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const resources = [];
    // Every script and stylesheet the page fetched, modulepreloads included (which Chromium
    // does not always type as scripts): by the file under /assets/ the server sent.
    page.on('response', (response) => {
      const pathname = new URL(response.url()).pathname;
      const kind = pathname.endsWith('.js') ? 'js' : pathname.endsWith('.css') ? 'css' : undefined;
      const file = path.join(distDir, pathname);
      if (!kind || !pathname.startsWith('/assets/') || !fs.existsSync(file)) return;
      if (resources.some((r) => r.url === pathname)) return;
      const body = fs.readFileSync(file);
      resources.push({ url: pathname, kind, bytes: body.length, gzip: gzipSize(body) });
    });
    const started = Date.now();
    await page.goto(url, { waitUntil: 'networkidle' });
    const wallMs = Date.now() - started;
    const timings = await page.evaluate(
      () =>
        new Promise((resolve) => {
          const nav = performance.getEntriesByType('navigation')[0];
          const fcp = performance.getEntriesByName('first-contentful-paint')[0];
          let lcp = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) lcp = Math.max(lcp, entry.startTime);
          }).observe({ type: 'largest-contentful-paint', buffered: true });
          setTimeout(
            () =>
              resolve({
                domContentLoadedMs: Math.round(nav?.domContentLoadedEventEnd ?? 0),
                loadMs: Math.round(nav?.loadEventEnd ?? 0),
                fcpMs: Math.round(fcp?.startTime ?? 0),
                lcpMs: Math.round(lcp),
              }),
            300,
          );
        }),
    );
    const total = (kind) =>
      kb(resources.filter((r) => r.kind === kind).reduce((s, r) => s + r.gzip, 0));
    return {
      resources,
      jsGzipKb: total('js'),
      cssGzipKb: total('css'),
      jsFiles: resources.filter((r) => r.kind === 'js').length,
      wallMs,
      ...timings,
    };
  } finally {
    await browser.close();
  }
}
