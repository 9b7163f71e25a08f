import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { mailOutbox, waitlistEntries, waitlistOffers } from '../../src/db/schema';
import type { TestContext } from './app';
import { nextIp } from './auth';
import { MONDAY, solvePow, type BookableProfessional } from './booking';

/** A join of the waiting list as the public form sends it (Monday's morning, first service). */
export function waitlistBody(
  professional: BookableProfessional,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    professionalId: professional.profileId,
    serviceIds: [professional.services[0]!.id],
    dates: [MONDAY],
    periods: ['manha'],
    rangeStart: null,
    rangeEnd: null,
    clientName: 'Ana Espera',
    clientEmail: `ana-${randomUUID().slice(0, 8)}@exemplo.com.br`,
    clientPhone: null,
    requestKey: randomUUID(),
    ...overrides,
  };
}

/** POST /api/public/waitlist with a solved challenge, from its own address. */
export async function postJoin(ctx: TestContext, body: Record<string, unknown>, ip = nextIp()) {
  const payload = 'pow' in body ? body : { ...body, pow: await solvePow(ctx, ip) };
  return ctx.app.inject({
    method: 'POST',
    url: '/api/public/waitlist',
    payload,
    remoteAddress: ip,
  });
}

/** Joins and answers the entry's token (from its link). */
export async function joinToken(
  ctx: TestContext,
  professional: BookableProfessional,
  overrides: Record<string, unknown> = {},
) {
  const res = await postJoin(ctx, waitlistBody(professional, overrides));
  if (res.statusCode !== 201) throw new Error(`join: ${res.statusCode} ${res.body}`);
  return String(res.json().entryUrl).split('/lista-de-espera/')[1]!;
}

/** Joins and answers the entry's id. */
export async function joinWaitlistOf(ctx: TestContext, professional: BookableProfessional) {
  const key = randomUUID();
  await joinToken(ctx, professional, { requestKey: key });
  const [row] = await ctx.database.db
    .select({ id: waitlistEntries.id })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.professionalId, professional.profileId),
        eq(waitlistEntries.requestKey, key),
      ),
    );
  return row!.id;
}

export function offersOf(ctx: TestContext, professionalId: string) {
  return ctx.database.db
    .select()
    .from(waitlistOffers)
    .where(eq(waitlistOffers.professionalId, professionalId))
    .orderBy(waitlistOffers.createdAt);
}

export function entryRequest(ctx: TestContext, token: string, action?: string) {
  return ctx.app.inject({
    method: action ? 'POST' : 'GET',
    url: `/api/public/waitlist/${token}${action ? `/${action}` : ''}`,
    remoteAddress: nextIp(),
  });
}

export function mailsTo(ctx: TestContext, to: string) {
  return ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to));
}
