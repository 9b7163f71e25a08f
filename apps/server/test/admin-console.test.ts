import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorAuditLog } from '../src/db/schema';
import { DELETED_ACCOUNT_EMAIL, revokeOperatorRole } from '../src/features/admin/service';
import { listRoutes, type RouteEntry } from './attacks/helpers/route-table';
import { REASON, signUpOperator } from './helpers/admin';
import { createTestApp, type TestContext } from './helpers/app';
import { bookingBody, createBookableProfessional, postBooking } from './helpers/booking';
import { signUpProfessional, type SignedInProfessional } from './helpers/session';

/**
 * The operator console's API (docs/product.md, "The operator's side"): the role comes from the
 * command only; every /api/admin route refuses a visitor (401) and a professional (403); the
 * operator finds accounts by e-mail, name or link and never sees a client or an agenda.
 */

let ctx: TestContext;
let operator: SignedInProfessional;
let adminRoutes: RouteEntry[];

beforeAll(async () => {
  ctx = await createTestApp();
  operator = await signUpOperator(ctx);
  adminRoutes = listRoutes(ctx.app).filter((route) => route.url.startsWith('/api/admin'));
}, 60_000);
afterAll(async () => {
  await ctx.close();
});

const SOME_PROFILE = '3b8f1c2e-5d4a-4f6b-9c7d-1e2f3a4b5c6d';

function attempt(route: RouteEntry): Omit<InjectOptions, 'headers'> {
  const url = route.url.replace(':id', SOME_PROFILE);
  const body = route.method === 'POST' ? { payload: { reason: REASON, days: 3 } } : {};
  return { method: route.method as InjectOptions['method'], url, ...body };
}

