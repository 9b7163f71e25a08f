import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { profiles } from '../src/db/schema';
import { createTestApp, type TestContext } from './helpers/app';
import { testDatabaseKind } from './helpers/database';
import { signUpProfessional, type SignedInProfessional } from './helpers/session';

const NOW = '2026-11-21T12:00:00.000Z';
/** A week and a day after sign-up: the 7-day trial is over and nobody subscribed. */
const AFTER_TRIAL = '2026-11-29T12:00:00.000Z';
const CONFLICT = 'Link inválido ou já em uso.';

let ctx: TestContext;
let ana: SignedInProfessional;
let bia: SignedInProfessional;

beforeAll(async () => {
  ctx = await createTestApp({ now: NOW });
  ana = await signUpProfessional(ctx, { businessName: 'Studio Ana' });
  bia = await signUpProfessional(ctx, { businessName: 'Barbearia Bia' });
});
afterAll(async () => {
  await ctx.close();
});
beforeEach(() => {
  ctx.clock.set(NOW);
});

async function linkOf(who: SignedInProfessional): Promise<string> {
  const me = await who.request({ method: 'GET', url: '/api/me' });
  return me.json().profile.customLink;
}

function saveLink(who: SignedInProfessional, customLink: unknown) {
  return who.request({ method: 'PUT', url: '/api/profile/link', payload: { customLink } });
}

function checkLink(who: SignedInProfessional, link: string) {
  return who.request({
    method: 'GET',
    url: `/api/profile/link-availability?link=${encodeURIComponent(link)}`,
  });
}

