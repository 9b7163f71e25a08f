import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers/app';
import { createBookableProfessional, type BookableProfessional } from './helpers/booking';
import { IMAGES, multipartFile } from './helpers/images';

/** A built index.html (landing, dashboard) as Vite writes it. */
const INDEX_HTML = `<!doctype html>
<html lang="pt-BR">
  <head>
    <meta charset="UTF-8" />
    <title>Agendaki — Agendamento online para profissionais</title>
    <meta
      name="description"
      content="Agendaki é o sistema de agendamento automático para profissionais."
    />
    <script type="module" crossorigin src="/assets/main-abc123.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/**
 * A built book.html, the public booking page's own entry: its own title, a description over
 * several lines, its script and style sheet.
 */
const BOOK_HTML = `<!doctype html>
<html lang="pt-BR">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>Agende online · Agendaki</title>
    <meta
      name="description"
      content="Escolha o serviço, o dia e o horário e agende online pelo Agendaki."
    />
    <script type="module" crossorigin src="/assets/book-abc123.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-abc123.js">
    <link rel="stylesheet" crossorigin href="/assets/style-abc123.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

const EVIL_NAME = '</script><script>alert("x")</script> & $& Co';

let ctx: TestContext;
let studio: BookableProfessional;
let evil: BookableProfessional;
let distDir: string;

beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agendaki-dist-'));
  fs.mkdirSync(path.join(distDir, 'assets'));
  fs.writeFileSync(path.join(distDir, 'index.html'), INDEX_HTML);
  fs.writeFileSync(path.join(distDir, 'book.html'), BOOK_HTML);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agendaki-data-'));
  ctx = await createTestApp({ env: { WEB_DIST_DIR: distDir, DATA_DIR: dataDir } });
  studio = await createBookableProfessional(ctx, {
    businessName: 'Studio Bela Vista',
    professionalName: 'Paula Reis',
  });
  const upload = multipartFile(IMAGES.png, 'corte.png', 'image/png');
  const image = await studio.pro.request({
    method: 'POST',
    url: `/api/services/${studio.services[0]!.id}/image`,
    ...upload,
  });
  expect(image.statusCode, image.body).toBe(200);
  evil = await createBookableProfessional(ctx, { businessName: EVIL_NAME });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

function page(url: string) {
  return ctx.app.inject({ method: 'GET', url });
}

function embeddedData(html: string): unknown {
  const match = /<script id="agendaki-data" type="application\/json">([\s\S]*?)<\/script>/.exec(
    html,
  );
  return match ? JSON.parse(match[1]!) : undefined;
}

describe('shared booking links', () => {
  it('serve book.html with the business in the title, description and Open Graph tags', async () => {
    const res = await page(`/book/${studio.customLink}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const html = res.body;
    expect(html).toContain('<title>Studio Bela Vista · Agende online</title>');
    expect(html).not.toContain('Agende online · Agendaki');
    expect(html).not.toContain('Escolha o serviço, o dia e o horário');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain(
      '<meta name="description" content="Agende seu horário online com Paula Reis, de Studio Bela Vista." />',
    );
    expect(html).toContain('<meta property="og:type" content="website" />');
    expect(html).toContain(
      '<meta property="og:title" content="Studio Bela Vista · Agende online" />',
    );
    expect(html).toContain(
      `<meta property="og:url" content="${ctx.env.PUBLIC_URL}/book/${studio.customLink}" />`,
    );
    expect(html).toMatch(
      new RegExp(
        `<meta property="og:image" content="${ctx.env.PUBLIC_URL}/uploads/[0-9a-f]{32}\\.webp" />`,
      ),
    );
    // The public page's own script and style sheet stay, before the new head; not the SPA's.
    expect(html).toContain(
      '<script type="module" crossorigin src="/assets/book-abc123.js"></script>',
    );
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/style-abc123.css">');
    expect(html).not.toContain('/assets/main-abc123.js');
    expect(html).toContain('<html lang="pt-BR">');
  });

  it('embed the same data the public API answers', async () => {
    const api = await ctx.app.inject({
      method: 'GET',
      url: `/api/public/professionals/${studio.customLink}`,
    });
    const html = (await page(`/book/${studio.customLink}`)).body;
    expect(embeddedData(html)).toEqual(api.json());
    // An id resolves only as an id, in any case, on both addresses.
    for (const url of [
      `/profissional/${studio.profileId}`,
      `/profissional/${studio.profileId.toUpperCase()}`,
      `/book/${studio.profileId}`,
    ]) {
      expect(embeddedData((await page(url)).body), url).toEqual(api.json());
    }
  });

  it('escape a business name that tries to close the script or the title', async () => {
    const res = await page(`/book/${evil.customLink}`);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    // One closing tag for the data script, one for the app's module: nothing injected.
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('\\u003c/script>\\u003cscript>alert(\\"x\\")\\u003c/script> & $& Co');
    expect(html).toContain(
      '<title>&lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; $&amp; Co · Agende online</title>',
    );
    expect(embeddedData(html)).toMatchObject({ profile: { businessName: EVIL_NAME } });
  });

  it('answer an unknown professional with the plain page, as a 404', async () => {
    for (const url of ['/book/ninguem-aqui', '/profissional/ninguem-aqui']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toBe(BOOK_HTML);
      expect(embeddedData(res.body)).toBeUndefined();
    }
  });

  it('leave every other route to the plain index.html, a 404 where the app has no page', async () => {
    for (const [url, status] of [
      ['/', 200],
      ['/dashboard/appointments', 200],
      ['/book', 404],
      ['/book/a/b', 404],
    ] as const) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(status);
      expect(res.body, url).toBe(INDEX_HTML);
    }
  });
});
