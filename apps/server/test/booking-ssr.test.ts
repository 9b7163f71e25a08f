import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers/app';
import { createBookableProfessional, type BookableProfessional } from './helpers/booking';

/*
 * The server's render of the public booking page (plugins/web-app.ts): a build's
 * dist/ssr/book-ssr.js draws the first step into book.html's root. The real module (Preact,
 * built by scripts/build-web.mjs) is proven in the browser journeys (booking.spec.ts, with
 * JavaScript off); here a small module of the same shape shows what the server does with it.
 */

const BOOK_HTML = `<!doctype html>
<html lang="pt-BR">
  <head>
    <title>Agende online · Agendaki</title>
    <script type="module" crossorigin src="/assets/book-abc123.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
const INDEX_HTML = BOOK_HTML.replace('book-abc123', 'main-abc123');

const BROKEN_RENDER = 'Render Quebrado';

/** Counts its calls in globalThis, so the test sees what the server's cache spares. */
const RENDERER = `
export function renderBookingMarkup(pathname, data) {
  globalThis.__bookingRenders = (globalThis.__bookingRenders ?? 0) + 1;
  const name = data.profile.businessName;
  if (name === ${JSON.stringify(BROKEN_RENDER)}) throw new Error('render failed');
  const text = (value) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const services = data.services.map((service) => '<li>' + text(service.name) + '</li>').join('');
  return {
    markup: '<main data-path="' + text(pathname) + '"><h1>' + text(name) + '</h1><ul>' + services + '</ul></main>',
    classNames: { 'p-2 p-4': 'p-4', ['x ' + name]: name },
  };
}
`;

let ctx: TestContext;
let studio: BookableProfessional;
let broken: BookableProfessional;
let distDir: string;

function renders(): number {
  return (globalThis as { __bookingRenders?: number }).__bookingRenders ?? 0;
}

beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agendaki-dist-'));
  fs.mkdirSync(path.join(distDir, 'assets'));
  fs.mkdirSync(path.join(distDir, 'ssr'));
  fs.writeFileSync(path.join(distDir, 'index.html'), INDEX_HTML);
  fs.writeFileSync(path.join(distDir, 'book.html'), BOOK_HTML);
  fs.writeFileSync(path.join(distDir, 'ssr', 'book-ssr.js'), RENDERER);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agendaki-data-'));
  ctx = await createTestApp({ env: { WEB_DIST_DIR: distDir, DATA_DIR: dataDir } });
  studio = await createBookableProfessional(ctx, { businessName: 'Studio <Bela> & Vista' });
  broken = await createBookableProfessional(ctx, { businessName: BROKEN_RENDER });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

function page(url: string, encoding?: string) {
  return ctx.app.inject({
    method: 'GET',
    url,
    headers: encoding ? { 'accept-encoding': encoding } : {},
  });
}

function rootOf(html: string): string {
  return /<div id="root">([\s\S]*?)<\/div>\s*<\/body>/.exec(html)?.[1] ?? '';
}

describe('the public booking page drawn by the server', () => {
  it('has the business and its services in the HTML, before any script runs', async () => {
    const res = await page(`/book/${studio.customLink}`);
    expect(res.statusCode).toBe(200);
    const root = rootOf(res.body);
    expect(root).toContain(`<main data-path="/book/${studio.customLink}">`);
    expect(root).toContain('<h1>Studio &lt;Bela> &amp; Vista</h1>');
    for (const service of studio.services) expect(root).toContain(`<li>${service.name}</li>`);
    // The data the script hydrates with is still embedded, and the script still loads.
    expect(res.body).toContain('<script id="agendaki-data" type="application/json">');
    expect(res.body).toContain('src="/assets/book-abc123.js"');
    // With the class names the render merged, as JSON no "<" of the data can end early.
    const classNames =
      /<script id="agendaki-class-names" type="application\/json">(.*?)<\/script>/.exec(res.body);
    expect(classNames?.[1]).toContain('\\u003cBela>');
    expect(JSON.parse(classNames![1]!)).toEqual({
      'p-2 p-4': 'p-4',
      'x Studio <Bela> & Vista': 'Studio <Bela> & Vista',
    });
    // By id too: the address it was drawn for is the one the browser shows.
    const byId = await page(`/profissional/${studio.profileId}`);
    expect(rootOf(byId.body)).toContain(`<main data-path="/profissional/${studio.profileId}">`);
  });

  it('sends it compressed as the browser accepts, the same page in each form', async () => {
    const url = `/book/${studio.customLink}`;
    const plain = await page(url);
    const brotli = await page(url, 'gzip, deflate, br');
    const gzip = await page(url, 'gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    for (const res of [plain, brotli, gzip]) {
      expect(res.headers.vary).toContain('Accept-Encoding');
      expect(res.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    }
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length);
  });

  it('draws a page once, and again as soon as the professional changes it', async () => {
    const url = `/book/${studio.customLink}`;
    await page(url);
    const before = renders();
    for (let i = 0; i < 5; i += 1) await page(url, 'br');
    expect(renders()).toBe(before);

    const renamed = await studio.pro.request({
      method: 'PATCH',
      url: '/api/profile',
      payload: {
        professionalName: 'Paula Reis',
        businessName: 'Studio Novo Nome',
        phone: '(11) 98765-4321',
        bio: '',
        timezone: 'America/Sao_Paulo',
      },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const res = await page(url);
    expect(rootOf(res.body)).toContain('<h1>Studio Novo Nome</h1>');
    expect(res.body).not.toContain('Studio &lt;Bela>');
    expect(renders()).toBe(before + 1);
  });

  it('still serves the page, drawn by its script, when the render fails', async () => {
    const res = await page(`/book/${broken.customLink}`);
    expect(res.statusCode).toBe(200);
    expect(rootOf(res.body)).toBe('');
    expect(res.body).not.toContain('agendaki-class-names');
    expect(res.body).toContain(`<title>${BROKEN_RENDER} · Agende online</title>`);
    expect(res.body).toContain('<script id="agendaki-data" type="application/json">');
  });

  it('draws nothing for an unknown professional or a manage link', async () => {
    for (const url of ['/book/ninguem-aqui', '/agendamento/abc123']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toBe(BOOK_HTML);
    }
  });

  it('never serves the render module itself', async () => {
    const res = await page('/ssr/book-ssr.js');
    expect(res.body).not.toContain('renderBookingMarkup');
    expect(res.body).toBe(INDEX_HTML);
  });
});