describe('who may use /api/admin', () => {
  it('lists the console routes from the running app', () => {
    expect(adminRoutes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        'GET /api/admin/professionals',
        'GET /api/admin/audit-log',
        'GET /api/admin/numbers',
        'POST /api/admin/professionals/:id/extend-trial',
        'POST /api/admin/professionals/:id/suspend',
        'POST /api/admin/professionals/:id/reactivate',
        'POST /api/admin/professionals/:id/resend-confirmation',
      ]),
    );
  });

  it('refuses an anonymous visitor with 401 on every route', async () => {
    for (const route of adminRoutes) {
      const res = await ctx.app.inject(attempt(route));
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it("refuses a professional's session with 403 on every route, and changes nothing", async () => {
    const pro = await signUpProfessional(ctx);
    for (const route of adminRoutes) {
      const res = await pro.request(attempt(route));
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      if (route.method === 'HEAD') continue;
      expect(res.json()).toMatchObject({
        code: 'FORBIDDEN',
        message: 'Acesso restrito à equipe de operação do Agendaki.',
      });
    }
    const log = await operator.request({ method: 'GET', url: '/api/admin/audit-log' });
    expect(log.json().entries).toEqual([]);
  });

  it('lets the operator in, and no longer once the role is revoked', async () => {
    const other = await signUpOperator(ctx);
    expect((await other.request({ method: 'GET', url: '/api/admin/numbers' })).statusCode).toBe(
      200,
    );
    await revokeOperatorRole(ctx.database.db, other.email);
    expect((await other.request({ method: 'GET', url: '/api/admin/numbers' })).statusCode).toBe(
      403,
    );
  });
});

describe('finding a professional', () => {
  it('by e-mail, name or link, with what the console shows and no client data', async () => {
    const studio = await createBookableProfessional(ctx, {
      businessName: 'Espaço Lírio Azul',
      professionalName: 'Clarice Lispector',
    });
    const booked = await postBooking(
      ctx,
      bookingBody(studio, {
        clientName: 'Maria Segredo',
        clientEmail: 'maria.segredo@exemplo.com.br',
        clientPhone: '11987654321',
        notes: 'Alergia a esmalte',
      }),
    );
    expect(booked.statusCode, booked.body).toBe(201);

    for (const search of [studio.pro.email.toUpperCase(), 'clarice', 'lírio', studio.customLink]) {
      const res = await operator.request({
        method: 'GET',
        url: `/api/admin/professionals?search=${encodeURIComponent(search)}`,
      });
      expect(res.statusCode).toBe(200);
      const found = res.json().professionals;
      expect(found, search).toHaveLength(1);
      expect(found[0]).toEqual({
        id: studio.profileId,
        email: studio.pro.email,
        professionalName: 'Clarice Lispector',
        businessName: 'Espaço Lírio Azul',
        customLink: studio.customLink,
        signedUpAt: ctx.clock.now().toISOString(),
        emailConfirmed: true,
        state: 'trial',
        trialDaysLeft: 7,
        trialEnd: new Date(ctx.clock.now().getTime() + 7 * 86_400_000).toISOString(),
        lastSignInAt: ctx.clock.now().toISOString(),
        appointmentsLast30Days: 1,
        suspended: false,
      });
    }
    const everything = [
      await operator.request({ method: 'GET', url: '/api/admin/professionals' }),
      await operator.request({ method: 'GET', url: '/api/admin/numbers' }),
      await operator.request({ method: 'GET', url: '/api/admin/audit-log' }),
    ]
      .map((res) => res.body)
      .join('\n');
    for (const secret of ['Maria Segredo', 'maria.segredo', '987654321', 'Alergia', 'Corte']) {
      expect(everything).not.toContain(secret);
    }
  });

  it('takes % and _ literally, and refuses a search longer than an e-mail', async () => {
    const res = await operator.request({
      method: 'GET',
      url: '/api/admin/professionals?search=%25',
    });
    expect(res.json().professionals).toEqual([]);
    const long = await operator.request({
      method: 'GET',
      url: `/api/admin/professionals?search=${'a'.repeat(256)}`,
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Busca muito longa');
  });

  it('says which accounts have not confirmed their e-mail', async () => {
    const email = `sem-confirmar-${Date.now()}@exemplo.com.br`;
    const signUp = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      remoteAddress: '10.200.0.1',
      payload: {
        email,
        password: 'senha-segura-123',
        confirmPassword: 'senha-segura-123',
        businessName: 'Parada na Confirmação',
        professionalName: 'Rita Parada',
      },
    });
    expect(signUp.statusCode).toBe(201);
    const res = await operator.request({
      method: 'GET',
      url: `/api/admin/professionals?search=${encodeURIComponent(email)}`,
    });
    expect(res.json().professionals[0]).toMatchObject({
      emailConfirmed: false,
      lastSignInAt: null,
    });
  });
});

describe('the audit log after "Excluir minha conta"', () => {
  it('keeps what was done and why, without the e-mail of the deleted account', async () => {
    const leaving = await signUpProfessional(ctx, { professionalName: 'Vera Saída' });
    const search = await operator.request({
      method: 'GET',
      url: `/api/admin/professionals?search=${encodeURIComponent(leaving.email)}`,
    });
    const id = search.json().professionals[0].id as string;
    const extended = await operator.request({
      method: 'POST',
      url: `/api/admin/professionals/${id}/extend-trial`,
      payload: { reason: REASON, days: 3 },
    });
    expect(extended.statusCode, extended.body).toBe(200);
    const deleted = await leaving.request({
      method: 'POST',
      url: '/api/account/delete',
      payload: { password: 'senha-segura-123' },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);

    const log = await operator.request({ method: 'GET', url: '/api/admin/audit-log' });
    expect(log.json().entries[0]).toMatchObject({
      action: 'extend_trial',
      operatorEmail: operator.email,
      subjectEmail: DELETED_ACCOUNT_EMAIL,
      reason: REASON,
    });
    const rows = await ctx.database.db.select().from(operatorAuditLog);
    expect(JSON.stringify(rows)).not.toContain(leaving.email);
  });
});
