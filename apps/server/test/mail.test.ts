import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { mailOutbox } from '../src/db/schema';
import { AUTH_MAIL_REQUEST_QUEUE, MAIL_QUEUE } from '../src/db/queues';
import { MAX_ATTEMPTS, SMTP_POOL } from '../src/features/mail/worker';
import { createTestApp, type TestContext } from './helpers/app';
import { createTestDatabase } from './helpers/database';
import { latestMailTo, linkIn, post, signUpBody } from './helpers/auth';
import { findJob, makeJobsDue } from './helpers/jobs';
import { findFreePort, startSmtpServer } from './helpers/smtp';
import { countStatements } from './helpers/statements';

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

/** Runs the due delivery jobs once, as a started worker would. */
const deliverDue = (ctx: TestContext) => ctx.app.jobs.runDue(MAIL_QUEUE);

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
      expect(await deliverDue(ctx)).toEqual({ completed: 1, failed: 0 });

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
      await ctx.app.jobs.runDue(AUTH_MAIL_REQUEST_QUEUE);
      await deliverDue(ctx);
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
      expect(await deliverDue(ctx)).toEqual({ completed: 0, failed: 1 });
      const failed = await outboxRow(body.email);
      expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
      expect(failed.lastError).toBeTruthy();
      // Retried by pg-boss, 30 to 60 s later (backoff with jitter).
      const job = (await findJob(database.db, MAIL_QUEUE, failed.id))!;
      expect(job).toMatchObject({ state: 'retry', retryCount: 0, data: { mailId: failed.id } });
      const delayMs = job.startAfter.getTime() - job.now.getTime();
      expect(delayMs).toBeGreaterThan(25_000);
      expect(delayMs).toBeLessThanOrEqual(60_000);

      // Not due yet: nothing is tried.
      expect(await deliverDue(ctx)).toEqual({ completed: 0, failed: 0 });

      const smtp = await startSmtpServer(port);
      try {
        await makeJobsDue(database.db, MAIL_QUEUE);
        expect(await deliverDue(ctx)).toEqual({ completed: 1, failed: 0 });
        expect(await outboxRow(body.email)).toMatchObject({ status: 'sent', attempts: 2 });
        expect(await findJob(database.db, MAIL_QUEUE, failed.id)).toMatchObject({
          state: 'completed',
        });
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
      const { id } = await outboxRow(body.email);
      const delays: number[] = [];
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
        expect(await deliverDue(ctx)).toEqual({ completed: 0, failed: 1 });
        const job = (await findJob(database.db, MAIL_QUEUE, id))!;
        if (attempt < MAX_ATTEMPTS) {
          expect(job.state).toBe('retry');
          delays.push(job.startAfter.getTime() - job.now.getTime());
          await makeJobsDue(database.db, MAIL_QUEUE);
        } else {
          expect(job.state).toBe('failed');
        }
      }
      expect(await outboxRow(body.email)).toMatchObject({
        status: 'failed',
        attempts: MAX_ATTEMPTS,
      });
      // Each wait is 30 s × 2^n, stretched by up to twice that (jitter): about an hour in all.
      delays.forEach((delay, n) => {
        expect(delay).toBeGreaterThan(30_000 * 2 ** n - 5_000);
        expect(delay).toBeLessThanOrEqual(2 * 30_000 * 2 ** n);
      });
      // Given up: nothing runs any more.
      await makeJobsDue(database.db, MAIL_QUEUE);
      expect(await deliverDue(ctx)).toEqual({ completed: 0, failed: 0 });
    } finally {
      await ctx.close();
    }
  });

  it('a job whose mail went out already sends nothing (its completion was lost)', async () => {
    const smtp = await startSmtpServer();
    const ctx = await createTestApp({
      database,
      env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` },
    });
    try {
      const body = signUpBody();
      await post(ctx, '/api/auth/sign-up', body);
      const { id } = await outboxRow(body.email);
      await deliverDue(ctx);
      // As if the worker died between sending and completing: pg-boss runs the job again.
      await database.db.execute(
        sql`update pgboss.job set state = 'retry', start_after = now() - interval '1 second' where id = ${id}`,
      );
      expect(await deliverDue(ctx)).toEqual({ completed: 1, failed: 0 });
      expect(smtp.received.filter((m) => m.to.includes(body.email))).toHaveLength(1);
      expect(await outboxRow(body.email)).toMatchObject({ status: 'sent', attempts: 1 });
    } finally {
      await ctx.close();
      await smtp.close();
    }
  });
});

describe('a batch of mails', () => {
  it("is done within its jobs' expiry even when every send waits out the SMTP socket's timeout", () => {
    // Sent side by side over the pool's connections: one round per connection's share.
    const rounds = Math.ceil(MAIL_QUEUE.batchSize / SMTP_POOL.maxConnections);
    expect(rounds * SMTP_POOL.socketTimeoutMs).toBeLessThan(MAIL_QUEUE.expireInSeconds * 1000);
  });

  it('is read and marked sent in one statement each, and a refused address fails only its own mail', async () => {
    const smtp = await startSmtpServer(0, { refuse: (to) => to.startsWith('recusado') });
    const ctx = await createTestApp({
      database,
      env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` },
    });
    try {
      // Whatever earlier tests left due goes first: the batch below holds only these three.
      for (;;) {
        const drained = await deliverDue(ctx);
        if (drained.completed + drained.failed === 0) break;
      }
      const accepted = [signUpBody(), signUpBody()];
      const refused = signUpBody({ email: `recusado-${Date.now()}@example.com` });
      for (const body of [accepted[0]!, refused, accepted[1]!]) {
        await post(ctx, '/api/auth/sign-up', body);
      }
      const statements = countStatements(database);
      let outcome: unknown;
      const sent = await statements.measure(async () => {
        outcome = await deliverDue(ctx);
      });
      expect(outcome).toEqual({ completed: 2, failed: 1 });
      // pg-boss's fetch, the pending mails, the refused one's attempt, those sent, the two
      // completed jobs, the failed one: one mail at a time, it was ten.
      expect(sent).toBeLessThanOrEqual(6);
      expect(smtp.received.map((mail) => mail.to[0]).sort()).toEqual(
        accepted.map((body) => body.email.toLowerCase()).sort(),
      );
      for (const body of accepted) {
        expect(await outboxRow(body.email)).toMatchObject({ status: 'sent', attempts: 1 });
      }
      const failed = await outboxRow(refused.email);
      expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
      expect(failed.lastError).toContain('550');
      expect(await findJob(database.db, MAIL_QUEUE, failed.id)).toMatchObject({ state: 'retry' });
    } finally {
      await ctx.close();
      await smtp.close();
    }
  });
});

describe('mail without SMTP (embedded default)', () => {
  it('writes the mail to the log and marks it sent', async () => {
    const ctx = await createTestApp({ database });
    try {
      const body = signUpBody();
      await post(ctx, '/api/auth/sign-up', body);
      expect(await deliverDue(ctx)).toEqual({ completed: 1, failed: 0 });
      expect(await outboxRow(body.email)).toMatchObject({ status: 'sent' });
    } finally {
      await ctx.close();
    }
  });

  it('the started worker delivers queued mail by itself and stops on close', async () => {
    const ctx = await createTestApp({ database });
    const body = signUpBody();
    try {
      await ctx.app.jobs.start();
      await post(ctx, '/api/auth/sign-up', body);
      await expect
        .poll(async () => (await latestMailTo(ctx, body.email)).status, { timeout: 5_000 })
        .toBe('sent');
    } finally {
      await ctx.close();
    }
  });
});
