import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { mailOutbox, profiles } from '../../src/db/schema';
import type { TestContext } from './app';

export const PASSWORD = 'segredo-forte-1';

let ipCounter = 0;
/** A distinct client address per call, so per-IP limits of one test never touch another. */
export function nextIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export function uniqueEmail(prefix = 'ana'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@exemplo.com.br`;
}

export function signUpBody(overrides: Record<string, unknown> = {}) {
  return {
    email: uniqueEmail(),
    password: PASSWORD,
    confirmPassword: PASSWORD,
    businessName: 'Studio Ana',
    professionalName: 'Ana Souza',
    ...overrides,
  };
}

export interface PostOptions {
  cookie?: string;
  ip?: string;
  headers?: Record<string, string>;
}

export function post(ctx: TestContext, url: string, payload?: unknown, options: PostOptions = {}) {
  return ctx.app.inject({
    method: 'POST',
    url,
    payload: payload as object | undefined,
    remoteAddress: options.ip ?? nextIp(),
    headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
  });
}

export function get(ctx: TestContext, url: string, cookie?: string) {
  return ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}

/** "name=value" of the session cookie a response set. */
export function sessionCookieOf(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name.endsWith('session_token') && c.value);
  if (!cookie) throw new Error(`no session cookie in ${res.statusCode} ${res.body}`);
  return `${cookie.name}=${cookie.value}`;
}

export async function latestMailTo(ctx: TestContext, to: string, subjectPart = '') {
  const rows = await ctx.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, to))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id));
  const row = rows.find((r) => r.subject.includes(subjectPart));
  if (!row) throw new Error(`no mail to ${to} (${subjectPart})`);
  return row;
}

export function mailsTo(ctx: TestContext, to: string) {
  return ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to));
}

/** The link in a mail's text that starts with `prefix`, e.g. `${PUBLIC_URL}/auth/nova-senha`. */
export function linkIn(text: string, prefix: string): URL {
  const line = text.split('\n').find((l) => l.startsWith(prefix));
  if (!line) throw new Error(`no link starting with ${prefix} in:\n${text}`);
  return new URL(line.trim());
}

export async function confirmEmail(ctx: TestContext, email: string) {
  const mail = await latestMailTo(ctx, email, 'Confirme');
  const link = linkIn(mail.text, `${ctx.env.PUBLIC_URL}/api/auth/verify-email`);
  return ctx.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
}

export async function signIn(ctx: TestContext, email: string, password = PASSWORD) {
  const res = await post(ctx, '/api/auth/sign-in', { email, password });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return sessionCookieOf(res);
}

/** Signs up, confirms and signs in through the API: a ready professional. */
export async function createAccount(ctx: TestContext, overrides: Record<string, unknown> = {}) {
  const body = signUpBody(overrides);
  const res = await post(ctx, '/api/auth/sign-up', body);
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  await confirmEmail(ctx, body.email);
  const cookie = await signIn(ctx, body.email, body.password);
  const [profile] = await ctx.database.db
    .select()
    .from(profiles)
    .where(eq(profiles.email, body.email));
  return { email: body.email, password: body.password, cookie, profile: profile! };
}
