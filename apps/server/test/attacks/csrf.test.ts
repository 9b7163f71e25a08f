import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingBody, LUNCH_BREAK_WEEK } from '../helpers/booking';
import * as schema from '../../src/db/schema';
import { IMAGES, multipartFile } from '../helpers/images';
import {
  fillParams,
  isStateChanging,
  listRoutes,
  routeKey,
  type RouteEntry,
} from './helpers/route-table';
import { deriveWaitlistKey, entryToken } from '../../src/features/waitlist/token';
import { TEST_AUTH_SECRET } from '../helpers/app';
import { createAttackWorld, type AttackWorld } from './helpers/world';

/**
 * CSRF: a page of another site makes the victim's browser send a state-changing request to the
 * API, cookie included. Every state-changing /api route of the route table (except the signed
 * payment webhook) is attacked the ways a browser allows: HTML forms (urlencoded, text/plain,
 * multipart) and fetch with JSON, each with a body the route would accept. All must be refused
 * with 403 before anything runs, and the victim's data and session must be intact. The router
 * decodes paths, so each route is also attacked under other spellings of its address.
 */

const EVIL_ORIGIN = 'https://site-malicioso.example';
const REFUSED = {
  statusCode: 403,
  code: 'FORBIDDEN',
  message: 'Requisição de outra origem recusada.',
};
const PASSWORD = 'senha-segura-123';

let world: AttackWorld;
let targets: RouteEntry[];

beforeAll(async () => {
  world = await createAttackWorld();
  targets = listRoutes(world.ctx.app).filter(
    (route) =>
      isStateChanging(route) &&
      route.url.startsWith('/api/') &&
      route.url !== '/api/billing/webhook' &&
      // The PSP's and WhatsApp's webhooks: signed (the professional's secret, Meta's app
      // secret), called by their servers; their signature tests refuse a forged call.
      !route.url.startsWith('/api/webhooks/pix/') &&
      route.url !== '/api/webhooks/whatsapp',
  );
}, 60_000);
afterAll(async () => {
  await world.close();
});

