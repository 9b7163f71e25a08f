import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHmac, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveManageKey, hashToken, tokenFor } from '../../src/features/manage/token';
import { createSecretBox, deriveSecretBoxKey } from '../../src/lib/secret-box';
import { createTestApp, TEST_AUTH_SECRET, type TestContext } from '../helpers/app';
import { bookingBody, createBookableProfessional, postBooking } from '../helpers/booking';
import { createTestDatabase, testDatabaseKind } from '../helpers/database';
import type { Database } from '../../src/db/client';
import {
  MP_ACCESS_TOKEN,
  MP_WEBHOOK_SECRET,
  type MercadoPagoStandIn,
  startMercadoPagoStandIn,
} from '../helpers/mercado-pago-stand-in';

/**
 * Probe finding 3 (issue 44): someone holding a copy of the database (a backup, a dump, a
 * replica) tries every long string in every row of every table as the server secret. None may
 * sign a session cookie `/api/me` accepts, recompute a manage token or open a sealed credential.
 * On PGlite without AUTH_SECRET (the default) the secret is in DATA_DIR, outside the database;
 * an older install's secret kept in `app_settings` is moved out at start.
 */

let ctx: TestContext;
let database: Database;
let standIn: MercadoPagoStandIn;
let dataDir: string;
let cookieName: string;

interface Copy {
  candidates: string[];
  sessions: { token: string }[];
  links: { booking_id: string; nonce: string; token_hash: string }[];
  credentials: { professional_id: string; access_token_sealed: string }[];
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await ctx.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Every row of every table, and every string in them of a secret's length. */
async function copyOfTheDatabase(): Promise<Copy> {
  const tables = await rows<{ s: string; t: string }>(sql`
    select table_schema as s, table_name as t from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`);
  const found = new Set<string>();
  const walk = (value: unknown): void => {
    if (typeof value === 'string') {
      if (value.length >= 32) found.add(value);
      if (value.startsWith('{') || value.startsWith('[')) {
        try {
          walk(JSON.parse(value));
        } catch {
          // not JSON
        }
      }
    } else if (value && typeof value === 'object') {
      Object.values(value).forEach(walk);
    }
  };
  for (const { s, t } of tables) {
    walk(await rows(sql.raw(`select * from "${s}"."${t}"`)));
  }
  return {
    candidates: [...found],
    sessions: await rows(sql`select token from session`),
    links: await rows(sql`select booking_id, nonce, token_hash from manage_links`),
    credentials: await rows(
      sql`select professional_id, access_token_sealed from pix_provider_credentials`,
    ),
  };
}

function forgedCookie(secret: string, token: string): string {
  const signature = createHmac('sha256', secret).update(token).digest('base64');
  return `${cookieName}=${encodeURIComponent(`${token}.${signature}`)}`;
}

const opens = (secret: string, row: Copy['credentials'][number]) => {
  try {
    createSecretBox(deriveSecretBoxKey(secret)).open(
      row.access_token_sealed,
      `pix:${row.professional_id.toLowerCase()}:access-token`,
    );
    return true;
  } catch {
    return false;
  }
};

const recomputes = (secret: string, link: Copy['links'][number]) =>
  hashToken(tokenFor(deriveManageKey(secret), link.booking_id, link.nonce)) === link.token_hash;

/** The secret the server really uses: the DATA_DIR file on PGlite, AUTH_SECRET on PostgreSQL. */
function realSecret(): string {
  if (testDatabaseKind === 'postgres') return TEST_AUTH_SECRET;
  return fs.readFileSync(path.join(dataDir, 'auth-secret'), 'utf8').trim();
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agendaki-copy-'));
  standIn = await startMercadoPagoStandIn();
  // An install from before decision 029: its generated secret kept in app_settings.
  database = await createTestDatabase();
  await database.db.execute(
    sql`insert into app_settings (key, value) values ('auth_secret', ${randomBytes(48).toString('base64url')})`,
  );
  ctx = await createTestApp({
    database,
    env: {
      MERCADO_PAGO_API_BASE: standIn.url,
      DATA_DIR: dataDir,
      // The default install: no AUTH_SECRET on PGlite (PostgreSQL requires one).
      ...(testDatabaseKind === 'pglite' ? { AUTH_SECRET: '' } : {}),
    },
  });
  for (const name of ['Ana', 'Bia']) {
    const pro = await createBookableProfessional(ctx, { professionalName: name });
    const saved = await pro.pro.request({
      method: 'PUT',
      url: '/api/settings/payments/psp',
      payload: { accessToken: MP_ACCESS_TOKEN, webhookSecret: MP_WEBHOOK_SECRET },
    });
    expect(saved.statusCode).toBe(200);
    expect((await postBooking(ctx, bookingBody(pro))).statusCode).toBe(201);
    cookieName = pro.pro.cookie.split('=')[0]!;
  }
});
afterAll(async () => {
  await ctx?.close();
  await database?.close();
  await standIn?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a copy of the database', () => {
  it('holds sessions, manage links and sealed credentials to attack', async () => {
    const copy = await copyOfTheDatabase();
    expect(copy.sessions.length).toBeGreaterThanOrEqual(2);
    expect(copy.links).toHaveLength(2);
    expect(copy.credentials).toHaveLength(2);
    // With the real secret each attack works: the test below can fail.
    const secret = realSecret();
    const me = await ctx.app.inject({
      url: '/api/me',
      headers: { cookie: forgedCookie(secret, copy.sessions[0]!.token) },
    });
    expect(me.statusCode).toBe(200);
    expect(copy.links.every((link) => recomputes(secret, link))).toBe(true);
    expect(copy.credentials.every((row) => opens(secret, row))).toBe(true);
  });

  it('gives no secret that forges a session, recomputes a manage token or opens a credential', async () => {
    const copy = await copyOfTheDatabase();
    expect(copy.candidates.length).toBeGreaterThan(10);
    const forged: string[] = [];
    for (const candidate of copy.candidates) {
      const me = await ctx.app.inject({
        url: '/api/me',
        headers: { cookie: forgedCookie(candidate, copy.sessions[0]!.token) },
      });
      if (me.statusCode === 200) forged.push(candidate);
    }
    expect(forged).toEqual([]);
    expect(copy.candidates.filter((c) => copy.links.some((link) => recomputes(c, link)))).toEqual(
      [],
    );
    expect(copy.candidates.filter((c) => copy.credentials.some((row) => opens(c, row)))).toEqual(
      [],
    );
  });
});
