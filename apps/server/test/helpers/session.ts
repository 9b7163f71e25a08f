import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { mailOutbox } from '../../src/db/schema';
import type { TestContext } from './app';

export interface SignedInProfessional {
  email: string;
  /** The `Cookie` header value to send with every request of this professional. */
  cookie: string;
  /** Calls the app as this professional. */
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
}

let addressCounter = 0;

/** Each account signs up from its own address, so the per-IP sign-up limits never interfere. */
function nextRemoteAddress(): string {
  addressCounter += 1;
  return `10.${(process.pid >> 8) % 250}.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
}

/**
 * A professional signed in through the real accounts API: sign-up, the confirmation link from
 * the outbox, sign-in; returns the session cookie (docs/product.md, Accounts and sessions).
 */
export async function signUpProfessional(
  ctx: TestContext,
  overrides: { businessName?: string; professionalName?: string } = {},
): Promise<SignedInProfessional> {
  const email = `pro-${randomUUID().slice(0, 8)}@exemplo.com.br`;
  const password = 'senha-segura-123';
  const remoteAddress = nextRemoteAddress();
  const signUp = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    remoteAddress,
    payload: {
      email,
      password,
      confirmPassword: password,
      businessName: overrides.businessName ?? 'Studio Teste',
      professionalName: overrides.professionalName ?? 'Profissional Teste',
    },
  });
  if (signUp.statusCode !== 201) throw new Error(`sign-up failed: ${signUp.body}`);

  const [mail] = await ctx.database.db
    .select({ text: mailOutbox.text })
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, email))
    .orderBy(desc(mailOutbox.createdAt));
  const token = /verify-email\?token=([^\s&"<>]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no confirmation link for ${email}`);
  const verify = await ctx.app.inject({
    method: 'GET',
    url: `/api/auth/verify-email?token=${token}`,
    remoteAddress,
  });
  if (!verify.headers.location?.includes('verified=1')) {
    throw new Error(`e-mail confirmation failed: ${verify.headers.location}`);
  }

  const signIn = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    remoteAddress,
    payload: { email, password },
  });
  if (signIn.statusCode !== 200) throw new Error(`sign-in failed: ${signIn.body}`);
  const setCookie = signIn.headers['set-cookie'];
  const cookies = (Array.isArray(setCookie) ? setCookie : [setCookie ?? ''])
    .map((c) => c.split(';')[0]!)
    .filter(Boolean);
  if (cookies.length === 0) throw new Error('sign-in set no cookie');
  const cookie = cookies.join('; ');

  return {
    email,
    cookie,
    request: (options) =>
      ctx.app.inject({
        ...options,
        remoteAddress,
        headers: { ...options.headers, cookie },
      }),
  };
}
