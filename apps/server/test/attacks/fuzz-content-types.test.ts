import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MALFORMED_MULTIPART_MESSAGE } from '../../src/lib/multipart';
import { nextIp } from '../helpers/auth';
import { IMAGES, multipartFile } from '../helpers/images';
import { headerValue, junkString, junkValue, seg } from './helpers/fuzz-arbitraries';
import { isStateChanging, listRoutes, routeKey, type RouteEntry } from './helpers/route-table';
import { createAttackWorld, type AttackWorld } from './helpers/world';

/**
 * Bodies of every content type, well-formed and broken, on every route that takes a body: the
 * parsers (JSON, multipart, the ones Fastify lacks) must answer a 4xx in pt-BR, never a 5xx.
 * Requests carry the owner's session from our own origin, so they get past authentication and
 * the CSRF check to the parsers and the handlers. A failure prints the seed and the shrunk
 * request; `FUZZ_SEED=<seed> FUZZ_RUNS=<n>` replays it.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
const SEED =
  process.env.FUZZ_SEED === 'random'
    ? Date.now() % 2_147_483_647
    : Number(process.env.FUZZ_SEED ?? 20_261_123);
const OUR_ORIGIN = 'http://localhost:3000';
const BOUNDARY = 'fuzz-boundary-7d3f';

let world: AttackWorld;
let routes: RouteEntry[];

beforeAll(async () => {
  world = await createAttackWorld();
  routes = listRoutes(world.ctx.app).filter(isStateChanging);
}, 60_000);
afterAll(async () => {
  await world?.close();
});

function ownerRequest(options: Omit<InjectOptions, 'remoteAddress'>) {
  return world.ctx.app.inject({
    ...options,
    remoteAddress: nextIp(),
    headers: { origin: OUR_ORIGIN, cookie: world.owner.pro.cookie, ...options.headers },
  });
}

describe('malformed multipart answers 400 in pt-BR and stores nothing', () => {
  const good = () => multipartFile(IMAGES.png, 'foto.png', 'image/png');
  const goodType = () => good().headers['content-type']!;

  const cases: { label: string; type: () => string; body: () => Buffer | string }[] = [
    { label: 'no boundary', type: () => 'multipart/form-data', body: () => good().payload },
    {
      label: 'an empty boundary',
      type: () => 'multipart/form-data; boundary=',
      body: () => good().payload,
    },
    {
      label: 'an empty quoted boundary',
      type: () => 'multipart/form-data; boundary=""',
      body: () => good().payload,
    },
    {
      label: 'a boundary longer than 70 characters',
      type: () => `multipart/form-data; boundary=${'x'.repeat(71)}`,
      body: () => good().payload,
    },
    {
      label: 'a boundary the body does not use',
      type: () => 'multipart/form-data; boundary=outra-fronteira',
      body: () => good().payload,
    },
    {
      label: 'a part truncated in its data',
      type: goodType,
      body: () => good().payload.subarray(0, 140),
    },
    {
      label: 'a part truncated in its headers',
      type: goodType,
      body: () => good().payload.subarray(0, 40),
    },
    {
      label: 'no closing delimiter',
      type: goodType,
      body: () => good().payload.subarray(0, good().payload.length - 10),
    },
    { label: 'a body that is not multipart', type: goodType, body: () => 'nada de partes aqui' },
  ];

  it.each(cases)('$label', async ({ type, body }) => {
    const uploads = path.join(world.dataDir, 'uploads');
    const filesBefore = fs.readdirSync(uploads).sort();
    const before = await world.ownerSnapshot();
    const res = await ownerRequest({
      method: 'POST',
      url: `/api/services/${world.records.serviceId}/image`,
      headers: { 'content-type': type() },
      payload: body(),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      code: 'BAD_REQUEST',
      message: MALFORMED_MULTIPART_MESSAGE,
    });
    expect(fs.readdirSync(uploads).sort()).toEqual(filesBefore);
    expect(await world.ownerSnapshot()).toEqual(before);
  });

  it('while a well-formed upload with a quoted boundary goes through', async () => {
    const { payload } = good();
    const res = await ownerRequest({
      method: 'POST',
      url: `/api/services/${world.records.serviceId}/image`,
      headers: { 'content-type': `multipart/form-data; boundary="----agendaki-test-boundary"` },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().imageUrl).toMatch(/^\/uploads\//);
  });
});

// ------------------------------------------------------------------ generators

const bytes = fc.uint8Array({ maxLength: 600 }).map((array) => Buffer.from(array));
const text = fc.oneof(junkString, fc.constant('{"a":'), fc.constant(''));

/** A multipart body with `boundary`: file and field parts, then maybe cut at any byte. */
const multipartBody = (boundary: string) =>
  fc
    .tuple(
      fc.array(
        fc.oneof(
          fc.record({
            name: fc.oneof(fc.constant('file'), junkString),
            filename: fc.oneof(fc.constant('foto.png'), junkString),
            type: fc.oneof(fc.constantFrom('image/png', 'image/gif', 'text/html'), junkString),
            data: fc.oneof(fc.constantFrom(IMAGES.png, IMAGES.gif, IMAGES.svg), bytes),
          }),
          fc.record({ name: junkString, value: junkString }),
        ),
        { maxLength: 3 },
      ),
      fc.boolean(),
      fc.nat(),
    )
    .map(([parts, complete, cut]) => {
      const chunks = parts.map((part) => {
        const safe = (value: string) => headerValue(value).replace(/"/g, '');
        const head =
          'filename' in part
            ? `Content-Disposition: form-data; name="${safe(part.name)}"; filename="${safe(part.filename)}"\r\nContent-Type: ${safe(part.type)}`
            : `Content-Disposition: form-data; name="${safe(part.name)}"`;
        const data = 'data' in part ? part.data : Buffer.from(part.value);
        return Buffer.concat([
          Buffer.from(`--${boundary}\r\n${head}\r\n\r\n`),
          data,
          Buffer.from('\r\n'),
        ]);
      });
      const whole = Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]);
      return complete ? whole : whole.subarray(0, cut % (whole.length + 1));
    });

