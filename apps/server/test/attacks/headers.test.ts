import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/app';
import { IMAGES, multipartFile } from '../helpers/images';
import { createAttackWorld, type AttackWorld } from './helpers/world';

/**
 * Browser-side protections on every kind of answer: pages of the built app, shared booking
 * links, static files, API answers (success and errors), and uploaded files, which must be
 * served as what their bytes are, never as what a visitor's browser might guess.
 */

let world: AttackWorld;

beforeAll(async () => {
  world = await createAttackWorld();
}, 60_000);
afterAll(async () => {
  await world.close();
});

function cspOf(res: LightMyRequestResponse): Map<string, string> {
  const header = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name, ...values] = part.split(/\s+/);
        return [name!, values.join(' ')] as const;
      }),
  );
}

function expectProtectiveHeaders(res: LightMyRequestResponse, url: string) {
  const csp = cspOf(res);
  expect(csp.get('default-src'), url).toBe("'self'");
  expect(csp.get('script-src'), url).toBe("'self'");
  expect(csp.get('object-src'), url).toBe("'none'");
  expect(csp.get('frame-ancestors'), url).toBe("'none'");
  expect(csp.get('base-uri'), url).toBe("'self'");
  expect(csp.get('form-action'), url).toBe("'self'");
  expect(res.headers['x-content-type-options'], url).toBe('nosniff');
  expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
  // One frame policy: nobody may frame any answer, in CSP 2 and in the older header alike.
  expect(res.headers['x-frame-options'], url).toBe('DENY');
  expect(res.headers['x-powered-by'], url).toBeUndefined();
  const permissions = String(res.headers['permissions-policy'] ?? '');
  for (const denied of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
    expect(permissions, url).toContain(`${denied}=()`);
  }
  // "Copiar link" writes to the clipboard from our own pages, never from a frame of another site.
  expect(permissions, url).toContain('clipboard-write=(self)');
  // No other site's window keeps a handle on ours; the landing alone goes without (it has no
  // script and no data: landing-html.test.ts, docs/decisions/023).
  if (url !== '/') expect(res.headers['cross-origin-opener-policy'], url).toBe('same-origin');
}

describe('security headers', () => {
  const pages = () => [
    '/',
    '/auth',
    '/dashboard',
    '/dashboard/appointments',
    `/book/${world.owner.customLink}`,
    `/profissional/${world.owner.profileId}`,
    '/book/ninguem-com-este-link',
    '/index.html',
    '/assets/index-abc123.js',
    '/favicon.svg',
  ];

  it('on every page, shared link and static file of the built app', async () => {
    for (const url of pages()) {
      const res = await world.ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(url.includes('ninguem') ? 404 : 200);
      expectProtectiveHeaders(res, url);
    }
  });

  it('on API answers: success, 400, 401, 404, 409 and a malformed body', async () => {
    const { app } = world.ctx;
    const answers = [
      await app.inject({ method: 'GET', url: '/api/health' }),
      await app.inject({
        method: 'GET',
        url: `/api/public/professionals/${world.owner.customLink}`,
      }),
      await app.inject({ method: 'GET', url: '/api/public/professionals/x/slots?date=ontem' }),
      await app.inject({ method: 'GET', url: '/api/me' }),
      await app.inject({ method: 'GET', url: '/api/rota-inexistente' }),
      await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        headers: { 'content-type': 'application/json' },
        payload: '{"email":',
      }),
      await world.owner.pro.request({
        method: 'DELETE',
        url: `/api/services/${world.records.serviceId}`,
      }),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 400, 401, 404, 400, 409]);
    for (const res of answers) {
      expectProtectiveHeaders(res, res.raw.req.url ?? '');
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.body).not.toMatch(/\bat \S+ \(|node_modules|\.ts:\d+/);
    }
  });

  it("on the framework's own errors, before and after routing", async () => {
    const { app } = world.ctx;
    const json = { 'content-type': 'application/json' };
    const cases: { label: string; status: number; request: InjectOptions }[] = [
      { label: 'a broken % escape', status: 400, request: { method: 'GET', url: '/api/%E0%A4%A' } },
      { label: 'a broken % escape in a page', status: 400, request: { method: 'GET', url: '/%' } },
      {
        label: 'malformed JSON',
        status: 400,
        request: { method: 'POST', url: '/api/auth/sign-in', headers: json, payload: '{"a":' },
      },
      {
        label: 'an empty JSON body',
        status: 400,
        request: { method: 'POST', url: '/api/auth/sign-in', headers: json, payload: '' },
      },
      { label: 'an unknown API route', status: 404, request: { method: 'GET', url: '/api/nada' } },
      { label: 'a POST to a page', status: 404, request: { method: 'POST', url: '/auth' } },
      {
        label: 'a body over the limit',
        status: 413,
        request: {
          method: 'POST',
          url: '/api/auth/sign-in',
          headers: json,
          payload: `"${'a'.repeat(1024 * 1024 + 10)}"`,
        },
      },
      {
        label: 'an unsupported content type',
        status: 415,
        request: {
          method: 'POST',
          url: '/api/auth/sign-in',
          headers: { 'content-type': 'application/xml' },
          payload: '<a/>',
        },
      },
      {
        label: 'a cross-origin POST',
        status: 403,
        request: {
          method: 'POST',
          url: '/api/clients',
          headers: { ...json, origin: 'https://site-malicioso.example' },
          payload: '{}',
        },
      },
    ];
    for (const { label, status, request } of cases) {
      const res = await app.inject(request);
      expect(res.statusCode, label).toBe(status);
      expectProtectiveHeaders(res, label);
      expect(res.headers['content-type'], label).toContain('application/json');
      expect(res.json().message, label).toMatch(/[a-zà-ú]/);
      expect(res.body, label).not.toMatch(/\bat \S+ \(|node_modules|\.ts:\d+/);
    }
  });

  it("on requests Node's HTTP parser refuses before Fastify sees them", async () => {
    const address = await world.ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = new URL(address);
    for (const raw of [
      'GET / HTTP/1.1\r\nHost: x\r\nCabeçalho sem dois pontos\r\n\r\n',
      'NAO-E-HTTP\r\n\r\n',
    ]) {
      const answer = await new Promise<Buffer>((resolve, reject) => {
        const socket = net.connect(Number(port), '127.0.0.1', () => socket.end(raw));
        const chunks: Buffer[] = [];
        socket.on('data', (chunk) => chunks.push(chunk));
        socket.on('close', () => resolve(Buffer.concat(chunks)));
        socket.on('error', reject);
      });
      const split = answer.indexOf('\r\n\r\n');
      const head = answer.subarray(0, split).toString('latin1');
      const body = answer.subarray(split + 4).toString('utf8');
      const [statusLine, ...lines] = head.split('\r\n');
      expect(statusLine, raw).toBe('HTTP/1.1 400 Bad Request');
      const headers = Object.fromEntries(
        lines.map((line) => {
          const at = line.indexOf(':');
          return [line.slice(0, at).toLowerCase(), line.slice(at + 1).trim()];
        }),
      );
      expectProtectiveHeaders({ headers } as unknown as LightMyRequestResponse, raw);
      expect(JSON.parse(body), raw).toEqual({
        statusCode: 400,
        code: 'BAD_REQUEST',
        message: 'Requisição inválida.',
      });
    }
  });

  it('HSTS and upgrade-insecure-requests once the public address is https', async () => {
    const https = await createTestApp({
      env: { PUBLIC_URL: 'https://agendaki.exemplo.com.br', WEB_DIST_DIR: world.dist.dir },
      database: world.ctx.database,
    });
    try {
      for (const url of ['/', '/api/health']) {
        const res = await https.app.inject({ method: 'GET', url });
        expect(res.headers['strict-transport-security'], url).toMatch(/max-age=31536000/);
        expect(cspOf(res).has('upgrade-insecure-requests'), url).toBe(true);
      }
    } finally {
      await https.close();
    }
  });
});

