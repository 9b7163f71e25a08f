import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers/app';
import { testDatabaseKind } from './helpers/database';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({
    env: { PLAN_PRICE_CENTS: '1990' },
    // A JSON route like every feature's, to see how the body parser answers bad input.
    beforeReady: (app) => app.post('/api/test-echo', async (request) => ({ body: request.body })),
  });
});
afterAll(async () => {
  await ctx.close();
});

describe('GET /api/health', () => {
  it('tells the operator on the server itself the database kind and that it is reachable', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '::1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      database: { kind: testDatabaseKind, reachable: true },
    });
  });

  it.each([
    { label: 'another address', remoteAddress: '203.0.113.7', headers: {} },
    {
      label: 'a reverse proxy on the same machine',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.7' },
    },
    {
      label: 'a proxy using Forwarded',
      remoteAddress: '127.0.0.1',
      headers: { forwarded: 'for=x' },
    },
  ])('tells $label only that it is up', async ({ remoteAddress, headers }) => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health', remoteAddress, headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });
});

describe('GET /api/config', () => {
  it('returns the one configured plan price', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      productName: 'Agendaki',
      planName: 'Plano Mensal',
      planPriceCents: 1990,
      trialDays: 7,
    });
  });
});

describe('malformed requests answer 4xx in pt-BR, never 500', () => {
  it('unknown /api route: JSON 404', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/nao-existe' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toEqual({
      statusCode: 404,
      code: 'NOT_FOUND',
      message: 'Rota não encontrada.',
    });
  });

  it('malformed JSON: 400', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/test-echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('O corpo da requisição não é um JSON válido.');
  });

  it('wrong content type: 415', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/test-echo',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('Tipo de conteúdo não suportado. Envie os dados como JSON.');
  });

  it('oversized body: 413', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/test-echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ a: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('O corpo da requisição é grande demais.');
  });

  it.each(['/api/public/professionals/%E0%A4%A', '/book/%ZZ', '/%'])(
    'broken escape in the address %s: 400 in pt-BR',
    async (url) => {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        statusCode: 400,
        code: 'BAD_REQUEST',
        message: 'Endereço inválido.',
      });
    },
  );
});

describe('security headers', () => {
  it('sends a CSP, nosniff and frame protection on API answers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});

describe('serving the built web app', () => {
  let web: TestContext;
  let dist: string;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'agendaki-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html lang="pt-BR"><title>Agendaki</title></html>',
    );
    fs.writeFileSync(
      path.join(dist, 'book.html'),
      '<!doctype html><html lang="pt-BR"><title>Agende online · Agendaki</title></html>',
    );
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    // The build's precompressed copies (apps/web/vite.config.ts), told apart by content here.
    const big = `console.log(${'"agendaki",'.repeat(200)})`;
    fs.writeFileSync(path.join(dist, 'assets', 'big-abc123.js'), big);
    fs.writeFileSync(path.join(dist, 'assets', 'big-abc123.js.br'), zlib.brotliCompressSync(big));
    fs.writeFileSync(path.join(dist, 'assets', 'big-abc123.js.gz'), zlib.gzipSync(big));
    web = await createTestApp({ env: { WEB_DIST_DIR: dist }, database: ctx.database });
  });
  afterAll(async () => {
    await web.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('answers client routes with index.html, not cached (an unknown page with 404)', async () => {
    for (const [url, status] of [
      ['/', 200],
      ['/dashboard/services', 200],
      ['/qualquer/coisa', 404],
    ] as const) {
      const res = await web.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<title>Agendaki</title>');
      expect(res.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    }
  });

  it('answers shared booking links with book.html, the public page on its own, not cached', async () => {
    // No professional has this link: the same page, with 404 (test/attacks/unknown-pages.test.ts).
    for (const url of ['/book/studio-ana', '/profissional/studio-ana']) {
      const res = await web.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('lang="pt-BR"');
      expect(res.body).toContain('<title>Agende online · Agendaki</title>');
      expect(res.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    }
  });

  it('sends the precompressed copy the browser accepts, and the plain file otherwise', async () => {
    const url = '/assets/big-abc123.js';
    const br = await web.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toContain('"agendaki"');
    const gz = await web.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toContain('"agendaki"');
    const plain = await web.app.inject({ url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('"agendaki"');
  });

  it('serves hashed assets with a long cache', async () => {
    const res = await web.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a missing asset and unknown API paths with 404, not the page', async () => {
    expect((await web.app.inject({ method: 'GET', url: '/assets/nope.js' })).statusCode).toBe(404);
    expect((await web.app.inject({ method: 'GET', url: '/api/nope' })).statusCode).toBe(404);
  });
});

describe('validation messages a schema does not set are pt-BR too', () => {
  it('answers a JSON string where an object is expected in Portuguese', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: '"texto"',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Entrada inválida: esperava um objeto, recebeu um texto');
  });
});