const multipartType = fc.oneof(
  fc.constant(`multipart/form-data; boundary=${BOUNDARY}`),
  fc.constant(`multipart/form-data; boundary="${BOUNDARY}"`),
  fc.constantFrom(
    'multipart/form-data',
    'multipart/form-data; boundary=',
    'multipart/form-data; boundary=""',
    `multipart/form-data; boundary=${'b'.repeat(71)}`,
    'multipart/form-data; boundary=outra',
    `multipart/form-data; boundary=${BOUNDARY}; boundary=outra`,
    `multipart/form-data; boundary=${BOUNDARY} ; charset=utf-8`,
    `multipart/mixed; boundary=${BOUNDARY}`,
    `MULTIPART/FORM-DATA; BOUNDARY=${BOUNDARY}`,
  ),
  junkString.map((b) => `multipart/form-data; boundary=${headerValue(b)}`),
);

interface WireBody {
  type?: string;
  body: Buffer | string;
}

/** One body per content type the issue names, well-formed or broken. */
const wireBody: fc.Arbitrary<WireBody> = fc.oneof(
  fc.record({
    type: fc.constantFrom(
      'application/json',
      'application/json; charset=utf-8',
      'application/json; charset=utf-16',
      'application/vnd.api+json',
    ),
    body: fc.oneof(
      junkValue.map((value) => JSON.stringify(value) ?? 'null'),
      fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
      text,
    ),
  }),
  {
    // The widest parser and the one behind the only upload: drawn more often.
    weight: 3,
    arbitrary: fc
      .tuple(multipartType, fc.oneof(multipartBody(BOUNDARY), multipartBody(BOUNDARY), bytes, text))
      .map(([type, body]) => ({ type, body })),
  },
  fc.record({
    type: fc.constant('application/x-www-form-urlencoded'),
    body: fc.oneof(
      fc
        .dictionary(junkString, junkString, { maxKeys: 4 })
        .map((values) => new URLSearchParams(values).toString()),
      text,
    ),
  }),
  fc.record({ type: fc.constant('text/plain'), body: fc.oneof(text, bytes) }),
  fc.record({ type: fc.constant('application/octet-stream'), body: fc.oneof(bytes, text) }),
  fc.record({ body: fc.oneof(bytes, text) }),
  fc.record({ type: junkString.map(headerValue), body: fc.oneof(bytes, text) }),
);

/** `:id`: the owner's record (so handlers run), a random id, or garbage. */
function param(url: string): fc.Arbitrary<string> {
  const { records } = world;
  const own = url.startsWith('/api/services/')
    ? records.serviceId
    : url.startsWith('/api/clients/')
      ? records.clientId
      : records.appointmentId;
  return fc.oneof(fc.constant(own), fc.constant(own), fc.uuid(), junkString.map(seg));
}

/**
 * Sign-out is sent without the session: it would end the one every other request rides on.
 * The body is parsed all the same (it is a public route).
 */
const ENDS_THE_SESSION = new Set(['POST /api/auth/sign-out']);

async function expectNo5xx(route: RouteEntry) {
  const property = fc.asyncProperty(
    wireBody,
    fc.array(param(route.url), { minLength: 2, maxLength: 2 }),
    async ({ type, body }, params) => {
      const url = route.url.replace(/:\w+/g, () => params.shift()!);
      const res = await ownerRequest({
        method: route.method as InjectOptions['method'],
        url,
        payload: body,
        headers: {
          ...(type === undefined ? {} : { 'content-type': type }),
          ...(ENDS_THE_SESSION.has(routeKey(route)) ? { cookie: '' } : {}),
        },
      });
      if (res.statusCode >= 500) {
        throw new Error(
          `${route.method} ${url} [${type ?? 'no content-type'}] → ${res.statusCode} ${res.body.slice(0, 300)}`,
        );
      }
    },
  );
  try {
    await fc.assert(property, { numRuns: RUNS, seed: SEED, endOnFailure: false });
  } catch (error) {
    throw new Error(
      `${routeKey(route)}: a 5xx (replay with FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS})\n${(error as Error).message}`,
      { cause: error },
    );
  }
}

describe('no body of any content type yields a 5xx, on any route that takes one', () => {
  it('fuzzes every state-changing route of the table', () => {
    const keys = routes.map(routeKey);
    expect(keys).toContain('POST /api/services/:id/image');
    expect(keys).toContain('POST /api/billing/webhook');
    expect(keys.length).toBeGreaterThan(20);
  });

  it('on every route', { timeout: 300_000 }, async () => {
    const failures: string[] = [];
    for (const route of routes) {
      await expectNo5xx(route).catch((error: Error) => failures.push(error.message));
    }
    expect(failures).toEqual([]);
    // The owner's session lasted the whole run: the requests reached the handlers.
    const me = await ownerRequest({ method: 'GET', url: '/api/me' });
    expect(me.statusCode).toBe(200);
  });
});