describe('uploaded files are served as what their bytes are', () => {
  async function upload(data: Buffer, filename: string, contentType: string) {
    const created = await world.owner.pro.request({
      method: 'POST',
      url: '/api/services',
      payload: { name: `Serviço ${filename}`, price: 10, durationMinutes: 30 },
    });
    expect(created.statusCode, created.body).toBe(201);
    return world.owner.pro.request({
      method: 'POST',
      url: `/api/services/${created.json().id}/image`,
      ...multipartFile(data, filename, contentType),
    });
  }

  it.each([
    {
      label: 'a PNG named .html and sent as text/html',
      data: IMAGES.png,
      name: 'pagina.html',
      sent: 'text/html',
    },
    { label: 'a GIF named .png', data: IMAGES.gif, name: 'foto.png', sent: 'image/png' },
    {
      // Image bytes first, then markup: a browser that sniffed could run it as HTML.
      label: 'a PNG polyglot carrying <script>',
      data: Buffer.concat([
        IMAGES.png,
        Buffer.from('<html><script>alert(document.cookie)</script>'),
      ]),
      name: 'foto.png',
      sent: 'image/png',
    },
  ])(
    '$label is stored as a WebP drawn from its pixels, served with nosniff, a sandbox CSP and a random name',
    async ({ data, name, sent }) => {
      const res = await upload(data, name, sent);
      expect(res.statusCode, res.body).toBe(200);
      const { imageUrl } = res.json();
      expect(imageUrl).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);
      const file = await world.ctx.app.inject({ method: 'GET', url: imageUrl });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      const csp = String(file.headers['content-security-policy']);
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain('sandbox');
      // The file's own CSP replaces the app's: it must keep the one frame policy.
      expect(csp).toContain("frame-ancestors 'none'");
      expect(file.headers['x-frame-options']).toBe('DENY');
      // Re-encoded (docs/decisions/020): a WebP of the pixels, and none of the bytes around them.
      const served = file.rawPayload;
      expect(served.subarray(0, 4).toString('latin1')).toBe('RIFF');
      expect(served.subarray(8, 12).toString('latin1')).toBe('WEBP');
      expect(served.includes(Buffer.from('<script'))).toBe(false);
    },
  );

  it.each([
    {
      label: 'HTML renamed .png',
      data: Buffer.from('<html><script>alert(1)</script></html>'),
      name: 'foto.png',
    },
    { label: 'an SVG with script', data: IMAGES.svg, name: 'logo.svg' },
  ])('refuses $label and stores nothing', async ({ data, name }) => {
    const uploads = path.join(world.dataDir, 'uploads');
    const before = fs.readdirSync(uploads).length;
    const res = await upload(data, name, 'image/png');
    expect(res.statusCode).toBe(400);
    expect(fs.readdirSync(uploads).length).toBe(before);
  });

  it('serves nothing outside the upload folder, whatever the name', async () => {
    // A file a traversal from the upload folder would reach, so a missing check shows.
    fs.writeFileSync(path.join(world.dataDir, 'fora.png'), IMAGES.png);
    for (const name of [
      '..%2Ffora.png',
      '%2e%2e%2ffora.png',
      '..%2F..%2Fpackage.json',
      '%2e%2e%2fagendaki.lock',
      'agendaki.lock',
      `${'a'.repeat(32)}.html`,
      `${world.records.imageUrl.slice(9, 41)}.svg`,
    ]) {
      const res = await world.ctx.app.inject({ method: 'GET', url: `/uploads/${name}` });
      expect(res.statusCode, name).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
    }
  });
});
