import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles } from '../src/db/schema';
import { createTestApp, type TestContext } from './helpers/app';
import { signUpProfessional, type SignedInProfessional } from './helpers/session';

let ctx: TestContext;
let ana: SignedInProfessional;
let bia: SignedInProfessional;

beforeAll(async () => {
  ctx = await createTestApp();
  ana = await signUpProfessional(ctx, { businessName: 'Studio Ana', professionalName: 'Ana' });
  bia = await signUpProfessional(ctx, { businessName: 'Barbearia Bia', professionalName: 'Bia' });
});
afterAll(async () => {
  await ctx.close();
});

const business = {
  professionalName: '  Ana Souza ',
  businessName: 'Studio Ana & Cia',
  phone: '(92) 98765-4321',
  bio: 'Cortes, coloração e escova.\nAtendo com hora marcada.',
  timezone: 'America/Manaus',
};

function patchProfile(who: SignedInProfessional, payload: unknown) {
  return who.request({ method: 'PATCH', url: '/api/profile', payload: payload as object });
}

async function profileOf(who: SignedInProfessional) {
  const me = await who.request({ method: 'GET', url: '/api/me' });
  return me.json().profile;
}

describe('PATCH /api/profile', () => {
  it('saves the business data and answers the profile', async () => {
    const before = await profileOf(ana);
    const res = await patchProfile(ana, business);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      ...before,
      professionalName: 'Ana Souza',
      businessName: 'Studio Ana & Cia',
      phone: '92987654321',
      bio: 'Cortes, coloração e escova.\nAtendo com hora marcada.',
      timezone: 'America/Manaus',
    });
    // The link is not derived again from the new business name, and /api/me agrees.
    expect(res.json().customLink).toBe(before.customLink);
    expect(await profileOf(ana)).toEqual(res.json());
  });

  it('clears an optional phone or bio sent empty', async () => {
    const res = await patchProfile(ana, { ...business, phone: '', bio: '   ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ phone: null, bio: null });
  });

  it('changes only the signed-in professional', async () => {
    const biaBefore = await profileOf(bia);
    await patchProfile(ana, { ...business, businessName: 'Só da Ana' });
    expect(await profileOf(bia)).toEqual(biaBefore);
  });

  it('stamps updated_at with the clock', async () => {
    ctx.clock.set('2026-11-21T15:30:00.000Z');
    try {
      await patchProfile(ana, business);
      const [row] = await ctx.database.db
        .select({ updatedAt: profiles.updatedAt })
        .from(profiles)
        .where(eq(profiles.businessName, business.businessName));
      expect(row?.updatedAt.toISOString()).toBe('2026-11-21T15:30:00.000Z');
    } finally {
      ctx.clock.set('2026-11-21T12:00:00.000Z');
    }
  });

  it.each([
    [{ professionalName: '   ' }, 'Seu nome é obrigatório'],
    [{ professionalName: 'a'.repeat(101) }, 'Nome muito longo'],
    [{ businessName: '' }, 'Nome do negócio é obrigatório'],
    [{ businessName: undefined }, 'Nome do negócio é obrigatório'],
    [{ businessName: 'b'.repeat(101) }, 'Nome do negócio muito longo'],
    [{ phone: '9'.repeat(21) }, 'Telefone muito longo'],
    [{ bio: 'c'.repeat(501) }, 'A bio deve ter no máximo 500 caracteres'],
    [{ timezone: 'America/Atlantida' }, 'Fuso horário inválido'],
    [{ timezone: '-03:00' }, 'Fuso horário inválido'],
    [{ timezone: undefined }, 'Fuso horário inválido'],
  ])('refuses %j with 400 %j and changes nothing', async (override, message) => {
    const before = await profileOf(ana);
    const res = await patchProfile(ana, { ...business, ...override });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', message });
    expect(await profileOf(ana)).toEqual(before);
  });

  it('accepts the limits exactly', async () => {
    const res = await patchProfile(ana, {
      professionalName: 'a'.repeat(100),
      businessName: 'b'.repeat(100),
      phone: '9'.repeat(20),
      bio: 'c'.repeat(500),
      timezone: 'America/Noronha',
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('ignores fields it does not edit (e-mail, link, active flag)', async () => {
    const before = await profileOf(ana);
    const res = await patchProfile(ana, {
      ...business,
      email: 'outra@exemplo.com',
      customLink: 'roubado',
      isActive: false,
      userId: 'x',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      email: before.email,
      customLink: before.customLink,
      isActive: true,
    });
  });

  it('is still allowed after the trial ended: it is the professional’s own data', async () => {
    ctx.clock.set('2026-12-21T12:00:00.000Z');
    try {
      const res = await patchProfile(bia, { ...business, businessName: 'Barbearia Bia' });
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      ctx.clock.set('2026-11-21T12:00:00.000Z');
    }
  });

  it('answers 401 without a session', async () => {
    const res = await ctx.app.inject({ method: 'PATCH', url: '/api/profile', payload: business });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'Faça login para continuar.',
    });
  });

  it('refuses a request from another origin before reading it', async () => {
    const res = await ana.request({
      method: 'PATCH',
      url: '/api/profile',
      payload: business,
      headers: { origin: 'https://malicioso.example' },
    });
    expect(res.statusCode).toBe(403);
  });
});
