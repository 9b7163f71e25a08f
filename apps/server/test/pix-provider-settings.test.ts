import { PIX_ACCESS_TOKEN_MESSAGE, PIX_WEBHOOK_SECRET_MESSAGE } from '@agendaki/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pixProviderCredentials, profiles } from '../src/db/schema';
import { dynamicTxid, prepareDynamicCharge } from '../src/features/pix-provider/charge';
import {
  createMercadoPagoPix,
  CREDENTIALS_REFUSED_MESSAGE,
} from '../src/features/pix-provider/mercado-pago';
import { createSecretBox, deriveSecretBoxKey } from '../src/lib/secret-box';
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
const AUTH_SECRET = 'pix-provider-test-secret-0123456789abcdefghij';
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
    env: {
      MERCADO_PAGO_API_BASE: standIn.url,
      PUBLIC_URL: 'https://agendaki.test',
      AUTH_SECRET,
    },
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

describe('the dynamic charge of a booking', () => {
  const warnings: unknown[] = [];
  const deps = () => ({
    db: ctx.database.db,
    box: createSecretBox(deriveSecretBoxKey(AUTH_SECRET)),
    provider: createMercadoPagoPix({ apiBase: standIn.url, clock: ctx.clock, timeoutMs: 1_000 }),
    publicUrl: 'https://agendaki.test',
    log: { warn: (obj: unknown) => warnings.push(obj) },
  });
  const input = (professionalId: string, idempotencyKey: string) => ({
    professionalId,
    idempotencyKey,
    amountCents: 2500,
    expiresAt: new Date(ctx.clock.now().getTime() + 60 * 60_000),
    payerEmail: 'cliente@example.com',
    description: 'Sinal: Corte',
  });

  it('is made with the credentials kept by the settings, once per booking request', async () => {
    await save(ana, { accessToken: MP_ACCESS_TOKEN, webhookSecret: MP_WEBHOOK_SECRET });
    const anaId = await profileIdOf(ana);
    const charge = await prepareDynamicCharge(deps(), input(anaId, 'key-1'));
    expect(charge).toMatchObject({ txid: dynamicTxid(anaId, 'key-1') });
    expect(charge!.txid).toMatch(/^AGP[0-9A-F]{22}$/);
    expect(standIn.requests.at(-1)).toMatchObject({
      path: '/v1/payments',
      authorization: `Bearer ${MP_ACCESS_TOKEN}`,
      body: {
        external_reference: charge!.txid,
        transaction_amount: 25,
        notification_url: `https://agendaki.test/api/webhooks/pix/mercadopago/${anaId}`,
      },
    });
    // The same request again (a retry of the booking): the same charge.
    const again = await prepareDynamicCharge(deps(), input(anaId, 'key-1'));
    expect(again).toEqual(charge);
    const other = await prepareDynamicCharge(deps(), input(anaId, 'key-2'));
    expect(other!.chargeId).not.toBe(charge!.chargeId);
  });

  it('is skipped (static code) without credentials, without an e-mail, or when the PSP fails', async () => {
    const anaId = await profileIdOf(ana);
    const calls = standIn.requests.length;
    expect(await prepareDynamicCharge(deps(), input(await profileIdOf(bia), 'k'))).toBeNull();
    expect(
      await prepareDynamicCharge(deps(), { ...input(anaId, 'k'), payerEmail: undefined }),
    ).toBeNull();
    expect(standIn.requests.length).toBe(calls);
    standIn.failNext = 2;
    expect(await prepareDynamicCharge(deps(), input(anaId, 'k3'))).toBeNull();
    expect(warnings.length).toBeGreaterThan(0);
    standIn.failNext = 0;
  });
});
