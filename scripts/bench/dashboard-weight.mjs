// The signed-in Agenda's weight (issue 48): the JS and CSS a first visit of
// /dashboard/appointments downloads, gzip-compressed (zlib level 9, as web.mjs weighs the public
// page), read from the files the server sent; what the service worker then precaches in the
// background; and a second visit in the same browser, which must download no asset at all (the
// files are hashed, cached for a year as immutable, and precached). Loaded in Debian's Chromium
// with a professional's session (signed-in.mjs). Part of `npm run bench:lighthouse`.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export const AGENDA_BUDGET_KB = 140;
const AGENDA = '/dashboard/appointments';

const gzipKb = (file) =>
  Math.round((zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length / 1024) * 10) / 10;
const sum = (values) => Math.round(values.reduce((s, v) => s + v, 0) * 10) / 10;

/** The files sw.js precaches (Workbox's manifest inlined in it), weighed from `distDir`. */
function precachedKb(distDir) {
  const sw = fs.readFileSync(path.join(distDir, 'sw.js'), 'utf8');
  const urls = [...sw.matchAll(/url:"([^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  return sum(urls.map((url) => gzipKb(path.join(distDir, url))));
}

/**
 * Every request of the page that reached the network (not the memory or disk cache, not the
 * service worker), through the DevTools protocol, which tells them apart.
 */
async function watchNetwork(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const fromNetwork = new Map();
  const cached = new Set();
  cdp.on('Network.requestServedFromCache', ({ requestId }) => cached.add(requestId));
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    const hit = response.fromDiskCache || response.fromServiceWorker || response.fromPrefetchCache;
    if (!hit) fromNetwork.set(requestId, new URL(response.url).pathname);
  });
  return () => [...fromNetwork].filter(([id]) => !cached.has(id)).map(([, url]) => url);
}

/** First and repeat visit of the Agenda with `session`'s cookies on the server at `baseUrl`. */
export async function measureAgendaWeight(baseUrl, session, distDir) {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.addCookies(
      session.cookies.map((c) => ({ ...c, url: baseUrl, httpOnly: true, sameSite: 'Lax' })),
    );
    const page = await context.newPage();
    const first = new Map();
    page.on('response', (response) => {
      const pathname = new URL(response.url()).pathname;
      const file = path.join(distDir, pathname);
      if (!/^\/assets\/.+\.(?:js|css)$/.test(pathname) || !fs.existsSync(file)) return;
      if (!first.has(pathname)) first.set(pathname, gzipKb(file));
    });
    await page.goto(`${baseUrl}${AGENDA}`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const firstVisit = [...first].map(([url, kb]) => ({ url, kb }));
    // The worker installed and took the page (clientsClaim): the repeat visit goes through it.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (navigator.serviceWorker.controller) return;
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
      );
    });
    const networkOf = await watchNetwork(page);
    await page.goto(`${baseUrl}${AGENDA}`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const repeatAssets = networkOf().filter((url) => url.startsWith('/assets/'));
    const jsKb = sum(firstVisit.filter((f) => f.url.endsWith('.js')).map((f) => f.kb));
    const cssKb = sum(firstVisit.filter((f) => f.url.endsWith('.css')).map((f) => f.kb));
    return {
      path: AGENDA,
      budgetKb: AGENDA_BUDGET_KB,
      jsKb,
      cssKb,
      totalKb: sum([jsKb, cssKb]),
      files: firstVisit.length,
      largest: [...firstVisit].sort((a, b) => b.kb - a.kb).slice(0, 8),
      firstVisit,
      precachedKb: precachedKb(distDir),
      repeatAssets,
    };
  } finally {
    await browser.close();
  }
}

export function printAgendaWeight(weight) {
  const ok = weight.totalKb <= weight.budgetKb && weight.repeatAssets.length === 0;
  console.log(
    `\n${weight.path}, primeira visita: ${weight.totalKb} KB gzip (JS ${weight.jsKb} + CSS ${weight.cssKb}, ${weight.files} arquivos; meta ≤ ${weight.budgetKb} KB) ${ok ? '✅' : '❌'}`,
  );
  for (const file of weight.largest) console.log(`  ${file.kb} KB  ${file.url}`);
  console.log(
    `  depois da pintura, o service worker guarda ${weight.precachedKb} KB gzip (o app inteiro, para abrir sem rede)`,
  );
  console.log(
    `  segunda visita: ${weight.repeatAssets.length} arquivos de /assets/ pela rede${weight.repeatAssets.length ? `: ${weight.repeatAssets.join(', ')}` : ''}`,
  );
}
