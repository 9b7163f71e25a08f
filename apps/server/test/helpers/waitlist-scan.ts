import { setTimeout as sleep } from 'node:timers/promises';
import { WAITLIST_SCAN_QUEUE } from '../../src/db/queues';
import { scanProfessional, deriveWaitlistKey } from '../../src/features/waitlist/service';
import { TEST_AUTH_SECRET, type TestContext } from './app';
import { makeJobsDue } from './jobs';

/** The waiting list's deps as the app builds them, for a look run by the test itself. */
export function waitlistDeps(ctx: TestContext) {
  return {
    db: ctx.database.db,
    clock: ctx.clock,
    key: deriveWaitlistKey(TEST_AUTH_SECRET),
    publicUrl: ctx.env.PUBLIC_URL,
  };
}

/** A look at the line now, as the minute's sweep would take. */
export function look(ctx: TestContext, professionalId: string) {
  return scanProfessional(waitlistDeps(ctx), professionalId);
}

/**
 * The looks the app asked for (a notice heard, a place given up), run as a worker would: the
 * notice arrives after the commit, and its job is due at the end of a 2-second window. The
 * notice can be late on a busy machine, so this waits up to `waitMs` for a look to run.
 */
export async function runAskedLooks(ctx: TestContext, waitMs = 3_000) {
  const until = Date.now() + waitMs;
  for (;;) {
    await sleep(100);
    await makeJobsDue(ctx.database.db, WAITLIST_SCAN_QUEUE);
    const ran = await ctx.app.jobs.runDue(WAITLIST_SCAN_QUEUE);
    if (ran.completed + ran.failed > 0 || Date.now() > until) return ran;
  }
}
