import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LUNCH_BREAK_WEEK } from '../helpers/booking';
import { IMAGES, multipartFile } from '../helpers/images';
import { signUpProfessional } from '../helpers/session';
import { isPublicRoute } from './helpers/public-routes';
import {
  fillParams,
  hasParams,
  listRoutes,
  routeKey,
  type RouteEntry,
} from './helpers/route-table';
import { createAttackWorld, ownerSecrets, type AttackWorld } from './helpers/world';

/**
 * Every route of Fastify's route table that is not deliberately public (helpers/public-routes.ts)
 * must refuse an anonymous caller with 401, and must refuse a second professional aimed at the
 * first one's records without changing anything. The lists come from the running app, so a
 * route added later is attacked here without anyone editing this file.
 */

let world: AttackWorld;
let routes: RouteEntry[];
let authenticated: RouteEntry[];

beforeAll(async () => {
  world = await createAttackWorld();
  routes = listRoutes(world.ctx.app);
  authenticated = routes.filter((route) => !isPublicRoute(route, world.dist.files));
}, 60_000);
afterAll(async () => {
  await world.close();
});

/** `:id` of a route → the owner's record of that resource; an unmapped one fails the test. */
function ownerParam(param: string, url: string): string {
  const resource = /^\/api\/([\w-]+)\//.exec(url)?.[1];
  const ids: Record<string, string> = {
    services: world.records.serviceId,
    clients: world.records.clientId,
    appointments: world.records.appointmentId,
    blocks: world.records.blockId,
    'booking-bursts': world.records.burstId,
    series: world.records.seriesId,
    waitlist: world.records.waitlistEntryId,
    packages: world.records.money.packageId,
    closings: world.records.money.closingId,
    push: world.records.pushDeviceId,
  };
  if (param === 'bookingId') return world.records.bookingId;
  // The operator console acts on a professional by her profile id (a professional gets 403).
  if (url.startsWith('/api/admin/')) return world.owner.profileId;
  // Clients who come back (issue 50): the owner's client.
  if (/^\/api\/comeback\/(clients|missing)\//.test(url)) return world.records.clientId;
  if (url.startsWith('/api/anamnesis/forms/')) return world.records.formId;
  if (url.startsWith('/api/anamnesis/appointments/')) return world.records.bookedAppointmentId;
  if (url.startsWith('/api/availability/time-off/')) return world.records.timeOffId;
  if (url.startsWith('/api/availability/exceptions/') && param === 'date') {
    return world.records.exceptionDate;
  }
  const id = param === 'id' && resource ? ids[resource] : undefined;
  if (!id) {
    throw new Error(
      `No owner record for :${param} in ${url}. Add one to ownerParam() in ` +
        'test/attacks/route-auth.test.ts so this route is attacked with the owner’s ids.',
    );
  }
  return id;
}

const UNAUTHORIZED = {
  statusCode: 401,
  code: 'UNAUTHORIZED',
  message: 'Faça login para continuar.',
};

function call(route: RouteEntry, options: Omit<InjectOptions, 'method' | 'url'> = {}) {
  const url = fillParams(route.url, ownerParam);
  const hasBody = !['GET', 'HEAD', 'DELETE'].includes(route.method);
  return world.ctx.app.inject({
    method: route.method as InjectOptions['method'],
    url,
    ...(hasBody && options.payload === undefined ? { payload: {} } : {}),
    ...options,
  });
}

describe('the route table', () => {
  it('is read whole, and the public list names only real routes', () => {
    const keys = new Set(routes.map(routeKey));
    for (const known of [
      'GET /api/me',
      'DELETE /api/clients/:id',
      'POST /api/services/:id/image',
      'POST /api/public/bookings',
      'GET /book/:link',
    ]) {
      expect(keys, known).toContain(known);
    }
    expect(authenticated.length).toBeGreaterThanOrEqual(25);
    expect(authenticated.map(routeKey)).not.toContain('POST /api/public/bookings');
  });
});

describe('without a valid session every authenticated route answers 401', () => {
  async function expectAll401(label: string, headers: Record<string, string>) {
    const before = await world.ownerSnapshot();
    const failures: string[] = [];
    for (const route of authenticated) {
      const res = await call(route, { headers });
      const isRefused =
        res.statusCode === 401 &&
        (route.method === 'HEAD' || JSON.stringify(res.json()) === JSON.stringify(UNAUTHORIZED));
      if (!isRefused) failures.push(`${routeKey(route)} → ${res.statusCode} ${res.body}`);
    }
    expect(failures, `${label}: routes that did not answer 401`).toEqual([]);
    expect(await world.ownerSnapshot()).toEqual(before);
  }

  it('with no cookie', async () => {
    await expectAll401('no cookie', {});
  });

  it('with a forged session cookie', async () => {
    await expectAll401('forged cookie', {
      cookie: 'agendaki.session_token=forjado.assinatura-falsa',
    });
  });

  it('with the cookie of a session that was signed out', async () => {
    const gone = await signUpProfessional(world.ctx);
    const out = await gone.request({ method: 'POST', url: '/api/auth/sign-out' });
    expect(out.statusCode).toBe(204);
    await expectAll401('signed-out cookie', { cookie: gone.cookie });
  });
});

/**
 * What the intruder sends to each route: a body that passes validation, so the refusal (or its
 * absence) comes from the ownership rules, not from a 400. `refusedWith` lists the statuses
 * accepted as a refusal; a route with an id in its path must answer 403 or 404.
 */
interface Attempt {
  options?: Omit<InjectOptions, 'method' | 'url'>;
  refusedWith?: number[];
}

function intruderAttempts(route: RouteEntry): Attempt[] {
  const { records, intruder } = world;
  const table: Record<string, Attempt[]> = {
    'PATCH /api/appointments/:id': [{ options: { payload: { status: 'cancelled' } } }],
    'PATCH /api/clients/:id': [{ options: { payload: { name: 'Roubada' } } }],
    // The intruder knows the client's name: the ownership check, not the name, refuses.
    'POST /api/clients/:id/erase': [{ options: { payload: { confirmName: 'Cliente da Dona' } } }],
    'GET /api/clients/:id/export': [{ options: { query: { format: 'csv' } } }, {}],
    'PATCH /api/services/:id': [{ options: { payload: { name: 'Roubado', isActive: false } } }],
    'POST /api/services/:id/image': [
      { options: multipartFile(IMAGES.gif, 'troca.gif', 'image/gif') },
    ],
    'POST /api/appointments': [
      {
        refusedWith: [403, 404],
        options: {
          payload: {
            clientId: records.clientId,
            serviceId: intruder.services[0]!.id,
            appointmentDate: '2026-12-01',
            startTime: '15:00',
          },
        },
      },
    ],
    'GET /api/clients': [{ options: { query: { search: 'Cliente da Dona' } } }, {}],
    'GET /api/appointments': [{ options: { query: { search: 'Cliente da Dona' } } }, {}],
    'POST /api/clients': [{ options: { payload: { name: 'Cliente do Intruso' } } }],
    'POST /api/services': [
      { options: { payload: { name: 'Serviço do Intruso', price: 10, durationMinutes: 30 } } },
    ],
    'PUT /api/availability': [{ options: { payload: { windows: LUNCH_BREAK_WEEK } } }],
    'POST /api/auth/change-password': [
      {
        options: {
          payload: {
            currentPassword: 'nao-e-a-senha-1',
            newPassword: 'outra-senha-123',
            confirmPassword: 'outra-senha-123',
          },
        },
      },
    ],
    'POST /api/billing/portal': [{ options: { payload: { intent: 'manage' } } }],
    'PATCH /api/profile': [{ options: { payload: { businessName: 'Intruso Renomeado' } } }],
    // Taking the owner's link must fail as "already taken", and leave the owner's link alone.
    'PUT /api/profile/link': [
      { refusedWith: [409], options: { payload: { customLink: world.owner.customLink } } },
    ],
    // A date names a day of the caller's own calendar, not a record: the intruder only sets
    // their own hours for the owner's date, and the owner's exception stays as it was.
    'PUT /api/availability/exceptions/:date': [
      { refusedWith: [200], options: { payload: { windows: [] } } },
    ],
    // A valid new version of the owner's form, with the intruder's own service.
    'PUT /api/anamnesis/forms/:id': [
      {
        options: {
          payload: {
            name: 'Roubada',
            fields: [{ id: 'q1', label: 'Alergias?', type: 'yes_no', required: true }],
            serviceIds: [],
          },
        },
      },
    ],
    'PUT /api/comeback/clients/:id/marketing': [{ options: { payload: { allowed: false } } }],
    'PUT /api/comeback/clients/:id/birthday': [
      { options: { payload: { birthday: '01/01/1990' } } },
    ],
    'PUT /api/appointments/:id/whatsapp-sent': [{ options: { payload: { sent: true } } }],
    'POST /api/series/:id/change': [
      {
        options: {
          payload: { bookingId: records.seriesBookingId, scope: 'all', action: 'cancel' },
        },
      },
    ],
    ...Object.fromEntries(
      ['POST /api/series', 'POST /api/series/preview'].map((key) => [
        key,
        [
          {
            refusedWith: [403, 404],
            options: {
              payload: {
                clientId: records.clientId,
                serviceIds: [intruder.services[0]!.id],
                startDate: '2026-12-09',
                startTime: '15:00',
                frequency: 'weekly',
                interval: 1,
                end: { kind: 'count', count: 2 },
              },
            },
          },
        ],
      ]),
    ),
    // Money (docs/decisions/038-money-received.md): valid bodies, so ownership refuses them.
    'POST /api/appointments/:id/closing': [
      {
        options: {
          payload: {
            items: [{ serviceId: intruder.services[0]!.id, priceCents: 100 }],
            discountKind: 'amount',
            discountValue: 0,
            tipCents: 0,
            payments: [],
          },
        },
      },
    ],
    'POST /api/closings/:id/reopen': [{ options: { payload: { reason: 'Tentativa' } } }],
    'POST /api/closings/:id/payments': [
      { options: { payload: { method: 'pix', amountCents: 100 } } },
    ],
    'POST /api/clients/:id/packages': [
      { options: { payload: { packageId: records.money.packageId, payments: [] } } },
    ],
    'PATCH /api/packages/:id': [{ options: { payload: { isActive: false } } }],
    'POST /api/appointments/:id/package-session': [
      { options: { payload: { clientPackageId: records.money.clientPackageId } } },
    ],
    'GET /api/closings/summary': [{ options: { query: { ids: records.appointmentId } } }],
    'GET /api/money/clients': [{ options: { query: { ids: records.clientId } } }],
    // The owner's booking ids answer the intruder nothing (their own rows only).
    'GET /api/whatsapp/bookings': [
      { refusedWith: [200], options: { query: { ids: world.records.bookingId } } },
    ],
    'GET /api/profile/link-availability': [
      { options: { query: { link: world.owner.customLink } } },
    ],
    // A free time for the owner's waiting client: only the owner may offer it.
    'POST /api/waitlist/:id/offer': [
      { options: { payload: { date: '2026-12-04', time: '09:00' } } },
    ],
  };
  return table[routeKey(route)] ?? [{}];
}

describe("a second professional aimed at the owner's records", () => {
  it('is refused on every route that takes an id (403/404), and nothing of the owner changes', async () => {
    const secrets = ownerSecrets(world);
    const failures: string[] = [];
    const before = await world.ownerSnapshot();
    for (const route of authenticated) {
      for (const attempt of intruderAttempts(route)) {
        const res: LightMyRequestResponse = await world.intruder.pro.request({
          method: route.method as InjectOptions['method'],
          url: fillParams(route.url, ownerParam),
          ...attempt.options,
        });
        const label = `${routeKey(route)} ${JSON.stringify(attempt.options?.query ?? '')}`;
        const refusals = attempt.refusedWith ?? (hasParams(route) ? [403, 404] : undefined);
        if (refusals && !refusals.includes(res.statusCode)) {
          failures.push(
            `${label} → ${res.statusCode} (expected ${refusals.join('/')}) ${res.body}`,
          );
        }
        if (res.statusCode >= 500) failures.push(`${label} → ${res.statusCode} ${res.body}`);
        const leaked = secrets.filter((secret) => res.body.includes(secret));
        if (leaked.length > 0) failures.push(`${label} leaked ${leaked.join(', ')}`);
        const after = await world.ownerSnapshot();
        if (JSON.stringify(after) !== JSON.stringify(before)) {
          failures.push(`${label} changed the owner's data`);
          expect(after).toEqual(before);
        }
      }
    }
    expect(failures).toEqual([]);
    // Every route (some twice), with a snapshot of the owner's tables after each: slow.
  }, 180_000);

  it('and the owner still sees and uses every record afterwards', async () => {
    const { owner, records } = world;
    for (const url of [
      `/api/services`,
      `/api/clients/${records.clientId}`,
      `/api/appointments/${records.appointmentId}`,
      `/api/appointments/${records.bookedAppointmentId}`,
    ]) {
      const res = await owner.pro.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
    }
    const image = await world.ctx.app.inject({ method: 'GET', url: records.imageUrl });
    expect(image.statusCode).toBe(200);
  });
});
