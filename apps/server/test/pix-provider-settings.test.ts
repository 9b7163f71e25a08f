import { PIX_ACCESS_TOKEN_MESSAGE, PIX_WEBHOOK_SECRET_MESSAGE } from '@agendaki/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pixProviderCredentials, profiles } from '../src/db/schema';
import { CREDENTIALS_REFUSED_MESSAGE } from '../src/features/pix-provider/mercado-pago';
import { createTestApp, type TestContext } from './helpers/app';
import {
  MP_ACCESS_TOKEN,
  MP_WEBHOOK_SECRET,
  type MercadoPagoStandIn,
  startMercadoPagoStandIn,
} from './helpers/mercado-pago-stand-in';
import { signUpProfessional, type SignedInProfessional } from './helpers/session';

/**
 * Configurações > Pagamentos, "Confirmação automática" (docs/decisions/018-pix-provider.md): the
 * professional's own Mercado Pago credentials, checked at the PSP (the stand-in), sealed at rest,
 * never answered back, one professional's invisible to another.
 */

const URL = '/api/settings/payments/psp';
let ctx: TestContext;
let standIn: MercadoPagoStandIn;
let ana: SignedInProfessional;
let bia: SignedInProfessional;

async function profileIdOf(pro: SignedInProfessional): Promise<string> {
  const [row] = await ctx.database.db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.email, pro.email));
  return row!.id;
}

beforeAll(async () => {
  standIn = await startMercadoPagoStandIn();
  ctx = await createTestApp({
    env: { MERCADO_PAGO_API_BASE: standIn.url, PUBLIC_URL: 'https://agendaki.test' },
  });
  ana = await signUpProfessional(ctx);
  bia = await signUpProfessional(ctx);
});
afterAll(async () => {
  await ctx.close();
  await standIn.close();
});

const save = (pro: SignedInProfessional, payload: Record<string, unknown>) =>
  pro.request({ method: 'PUT', url: URL, payload });

describe('PSP credentials', () => {
  it('needs a session', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
    const put = await ctx.app.inject({
      method: 'PUT',
      url: URL,
      payload: { accessToken: MP_ACCESS_TOKEN, webhookSecret: MP_WEBHOOK_SECRET },
    });
    expect([401, 403]).toContain(put.statusCode);
  });

  it('starts unconfigured, with the webhook address to paste at Mercado Pago', async () => {
    const res = await ana.request({ method: 'GET', url: URL });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      provider: 'mercadopago',
      configured: false,
      webhookUrl: `https://agendaki.test/api/webhooks/pix/mercadopago/${await profileIdOf(ana)}`,
      updatedAt: null,
    });
  });

  it('refuses malformed values in pt-BR, without calling the PSP', async () => {
    const calls = standIn.requests.length;
    const badToken = await save(ana, {
      accessToken: 'sk_live_123',
      webhookSecret: MP_WEBHOOK_SECRET,
    });
    expect(badToken.statusCode).toBe(400);
    expect(badToken.body).toContain(PIX_ACCESS_TOKEN_MESSAGE);
    const badSecret = await save(ana, { accessToken: MP_ACCESS_TOKEN, webhookSecret: 'curta' });
    expect(badSecret.statusCode).toBe(400);
    expect(badSecret.body).toContain(PIX_WEBHOOK_SECRET_MESSAGE);
    expect(standIn.requests.length).toBe(calls);
  });

  it('refuses credentials the PSP refuses, in pt-BR, and keeps nothing', async () => {
    const res = await save(ana, {
      accessToken: 'APP_USR-0000000000000000-000000-refused-by-the-stand-in',
      webhookSecret: MP_WEBHOOK_SECRET,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(CREDENTIALS_REFUSED_MESSAGE);
    expect((await ana.request({ method: 'GET', url: URL })).json().configured).toBe(false);
  });

  it('keeps accepted credentials sealed and never sends them back', async () => {
    const res = await save(ana, {
      accessToken: ` ${MP_ACCESS_TOKEN} `,
      webhookSecret: MP_WEBHOOK_SECRET,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ provider: 'mercadopago', configured: true });
    expect(res.body).not.toContain(MP_ACCESS_TOKEN);
    expect(res.body).not.toContain(MP_WEBHOOK_SECRET);
    expect(standIn.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: '/users/me',
      authorization: `Bearer ${MP_ACCESS_TOKEN}`,
    });

    const [row] = await ctx.database.db
      .select()
      .from(pixProviderCredentials)
      .where(eq(pixProviderCredentials.professionalId, await profileIdOf(ana)));
    expect(row!.accessTokenSealed).toMatch(/^v1\./);
    expect(row!.accessTokenSealed).not.toContain('APP_USR');
    expect(row!.webhookSecretSealed).toMatch(/^v1\./);
    expect(row!.webhookSecretSealed).not.toContain(MP_WEBHOOK_SECRET);

    const again = await ana.request({ method: 'GET', url: URL });
    expect(again.json().configured).toBe(true);
    expect(again.body).not.toContain(MP_ACCESS_TOKEN);
  });

  it("shows one professional's credentials to no one else", async () => {
    const res = await bia.request({ method: 'GET', url: URL });
    expect(res.json()).toMatchObject({ configured: false });
    expect(res.json().webhookUrl).toContain(await profileIdOf(bia));
    // Bia removing hers leaves Ana's in place.
    await bia.request({ method: 'DELETE', url: URL });
    expect((await ana.request({ method: 'GET', url: URL })).json().configured).toBe(true);
  });

  it('removes them: back to the static code and "Sinal recebido"', async () => {
    const res = await ana.request({ method: 'DELETE', url: URL });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ configured: false, updatedAt: null });
    const rows = await ctx.database.db
      .select()
      .from(pixProviderCredentials)
      .where(eq(pixProviderCredentials.professionalId, await profileIdOf(ana)));
    expect(rows).toEqual([]);
  });
});
