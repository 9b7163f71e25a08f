import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, openPostgres, type Database } from '../src/db/client';
import { pixProviderCredentials } from '../src/db/schema';
import { openCredentials } from '../src/features/pix-provider/service';
import { credentialContext } from '../src/features/pix-provider/credentials';
import { createSecretBox, deriveSecretBoxKey } from '../src/lib/secret-box';
import { createBackup, restoreBackup } from '../src/ops/backup-service';
import { withDatabase } from './global-setup';
import { createTestApp, TEST_AUTH_SECRET, type TestContext } from './helpers/app';
import { nextIp } from './helpers/auth';
import { bookingBody, createBookableProfessional, MONDAY, postBooking } from './helpers/booking';
import { testDatabaseKind } from './helpers/database';
import { IMAGES, multipartFile } from './helpers/images';

/**
 * `npm run backup` and `npm run restore` (README, "Backup"): data is made, backed up into one
 * file, restored into an empty folder (PGlite) or an empty database (PostgreSQL), and a server on
 * the copy with the same secret finds it all: agenda, clients, images, sealed credentials.
 */

const box = createSecretBox(deriveSecretBoxKey(TEST_AUTH_SECRET));
const TOKEN = 'APP_USR-1234567890-token-da-profissional';
let work: string;
let ctx: TestContext;
let restored: TestContext | undefined;
let dropRestored: (() => Promise<void>) | undefined;

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'agendaki-backup-test-'));
  ctx = await createTestApp({ env: { DATA_DIR: path.join(work, 'original') } });
}, 60_000);
afterAll(async () => {
  await restored?.close();
  await dropRestored?.();
  await ctx.close();
  fs.rmSync(work, { recursive: true, force: true });
});

/** A new, empty place to restore into: a folder, or a database made from nothing. */
async function emptyTarget(): Promise<{ dataDir: string; databaseUrl?: string }> {
  const dataDir = path.join(work, 'restored');
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return { dataDir };
  const name = `agendaki_restore_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  dropRestored = async () => {
    const dropper = new pg.Client({ connectionString: url });
    await dropper.connect();
    await dropper
      .query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
      .finally(() => dropper.end());
  };
  return { dataDir, databaseUrl: withDatabase(url, name) };
}

describe(`backup and restore (${testDatabaseKind})`, () => {
  it('brings back appointments, clients, images and readable sealed settings', async () => {
    const studio = await createBookableProfessional(ctx, { professionalName: 'Dora Backup' });
    const image = await studio.pro.request({
      method: 'POST',
      url: `/api/services/${studio.services[0]!.id}/image`,
      ...multipartFile(IMAGES.png, 'foto.png', 'image/png'),
    });
    expect(image.statusCode, image.body).toBe(200);
    const imageUrl: string = image.json().imageUrl;
    const booked = await postBooking(ctx, bookingBody(studio, { clientName: 'Helena Guardada' }));
    expect(booked.statusCode, booked.body).toBe(201);
    await ctx.database.db.insert(pixProviderCredentials).values({
      professionalId: studio.profileId,
      provider: 'mercadopago',
      accessTokenSealed: box.seal(TOKEN, credentialContext(studio.profileId, 'access-token')),
      webhookSecretSealed: box.seal(
        'segredo-do-webhook',
        credentialContext(studio.profileId, 'webhook-secret'),
      ),
    });

    const file = path.join(work, 'agendaki.zip');
    const manifest = await createBackup(
      file,
      { dataDir: path.join(work, 'original'), databaseUrl: ctx.database.url, images: 'local' },
      ctx.database.dump ? () => ctx.database.dump!() : undefined,
    );
    expect(manifest).toMatchObject({ database: testDatabaseKind, images: 'local', imageCount: 2 });
    expect(fs.readFileSync(file).includes(Buffer.from(TEST_AUTH_SECRET))).toBe(false);

    const target = await emptyTarget();
    await restoreBackup(file, { ...target, images: 'local' });
    // A second restore into the same place is refused: it is no longer empty.
    await expect(restoreBackup(file, { ...target, images: 'local' })).rejects.toThrow(
      /não está vazi/,
    );

    const database: Database = target.databaseUrl
      ? await openPostgres(target.databaseUrl)
      : await openPglite(path.join(target.dataDir, 'pglite'));
    await database.migrate();
    restored = await createTestApp({ database, env: { DATA_DIR: target.dataDir } });
    const closeApp = restored.close;
    restored.close = async () => {
      await closeApp();
      await database.close();
    };

    const signIn = await restored.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      remoteAddress: nextIp(),
      payload: { email: studio.pro.email, password: 'senha-segura-123' },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const cookie = String(signIn.headers['set-cookie']).split(';')[0]!;
    const get = (url: string) => restored!.app.inject({ method: 'GET', url, headers: { cookie } });

    const agenda = (await get('/api/appointments')).json();
    expect(JSON.stringify(agenda)).toContain('Helena Guardada');
    expect(JSON.stringify(agenda)).toContain(MONDAY);
    expect(JSON.stringify((await get('/api/clients')).json())).toContain('Helena Guardada');
    const services: Array<{ id: string; imageUrl: string | null }> = (
      await get('/api/services')
    ).json();
    expect(services.find((service) => service.id === studio.services[0]!.id)?.imageUrl).toBe(
      imageUrl,
    );
    const served = await get(imageUrl);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.length).toBeGreaterThan(0);

    const opened = await openCredentials({ db: database.db, box }, studio.profileId);
    expect(opened?.credentials.accessToken).toBe(TOKEN);
    const otherBox = createSecretBox(deriveSecretBoxKey('outro-segredo-0123456789abcdefghijklmn'));
    await expect(
      openCredentials({ db: database.db, box: otherBox }, studio.profileId),
    ).rejects.toThrow();
  }, 120_000);

  it('refuses a file that is not a backup', async () => {
    const file = path.join(work, 'nada.zip');
    fs.writeFileSync(file, 'não é zip');
    await expect(
      restoreBackup(file, { dataDir: path.join(work, 'x'), images: 'local' }),
    ).rejects.toThrow();
  });
});
