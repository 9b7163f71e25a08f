import { eq, notInArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, mailOutbox, profiles, subscriptions, user, verification } from '../src/db/schema';
import { createTestApp, type TestContext } from './helpers/app';
import { PASSWORD, latestMailTo, linkIn, post, signUpBody, uniqueEmail } from './helpers/auth';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const signUp = (overrides: Record<string, unknown> = {}) =>
  post(ctx, '/api/auth/sign-up', signUpBody(overrides));

describe('POST /api/auth/sign-up: validation (docs/product.md section 5)', () => {
  it.each([
    ['invalid e-mail', { email: 'ana-sem-arroba' }, 'Email inválido'],
    [
      'short password',
      { password: '1234567', confirmPassword: '1234567' },
      'A senha deve ter pelo menos 8 caracteres',
    ],
    [
      'password over 100',
      { password: 'a'.repeat(101), confirmPassword: 'a'.repeat(101) },
      'A senha deve ter no máximo 100 caracteres',
    ],
    ['different confirmation', { confirmPassword: 'outra-coisa-1' }, 'As senhas não coincidem'],
    ['missing business name', { businessName: '' }, 'Nome do negócio é obrigatório'],
    ['blank business name', { businessName: '   ' }, 'Nome do negócio é obrigatório'],
    ['business name over 100', { businessName: 'x'.repeat(101) }, 'Nome do negócio muito longo'],
    ['missing own name', { professionalName: undefined }, 'Seu nome é obrigatório'],
    ['e-mail over 255', { email: `${'a'.repeat(250)}@x.com` }, 'Email muito longo'],
  ])('%s: 400 with the first message', async (_name, overrides, message) => {
    const res = await signUp(overrides);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION', message });
  });
});

describe('POST /api/auth/sign-up: what it creates', () => {
  it('creates user, profile, 7-day trial and a queued confirmation mail', async () => {
    const body = signUpBody({ email: `  ${uniqueEmail('Maria').toUpperCase()} ` });
    const email = body.email.trim().toLowerCase();
    const res = await post(ctx, '/api/auth/sign-up', body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Verifique seu email para confirmar a conta' });
    expect(res.cookies).toEqual([]);

    const [created] = await ctx.database.db.select().from(user).where(eq(user.email, email));
    expect(created).toMatchObject({ name: 'Ana Souza', emailVerified: false });
    const [credential] = await ctx.database.db
      .select()
      .from(account)
      .where(eq(account.userId, created!.id));
    expect(credential).toMatchObject({ providerId: 'credential', accountId: created!.id });
    expect(credential!.password).not.toContain(PASSWORD);

    const [profile] = await ctx.database.db
      .select()
      .from(profiles)
      .where(eq(profiles.userId, created!.id));
    expect(profile).toMatchObject({
      professionalName: 'Ana Souza',
      businessName: 'Studio Ana',
      email,
      timezone: 'America/Sao_Paulo',
      isActive: true,
    });
    expect(profile!.customLink).toMatch(/^studio-ana(-\d+)?$/);

    const [subscription] = await ctx.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, created!.id));
    expect(subscription!.status).toBe('trialing');
    expect(subscription!.trialEnd!.toISOString()).toBe('2026-11-28T12:00:00.000Z');

    const mail = await latestMailTo(ctx, email);
    expect(mail.subject).toBe('Confirme sua conta no Agendaki');
    expect(mail.status).toBe('pending');
    const link = linkIn(mail.text, 'http://localhost:3000/api/auth/verify-email?token=');
    expect(link.searchParams.get('token')).toMatch(/^[\w-]{40,}$/);
    expect(mail.html).toContain(link.toString().replace(/&/g, '&amp;'));
  });

  it('gives namesakes -2, -3 and skips reserved words', async () => {
    const links: string[] = [];
    for (const businessName of [
      'Salão Bela Vista',
      'Salão Bela Vista',
      'SALÃO bela vista!',
      'API',
    ]) {
      const body = signUpBody({ businessName });
      expect((await post(ctx, '/api/auth/sign-up', body)).statusCode).toBe(201);
      const [profile] = await ctx.database.db
        .select({ customLink: profiles.customLink })
        .from(profiles)
        .where(eq(profiles.email, body.email));
      links.push(profile!.customLink);
    }
    expect(links).toEqual([
      'salao-bela-vista',
      'salao-bela-vista-2',
      'salao-bela-vista-3',
      'api-2',
    ]);
  });

  it('refuses an e-mail already registered, whatever its case: 409', async () => {
    const body = signUpBody();
    expect((await post(ctx, '/api/auth/sign-up', body)).statusCode).toBe(201);
    const again = await post(ctx, '/api/auth/sign-up', {
      ...body,
      email: body.email.toUpperCase(),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'Este email já está cadastrado',
    });
  });
});

describe('POST /api/auth/sign-up: one transaction', () => {
  it('leaves nothing behind when a step after the user insert fails', async () => {
    // A database-level failure in the last-but-one step (the subscription insert).
    await ctx.database.db.execute(sql`
      CREATE FUNCTION test_refuse_subscription() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'forced failure'; END $$`);
    await ctx.database.db.execute(sql`
      CREATE TRIGGER test_refuse_subscription BEFORE INSERT ON subscriptions
      FOR EACH ROW EXECUTE FUNCTION test_refuse_subscription()`);
    const body = signUpBody({ businessName: 'Transação Falha' });
    try {
      const res = await post(ctx, '/api/auth/sign-up', body);
      expect(res.statusCode).toBe(500);
      expect(res.json().message).toBe('Ocorreu um erro inesperado. Tente novamente em instantes.');
    } finally {
      await ctx.database.db.execute(sql`DROP TRIGGER test_refuse_subscription ON subscriptions`);
      await ctx.database.db.execute(sql`DROP FUNCTION test_refuse_subscription()`);
    }
    const db = ctx.database.db;
    expect(await db.select().from(user).where(eq(user.email, body.email))).toEqual([]);
    expect(await db.select().from(profiles).where(eq(profiles.email, body.email))).toEqual([]);
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, body.email))).toEqual(
      [],
    );
    expect(
      await db.select().from(profiles).where(eq(profiles.customLink, 'transacao-falha')),
    ).toEqual([]);
    const allUsers = db.select({ id: user.id }).from(user);
    expect(await db.select().from(account).where(notInArray(account.userId, allUsers))).toEqual([]);
    expect(
      await db.select().from(verification).where(notInArray(verification.value, allUsers)),
    ).toEqual([]);

    // And the same sign-up goes through once the failure is gone.
    expect((await post(ctx, '/api/auth/sign-up', body)).statusCode).toBe(201);
  });
});
