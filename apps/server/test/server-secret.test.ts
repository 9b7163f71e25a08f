import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EnvError } from '../src/config/env';
import type { Database } from '../src/db/client';
import { openCredentials } from '../src/features/pix-provider/service';
import { createSecretBox, deriveSecretBoxKey } from '../src/lib/secret-box';
import { createTestApp } from './helpers/app';
import { createTestDatabase, testDatabaseKind } from './helpers/database';
import {
  MP_ACCESS_TOKEN,
  MP_WEBHOOK_SECRET,
  type MercadoPagoStandIn,
  startMercadoPagoStandIn,
} from './helpers/mercado-pago-stand-in';
import { signUpProfessional, type SignedInProfessional } from './helpers/session';

/**
 * Where the server secret lives (docs/decisions/029): never in the database; on PGlite without
 * AUTH_SECRET in DATA_DIR/auth-secret (0600); an older install's secret in `app_settings` moves
 * out at start without losing sessions or sealed credentials.
 */

const OLD = 'old-secret-kept-in-the-database-0123456789abcdef';
const NEW = 'new-secret-from-the-environment-0123456789abcdef';
let standIn: MercadoPagoStandIn;
let database: Database;
let dataDir: string;
let pro: SignedInProfessional;
let profileId: string;

const storedSecrets = async () =>
  (
    (await database.db.execute(
      sql`select value from app_settings where key = 'auth_secret'`,
    )) as unknown as { rows: { value: string }[] }
  ).rows.map((r) => r.value);

const sessionCount = async () =>
  (
    (await database.db.execute(sql`select count(*)::int as n from session`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows[0]!.n;

const app = (env: Record<string, string>) =>
  createTestApp({
    database,
    env: { MERCADO_PAGO_API_BASE: standIn.url, DATA_DIR: dataDir, ...env },
  });

const opensWith = async (secret: string) => {
  const opened = await openCredentials(
    { db: database.db, box: createSecretBox(deriveSecretBoxKey(secret)) },
    profileId,
  ).catch(() => null);
  return opened?.credentials.accessToken === MP_ACCESS_TOKEN;
};

beforeAll(async () => {
  standIn = await startMercadoPagoStandIn();
});
afterAll(async () => {
  await standIn.close();
});

/** An older version's install: the secret in app_settings, a session and sealed credentials. */
beforeEach(async () => {
  database = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agendaki-secret-'));
  const old = await app({ AUTH_SECRET: OLD });
  try {
    pro = await signUpProfessional(old);
    const saved = await pro.request({
      method: 'PUT',
      url: '/api/settings/payments/psp',
      payload: { accessToken: MP_ACCESS_TOKEN, webhookSecret: MP_WEBHOOK_SECRET },
    });
    expect(saved.statusCode).toBe(200);
    profileId = (await pro.request({ method: 'GET', url: '/api/me' })).json().profile.id;
  } finally {
    await old.app.close();
  }
  await database.db.execute(
    sql`insert into app_settings (key, value) values ('auth_secret', ${OLD})`,
  );
  return async () => {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
});

describe.runIf(testDatabaseKind === 'pglite')('on PGlite without AUTH_SECRET', () => {
  it('moves the stored secret to DATA_DIR/auth-secret (0600) and out of the table', async () => {
    const ctx = await app({ AUTH_SECRET: '' });
    try {
      const file = path.join(dataDir, 'auth-secret');
      expect(fs.readFileSync(file, 'utf8').trim()).toBe(OLD);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(await storedSecrets()).toEqual([]);
      // Nothing lost: the session goes on, the credentials still open.
      expect(
        (await ctx.app.inject({ url: '/api/me', headers: { cookie: pro.cookie } })).statusCode,
      ).toBe(200);
      expect(await opensWith(OLD)).toBe(true);
    } finally {
      await ctx.app.close();
    }
  });

  it('generates one into the file on a new install, and keeps it across restarts', async () => {
    await database.db.execute(sql`delete from app_settings`);
    const first = await app({ AUTH_SECRET: '' });
    const secret = fs.readFileSync(path.join(dataDir, 'auth-secret'), 'utf8').trim();
    await first.app.close();
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(secret).not.toBe(OLD);
    expect(await storedSecrets()).toEqual([]);
    const second = await app({ AUTH_SECRET: '' });
    await second.app.close();
    expect(fs.readFileSync(path.join(dataDir, 'auth-secret'), 'utf8').trim()).toBe(secret);
  });
});

describe.runIf(testDatabaseKind === 'postgres')('on PostgreSQL without AUTH_SECRET', () => {
  it('refuses to start, naming the variable, and keeps the stored secret for the move', async () => {
    await expect(app({ AUTH_SECRET: '' })).rejects.toThrow(EnvError);
    await expect(app({ AUTH_SECRET: '' })).rejects.toThrow(
      /AUTH_SECRET: obrigatório com PostgreSQL/,
    );
    expect(await storedSecrets()).toEqual([OLD]);
  });
});

describe('with AUTH_SECRET set', () => {
  it('to the stored value: deletes the stored copy, sessions and credentials go on', async () => {
    const ctx = await app({ AUTH_SECRET: OLD });
    try {
      expect(await storedSecrets()).toEqual([]);
      expect(
        (await ctx.app.inject({ url: '/api/me', headers: { cookie: pro.cookie } })).statusCode,
      ).toBe(200);
      expect(await opensWith(OLD)).toBe(true);
    } finally {
      await ctx.app.close();
    }
  });

  it('to another value: seals the credentials again, ends the sessions, deletes the stored copy', async () => {
    expect(await sessionCount()).toBeGreaterThan(0);
    const ctx = await app({ AUTH_SECRET: NEW });
    try {
      expect(await storedSecrets()).toEqual([]);
      expect(await opensWith(NEW)).toBe(true);
      expect(await opensWith(OLD)).toBe(false);
      expect(await sessionCount()).toBe(0);
      expect(
        (await ctx.app.inject({ url: '/api/me', headers: { cookie: pro.cookie } })).statusCode,
      ).toBe(401);
    } finally {
      await ctx.app.close();
    }
  });
});
