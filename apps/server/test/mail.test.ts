import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { mailOutbox } from '../src/db/schema';
import { MAX_ATTEMPTS, retryDelayMs } from '../src/features/mail/worker';
import { createTestApp } from './helpers/app';
import { createTestDatabase } from './helpers/database';
import { latestMailTo, linkIn, post, signUpBody } from './helpers/auth';
import { findFreePort, startSmtpServer } from './helpers/smtp';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

async function outboxRow(to: string) {
  const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to));
  return row!;
}

describe('mail through a real SMTP server', () => {
  it('delivers the confirmation and reset mails: pt-BR, text and HTML, links from PUBLIC_URL', async () => {
    const smtp = await startSmtpServer();
    const ctx = await createTestApp({
      database,
      env: {
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        PUBLIC_URL: 'https://agendaki.exemplo.com.br',
      },
    });
    try {
      const body = signUpBody();
      // The Host header must not leak into links (PUBLIC_URL only).
      await post(ctx, '/api/auth/sign-up', body, { headers: { host: 'malicioso.example' } });
      expect(await ctx.app.mailWorker.processOutboxOnce()).toEqual({
        sent: 1,
        retried: 0,
        failed: 0,
      });

      const [confirm] = smtp.received;
      expect(confirm!.to).toEqual([body.email]);
      expect(confirm!.from).toBe('nao-responda@agendaki.local');
      expect(confirm!.subject).toBe('Confirme sua conta no Agendaki');
      expect(confirm!.text).toContain('Olá, Ana Souza!');
      const link = linkIn(
        confirm!.text,
        'https://agendaki.exemplo.com.br/api/auth/verify-email?token=',
      );
      expect(confirm!.html).toContain(`href="${link.toString()}"`);
      expect(confirm!.raw).not.toContain('malicioso.example');

      const verified = await ctx.app.inject({
        method: 'GET',
        url: `${link.pathname}${link.search}`,
      });
      expect(verified.headers.location).toBe('/auth?verified=1');
      expect(await outboxRow(body.email)).toMatchObject({
        status: 'sent',
        attempts: 1,
        lastError: null,
      });

      await post(ctx, '/api/auth/forgot-password', { email: body.email });
      await ctx.app.mailWorker.processOutboxOnce();
      const reset = smtp.received[1]!;
      expect(reset.subject).toBe('Redefinição de senha do Agendaki');
      expect(reset.text).toContain('Este link expira em 1 hora');
      const resetLink = linkIn(
        reset.text,
        'https://agendaki.exemplo.com.br/auth/nova-senha?token=',
      );
      expect(reset.html).toContain(resetLink.toString());
    } finally {
      await ctx.close();
      await smtp.close();
    }
  });

  it('keeps the mail pending while SMTP is down, then delivers it when it is back', async () => {
    const port = await findFreePort();
    const ctx = await createTestApp({ database, env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    try {
      const body = signUpBody();
      await post(ctx, '/api/auth/sign-up', body);
      expect(await ctx.app.mailWorker.processOutboxOnce()).toEqual({
        sent: 0,
        retried: 1,
        failed: 0,
      });
      const failed = await outboxRow(body.email);
      expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
      expect(failed.lastError).toBeTruthy();
      expect(failed.nextAttemptAt.getTime() - ctx.clock.now().getTime()).toBe(retryDelayMs(1));

      // Not due yet: nothing is tried.
      expect(await ctx.app.mailWorker.processOutboxOnce()).toEqual({
        sent: 0,
        retried: 0,
        failed: 0,
      });

      const smtp = await startSmtpServer(port);
      try {
        ctx.clock.advance(retryDelayMs(1));
        expect((await ctx.app.mailWorker.processOutboxOnce()).sent).toBe(1);
        expect(await outboxRow(body.email)).toMatchObject({ status: 'sent', attempts: 2 });
        expect(smtp.received.map((m) => m.to[0])).toEqual([body.email]);
      } finally {
        await smtp.close();
      }
    } finally {
      await ctx.close();
    }
  });

  it(`backs off exponentially and gives up after ${MAX_ATTEMPTS} attempts`, async () => {
    const port = await findFreePort();
    const ctx = await createTestApp({ database, env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    try {
      const body = signUpBody();
      await post(ctx, '/api/auth/sign-up', body);
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
        const result = await ctx.app.mailWorker.processOutboxOnce();
        expect(result).toEqual({
          sent: 0,
          retried: attempt < MAX_ATTEMPTS ? 1 : 0,
          failed: attempt < MAX_ATTEMPTS ? 0 : 1,
        });
        ctx.clock.advance(retryDelayMs(attempt));
      }
      expect(await outboxRow(body.email)).toMatchObject({
        status: 'failed',
        attempts: MAX_ATTEMPTS,
      });
      expect(retryDelayMs(1)).toBe(30_000);
      expect(retryDelayMs(4)).toBe(4 * 60_000);
    } finally {
      await ctx.close();
    }
  });
});

describe('mail without SMTP (embedded default)', () => {
  it('writes the mail to the log and marks it sent', async () => {
    const ctx = await createTestApp({ database });
    try {
      const body = signUpBody();
      await post(ctx, '/api/auth/sign-up', body);
      expect((await ctx.app.mailWorker.processOutboxOnce()).sent).toBe(1);
      expect(await outboxRow(body.email)).toMatchObject({ status: 'sent' });
    } finally {
      await ctx.close();
    }
  });

  it('the started worker delivers queued mail by itself and stops on close', async () => {
    const ctx = await createTestApp({ database });
    const body = signUpBody();
    try {
      ctx.app.mailWorker.start();
      await post(ctx, '/api/auth/sign-up', body);
      await expect
        .poll(async () => (await latestMailTo(ctx, body.email)).status, { timeout: 5_000 })
        .toBe('sent');
    } finally {
      await ctx.close();
    }
  });
});