function victimParam(_param: string, url: string): string {
  const { records } = world;
  if (url.startsWith('/api/services/')) return records.serviceId;
  if (url.startsWith('/api/clients/')) return records.clientId;
  if (url.startsWith('/api/appointments/')) return records.appointmentId;
  if (url.startsWith('/api/availability/exceptions/')) return records.exceptionDate;
  if (url.startsWith('/api/availability/time-off/')) return records.timeOffId;
  if (url.startsWith('/api/blocks/')) return records.blockId;
  if (url.startsWith('/api/deposits/')) return records.bookingId;
  if (url.startsWith('/api/booking-bursts/')) return records.burstId;
  if (url.startsWith('/api/public/manage/')) return records.manageToken;
  // This round's features: the owner's records, as route-auth.test.ts attacks them.
  if (_param === 'bookingId') return records.bookingId;
  if (url.startsWith('/api/series/')) return records.seriesId;
  if (url.startsWith('/api/waitlist/')) return records.waitlistEntryId;
  if (url.startsWith('/api/public/waitlist/')) {
    return entryToken(deriveWaitlistKey(TEST_AUTH_SECRET), records.waitlistEntryId);
  }
  if (url.startsWith('/api/packages/')) return records.money.packageId;
  if (url.startsWith('/api/closings/')) return records.money.closingId;
  if (url.startsWith('/api/push/devices/')) return records.pushDeviceId;
  if (url.startsWith('/api/admin/')) return world.owner.profileId;
  if (/^\/api\/comeback\/(clients|missing)\//.test(url)) return records.clientId;
  if (url.startsWith('/api/anamnesis/forms/')) return records.formId;
  if (url.startsWith('/api/anamnesis/appointments/')) return records.bookedAppointmentId;
  throw new Error(`No victim record for ${url}: add it to victimParam() in csrf.test.ts.`);
}

/** A JSON body each route accepts from its own page: what a forged fetch would carry. */
function acceptedBody(route: RouteEntry): unknown {
  const { owner } = world;
  const bodies: Record<string, unknown> = {
    'PATCH /api/appointments/:id': { status: 'cancelled' },
    'PATCH /api/clients/:id': { name: 'Trocado por outro site' },
    'POST /api/clients/:id/erase': { confirmName: 'Cliente da Dona' },
    'POST /api/account/delete': { password: PASSWORD },
    'PATCH /api/services/:id': { name: 'Trocado', price: 1 },
    'POST /api/appointments': {
      clientId: world.records.clientId,
      serviceId: world.records.serviceId,
      appointmentDate: '2026-12-03',
      startTime: '09:00',
    },
    'POST /api/clients': { name: 'Cliente de outro site' },
    'POST /api/services': { name: 'Serviço de outro site', price: 1, durationMinutes: 30 },
    'PUT /api/availability': { windows: LUNCH_BREAK_WEEK.slice(0, 1) },
    'POST /api/auth/change-password': {
      currentPassword: PASSWORD,
      newPassword: 'hackeada-123',
      confirmPassword: 'hackeada-123',
    },
    'POST /api/auth/sign-in': { email: owner.pro.email, password: PASSWORD },
    'POST /api/auth/sign-up': {
      email: 'forjada@exemplo.com.br',
      password: PASSWORD,
      confirmPassword: PASSWORD,
      businessName: 'Conta Forjada',
      professionalName: 'Forjada',
    },
    'POST /api/auth/forgot-password': { email: owner.pro.email },
    'POST /api/auth/resend-verification': { email: owner.pro.email },
    'POST /api/auth/reset-password': {
      token: 'x'.repeat(43),
      password: 'hackeada-123',
      confirmPassword: 'hackeada-123',
    },
    'POST /api/billing/portal': { intent: 'cancel' },
    'PATCH /api/profile': { businessName: 'Trocado por outro site' },
    'PUT /api/profile/link': { customLink: 'link-trocado' },
    'PUT /api/availability/exceptions/:date': { windows: [] },
    'POST /api/availability/time-off': { startDate: '2026-12-20', endDate: '2026-12-21' },
    'POST /api/blocks': { date: '2026-12-02', startTime: '17:00', endTime: '17:30' },
    'POST /api/public/bookings': bookingBody(owner, { time: '16:00' }),
  };
  return bodies[routeKey(route)] ?? {};
}

type Forgery = (route: RouteEntry) => Omit<InjectOptions, 'method' | 'url'>;

const FORGERIES: Record<string, Forgery> = {
  'form, urlencoded': () => ({
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'name=Trocado&status=cancelled',
  }),
  // A text/plain form can carry a JSON-looking body; Fastify parses text/plain.
  'form, text/plain': (route) => ({
    headers: { 'content-type': 'text/plain' },
    payload: JSON.stringify(acceptedBody(route)),
  }),
  'form, multipart': () => multipartFile(IMAGES.gif, 'troca.gif', 'image/gif'),
  'fetch, JSON': (route) => ({
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(acceptedBody(route)),
  }),
  'fetch, no body': () => ({}),
};

const ORIGINS: Record<string, Record<string, string>> = {
  'another origin': { origin: EVIL_ORIGIN },
  'an opaque origin (sandboxed page)': { origin: 'null' },
  'a lookalike of ours': { origin: 'http://localhost:3000.site-malicioso.example' },
  'no Origin, Fetch Metadata cross-site': { 'sec-fetch-site': 'cross-site' },
};

describe('cross-origin requests carrying the session cookie are refused', () => {
  it.each(Object.keys(ORIGINS))('from %s, on every state-changing route', async (originKey) => {
    const before = await world.ownerSnapshot();
    const failures: string[] = [];
    for (const route of targets) {
      for (const [name, forge] of Object.entries(FORGERIES)) {
        const forged = forge(route);
        const res = await world.ctx.app.inject({
          method: route.method as InjectOptions['method'],
          url: fillParams(route.url, victimParam),
          ...forged,
          headers: { ...forged.headers, ...ORIGINS[originKey], cookie: world.owner.pro.cookie },
        });
        if (res.statusCode !== 403 || JSON.stringify(res.json()) !== JSON.stringify(REFUSED)) {
          failures.push(`${routeKey(route)} (${name}) → ${res.statusCode} ${res.body}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await world.ownerSnapshot()).toEqual(before);
    const me = await world.owner.pro.request({ method: 'GET', url: '/api/me' });
    expect(me.statusCode).toBe(200);
  });

  it('while the same request from our own page goes through (the attack would work)', async () => {
    const route = { method: 'PATCH', url: '/api/clients/:id' };
    const res = await world.ctx.app.inject({
      method: 'PATCH',
      url: fillParams(route.url, victimParam),
      headers: {
        origin: 'http://localhost:3000',
        'sec-fetch-site': 'same-origin',
        cookie: world.owner.pro.cookie,
      },
      payload: acceptedBody(route) as object,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().name).toBe('Trocado por outro site');
  });
});

/** `%XX` escapes of every character of `text`, hex digits in the given case. */
function escapeAll(text: string, hexCase: 'upper' | 'lower'): string {
  return [...text]
    .map((char) => {
      const hex = char.charCodeAt(0).toString(16).padStart(2, '0');
      return `%${hexCase === 'upper' ? hex.toUpperCase() : hex}`;
    })
    .join('');
}

/** The segment after /api/ (`clients` in /api/clients/:id), escaped whole. */
const escapeSecondSegment = (path: string, hexCase: 'upper' | 'lower') =>
  path.replace(/^\/api\/([^/]+)/, (_m, name: string) => `/api/${escapeAll(name, hexCase)}`);

/**
 * Other spellings of a route's address: some the router decodes to the route itself, some it
 * does not route at all. Either way a cross-origin request must not get past the origin check.
 */
const ENCODINGS: Record<string, (path: string) => string> = {
  '%61pi': (p) => p.replace(/^\/api\//, '/%61pi/'),
  'ap%69': (p) => p.replace(/^\/api\//, '/ap%69/'),
  '%61%70%69': (p) => p.replace(/^\/api\//, '/%61%70%69/'),
  'upper-case escapes (%6C)': (p) => escapeSecondSegment(p, 'upper'),
  'lower-case escapes (%6c)': (p) => escapeSecondSegment(p, 'lower'),
  '/%2Fapi': (p) => `/%2F${p.slice(1)}`,
  '/%2fapi': (p) => `/%2f${p.slice(1)}`,
  '/api%2F': (p) => p.replace(/^\/api\//, '/api%2F'),
  'double-encoded %2561pi': (p) => p.replace(/^\/api\//, '/%2561pi/'),
  '//api': (p) => `/${p}`,
  '/api//': (p) => p.replace(/^\/api\//, '/api//'),
  'trailing //': (p) => `${p}//`,
  'trailing /': (p) => `${p}/`,
  'trailing ;': (p) => `${p};`,
  'trailing ;jsessionid=1': (p) => `${p};jsessionid=1`,
  '/api;/': (p) => p.replace(/^\/api\//, '/api;/'),
  '/./api': (p) => `/.${p}`,
  '/x/../api': (p) => `/x/..${p}`,
  '/%2e/api': (p) => `/%2e${p}`,
  '/API': (p) => p.replace(/^\/api\//, '/API/'),
  'query string': (p) => `${p}?_=1`,
};

/** Row count of every table of the schema: nothing may be written by a refused request. */
async function countEveryTable(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of Object.values(schema)) {
    if (!is(table, PgTable)) continue;
    const [row] = await world.ctx.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(table);
    counts[getTableName(table)] = row!.count;
  }
  return counts;
}

describe('no spelling of a route address escapes the origin check', () => {
  it.each(Object.keys(ORIGINS))(
    'from %s, every state-changing route in every spelling is refused',
    async (originKey) => {
      const before = { owner: await world.ownerSnapshot(), tables: await countEveryTable() };
      const failures: string[] = [];
      for (const route of targets) {
        const path = fillParams(route.url, victimParam);
        for (const [name, encode] of Object.entries(ENCODINGS)) {
          const url = encode(path);
          const res = await world.ctx.app.inject({
            method: route.method as InjectOptions['method'],
            url,
            headers: {
              'content-type': 'application/json',
              ...ORIGINS[originKey],
              cookie: world.owner.pro.cookie,
            },
            payload: JSON.stringify(acceptedBody(route)),
          });
          if (res.statusCode !== 403 || JSON.stringify(res.json()) !== JSON.stringify(REFUSED)) {
            failures.push(`${route.method} ${url} (${name}) → ${res.statusCode} ${res.body}`);
          }
        }
      }
      expect(failures).toEqual([]);
      expect({ owner: await world.ownerSnapshot(), tables: await countEveryTable() }).toEqual(
        before,
      );
    },
    60_000,
  );

  it('while the router does take these spellings to the route (the attack would work)', async () => {
    const path = fillParams('/api/clients/:id', victimParam);
    for (const name of ['%61pi', 'ap%69', 'upper-case escapes (%6C)', 'lower-case escapes (%6c)']) {
      const res = await world.ctx.app.inject({
        method: 'PATCH',
        url: ENCODINGS[name]!(path),
        headers: { origin: 'http://localhost:3000', cookie: world.owner.pro.cookie },
        payload: { name: `Renomeado via ${name}` },
      });
      expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
      expect(res.json().name).toBe(`Renomeado via ${name}`);
    }
  });

  it('the signed payment webhook, however spelled, is judged by its signature, not its origin', async () => {
    for (const url of ['/api/billing/webhook', '/%61pi/billing/webhook']) {
      const res = await world.ctx.app.inject({
        method: 'POST',
        url,
        headers: {
          'content-type': 'application/json',
          origin: EVIL_ORIGIN,
          'stripe-signature': 't=1,v1=forjada',
        },
        payload: '{}',
      });
      expect(res.statusCode, `${url}: ${res.body}`).not.toBe(403);
      expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(500);
    }
  });
});