describe('GET /api/profile/link-availability', () => {
  it('says a free link is available', async () => {
    const res = await checkLink(ana, 'ana-cabelos');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ link: 'ana-cabelos', available: true });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('normalizes the candidate with the shared rule first', async () => {
    const res = await checkLink(ana, 'Ana_Cabelos Top!');
    expect(res.json()).toEqual({ link: 'anacabelostop', available: true });
  });

  it('counts the professional’s own current link as available', async () => {
    const own = await linkOf(ana);
    expect((await checkLink(ana, own)).json()).toEqual({ link: own, available: true });
  });

  it('says a link held by another profile is taken', async () => {
    const biaLink = await linkOf(bia);
    expect((await checkLink(ana, biaLink.toUpperCase())).json()).toEqual({
      link: biaLink,
      available: false,
      reason: 'taken',
      message: 'Este link já está em uso. Escolha outro.',
    });
  });

  it.each([
    ['', 'invalid', 'O link deve ter pelo menos 3 caracteres'],
    ['a_b', 'invalid', 'O link deve ter pelo menos 3 caracteres'],
    ['x'.repeat(41), 'invalid', 'O link deve ter no máximo 40 caracteres'],
    ['Dashboard', 'reserved', 'Este link é reservado. Escolha outro.'],
    ['book', 'reserved', 'Este link é reservado. Escolha outro.'],
  ])('answers %j as unavailable (%s)', async (link, reason, message) => {
    const res = await checkLink(ana, link);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ available: false, reason, message });
  });

  it('reads a missing ?link= as empty, and refuses absurd lengths', async () => {
    const missing = await ana.request({ method: 'GET', url: '/api/profile/link-availability' });
    expect(missing.json()).toMatchObject({ link: '', available: false, reason: 'invalid' });
    const huge = await checkLink(ana, 'a'.repeat(500));
    expect(huge.statusCode).toBe(400);
  });

  it('answers 401 without a session', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/profile/link-availability?link=qualquer',
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('PUT /api/profile/link', () => {
  it('changes the link; the old one is free again and the new one is public', async () => {
    const old = await linkOf(ana);
    const res = await saveLink(ana, 'ana-cabelos');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ customLink: 'ana-cabelos' });
    expect(await linkOf(ana)).toBe('ana-cabelos');
    expect((await checkLink(bia, old)).json()).toMatchObject({ available: true });
    expect((await checkLink(bia, 'ana-cabelos')).json()).toMatchObject({ reason: 'taken' });
    const publicPage = await ctx.app.inject({
      method: 'GET',
      url: '/api/public/professionals/ana-cabelos',
    });
    expect(publicPage.statusCode, publicPage.body).toBe(200);
  });

  it('saves the own current link again without complaint', async () => {
    const own = await linkOf(ana);
    const res = await saveLink(ana, own);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().customLink).toBe(own);
  });

  it('refuses a link held by another account with 409, changing nothing', async () => {
    const anaBefore = await linkOf(ana);
    const biaLink = await linkOf(bia);
    const res = await saveLink(ana, biaLink);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT', message: CONFLICT });
    expect(await linkOf(ana)).toBe(anaBefore);
    expect(await linkOf(bia)).toBe(biaLink);
  });

  it.each([
    ['ab', 'O link deve ter pelo menos 3 caracteres'],
    ['a'.repeat(41), 'O link deve ter no máximo 40 caracteres'],
    ['Ana-Cabelos', 'Use apenas letras minúsculas, números e hífen'],
    ['ana_cabelos', 'Use apenas letras minúsculas, números e hífen'],
    ['salão', 'Use apenas letras minúsculas, números e hífen'],
    ['ana cabelos', 'Use apenas letras minúsculas, números e hífen'],
    ['api', 'Este link é reservado. Escolha outro.'],
    ['profissional', 'Este link é reservado. Escolha outro.'],
    ['admin', 'Este link é reservado. Escolha outro.'],
    [42, 'Link inválido'],
    [undefined, 'Link inválido'],
  ])('refuses %j with 400 %j, changing nothing', async (customLink, message) => {
    const before = await linkOf(ana);
    const res = await saveLink(ana, customLink);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', message });
    expect(await linkOf(ana)).toBe(before);
  });

  it('refuses another profile’s id as a link, in any case, and the id still reaches its owner', async () => {
    const anaId: string = (await ana.request({ method: 'GET', url: '/api/me' })).json().profile.id;
    const biaBefore = await linkOf(bia);
    for (const candidate of [anaId, anaId.toUpperCase()]) {
      const res = await saveLink(bia, candidate);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION',
        message: expect.stringMatching(
          /^(O link não pode ter o formato de um código de identificação\. Escolha outro\.|Use apenas letras minúsculas, números e hífen)$/,
        ),
      });
      const check = await checkLink(bia, candidate);
      expect(check.json()).toMatchObject({ available: false });
    }
    expect((await saveLink(bia, anaId)).json().message).toBe(
      'O link não pode ter o formato de um código de identificação. Escolha outro.',
    );
    expect(await linkOf(bia)).toBe(biaBefore);
    for (const id of [anaId, anaId.toUpperCase()]) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/public/professionals/${id}` });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().profile).toMatchObject({ id: anaId, businessName: 'Studio Ana' });
    }
  });

  it('the database refuses a UUID-shaped link written around the API', async () => {
    const anaId: string = (await ana.request({ method: 'GET', url: '/api/me' })).json().profile.id;
    const write = ctx.database.db
      .update(profiles)
      .set({ customLink: anaId })
      .where(eq(profiles.customLink, await linkOf(bia)));
    await expect(write).rejects.toMatchObject({ cause: { code: '23514' } });
  });

  it('refuses without subscription access (403) and keeps the link', async () => {
    const before = await linkOf(bia);
    ctx.clock.set(AFTER_TRIAL);
    const res = await saveLink(bia, 'bia-nova');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'SUBSCRIPTION_REQUIRED',
      message: 'Sua assinatura não está ativa. Assine para continuar.',
    });
    expect(await linkOf(bia)).toBe(before);
    // Checking stays allowed: the editor is shown disabled, not broken.
    expect((await checkLink(bia, 'bia-nova')).statusCode).toBe(200);
  });

  it('answers 401 without a session', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/profile/link',
      payload: { customLink: 'sem-sessao' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('gives a contested link to exactly one of two simultaneous saves', async () => {
    const answers = await Promise.all([saveLink(ana, 'disputado'), saveLink(bia, 'disputado')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const holders = await ctx.database.db
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.customLink, 'disputado'));
    expect(holders).toHaveLength(1);
  });

  // Two connections are needed to hold one save inside the other: PostgreSQL only.
  it.runIf(testDatabaseKind === 'postgres')(
    'turns the unique index’s 23505 into the same 409 when the pre-check was passed',
    async () => {
      const { db } = ctx.database;
      const [biaRow] = await db
        .select({ id: profiles.id })
        .from(profiles)
        .where(eq(profiles.customLink, await linkOf(bia)));
      const anaBefore = await linkOf(ana);
      let pending: ReturnType<typeof saveLink> | undefined;
      await db.transaction(async (tx) => {
        // Bia's save takes the index entry but has not committed: Ana's pre-check sees it free.
        await tx.update(profiles).set({ customLink: 'corrida' }).where(eq(profiles.id, biaRow!.id));
        pending = saveLink(ana, 'corrida');
        await expect
          .poll(async () => {
            // node-postgres answers { rows }: this test runs on PostgreSQL only.
            const result = (await db.execute(
              sql`select count(*)::int as waiting from pg_stat_activity
                  where datname = current_database() and wait_event_type = 'Lock'`,
            )) as unknown as { rows: { waiting: number }[] };
            return result.rows[0]?.waiting ?? 0;
          })
          .toBeGreaterThan(0);
      });
      const res = await pending!;
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ code: 'CONFLICT', message: CONFLICT });
      expect(await linkOf(ana)).toBe(anaBefore);
      expect(await linkOf(bia)).toBe('corrida');
    },
  );
});
