import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { LANDING_MARKERS } from '@agendaki/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers/app';

/**
 * `/` is the landing the build prerendered (dist/landing.html, scripts/prerender-landing.mjs):
 * the server fills in the price it is configured with and keeps "Ver Demonstração" only when
 * the demo exists. The e2e journey (apps/web/e2e/landing.spec.ts) checks the real build.
 */
const { PRICE, DEMO_START, DEMO_END } = LANDING_MARKERS;
const LANDING_HTML = `<!doctype html><html lang="pt-BR"><head><title>Agendaki</title>
<link rel="stylesheet" href="/assets/main-abc.css"></head><body><div id="root">
<h1>Sistema de Agendamento Automático para Profissionais</h1>
<ul><li>${PRICE}/mês</li><li>7 dias grátis</li></ul>
<a href="/auth">Cadastrar Agora - 7 Dias Grátis</a>${DEMO_START}<a href="/book/demo">Ver Demonstração</a>${DEMO_END}
<p data-testid="plan-price">${PRICE}/mês</p></div></body></html>`;

const contexts: TestContext[] = [];
afterAll(async () => {
  for (const ctx of contexts) await ctx.close();
});

async function appWith(env: Record<string, string>) {
  const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agendaki-dist-'));
  fs.writeFileSync(path.join(distDir, 'index.html'), '<div id="root"></div><script src="/a.js">');
  fs.writeFileSync(path.join(distDir, 'landing.html'), LANDING_HTML);
  const ctx = await createTestApp({ env: { WEB_DIST_DIR: distDir, ...env } });
  contexts.push(ctx);
  return ctx;
}

describe('the prerendered landing page', () => {
  it('answers / with the configured price and the demo link, compressed for the browser', async () => {
    const ctx = await appWith({ PLAN_PRICE_CENTS: '2390', DEMO_DATA: 'true' });
    const res = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(res.body).toContain('<li>R$ 23,90/mês</li>');
    expect(res.body).toContain('<p data-testid="plan-price">R$ 23,90/mês</p>');
    expect(res.body).toContain('<a href="/book/demo">Ver Demonstração</a>');
    expect(res.body).not.toContain('agendaki:');
    expect(res.body).not.toContain('<script');
    // Scriptless and the same for everyone: no opener policy, which would cost a phone a new
    // renderer process on arrival (docs/decisions/023); the rest of the protections stay.
    expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-frame-options']).toBe('DENY');

    const gzipped = await ctx.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': 'gzip, deflate' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(res.body);
    const head = await ctx.app.inject({ method: 'HEAD', url: '/' });
    expect(head.statusCode).toBe(200);
  });

  it('leaves "Ver Demonstração" out when there is no demo professional', async () => {
    const ctx = await appWith({ PLAN_PRICE_CENTS: '1500', DEMO_DATA: 'false' });
    const res = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(res.body).toContain('<li>R$ 15,00/mês</li>');
    expect(res.body).not.toContain('Ver Demonstração');
    expect(res.body).toContain('<a href="/auth">Cadastrar Agora - 7 Dias Grátis</a>');
  });

  it('never serves the unfilled file itself; other client routes still get the app', async () => {
    const ctx = await appWith({});
    const raw = await ctx.app.inject({ method: 'GET', url: '/landing.html' });
    expect(raw.body).not.toContain(PRICE);
    const auth = await ctx.app.inject({
      method: 'GET',
      url: '/auth',
      headers: { accept: 'text/html' },
    });
    expect(auth.statusCode).toBe(200);
    expect(auth.body).toContain('<div id="root"></div>');
    expect(auth.headers['cross-origin-opener-policy']).toBe('same-origin');
  });
});
