import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPglite, openPostgres, type Database } from '../src/db/client';
import { pixProviderCredentials } from '../src/db/schema';
import { openCredentials } from '../src/features/pix-provider/service';
import { credentialContext } from '../src/features/pix-provider/credentials';
import { createSecretBox, deriveSecretBoxKey } from '../src/lib/secret-box';
import { listFiles } from '../src/ops/backup-archive';
import { toolConnection } from '../src/ops/backup-service';
import { withDatabase } from './global-setup';
import { createTestApp, TEST_AUTH_SECRET, type TestContext } from './helpers/app';
import { nextIp } from './helpers/auth';
import { bookingBody, createBookableProfessional, MONDAY, postBooking } from './helpers/booking';
import { createTestDatabase, testDatabaseKind } from './helpers/database';
import { IMAGES, multipartFile } from './helpers/images';

/**
 * `npm run backup` and `npm run restore` (README, "Backup"), run as the operator runs them, as
 * child processes: data is made, backed up into one file, restored into an empty folder (PGlite)
 * or a new database (PostgreSQL), and a server on the copy with the same secret finds it all:
 * agenda, clients, the images byte for byte, the sealed anamnesis answers and credentials.
 */

const ROOT = path.resolve(import.meta.dirname, '../../..');
const box = createSecretBox(deriveSecretBoxKey(TEST_AUTH_SECRET));
const TOKEN = 'APP_USR-1234567890-token-da-profissional';
const ANSWER = 'Alergia a lidocaína-XYZ';
const isPostgres = Boolean(process.env.TEST_DATABASE_URL);
let work: string;
let original: Database;
const cleanups: Array<() => Promise<unknown>> = [];

beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'agendaki-backup-test-'));
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  fs.rmSync(work, { recursive: true, force: true });
});

/** `npm run backup|restore -- …` as a child process with only these database settings. */
function run(
  script: 'backup' | 'restore',
  args: string[],
  place: { DATA_DIR: string; DATABASE_URL?: string },
) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: undefined, INIT_CWD: undefined };
  Object.assign(env, place);
  for (const name of Object.keys(env)) if (env[name] === undefined) delete env[name];
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, `apps/server/src/ops/${script}.ts`), ...args],
    { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, output })),
  );
}

/** A new PostgreSQL database made from nothing (dropped after the tests). */
async function newPostgresDatabase(): Promise<string> {
  const url = process.env.TEST_DATABASE_URL!;
  const name = `agendaki_restore_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`).finally(() => admin.end());
  cleanups.push(async () => {
    const dropper = new pg.Client({ connectionString: url });
    await dropper.connect();
    await dropper
      .query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
      .finally(() => dropper.end());
  });
  return withDatabase(url, name);
}

/** The data folder's database: on disk for PGlite, as the command opens it. */
async function openOriginal(dataDir: string): Promise<Database> {
  if (isPostgres) return createTestDatabase();
  fs.mkdirSync(dataDir, { recursive: true });
  const dump = new Blob([fs.readFileSync(inject('pgliteDumpPath')!)]);
  return openPglite(path.join(dataDir, 'pglite'), { loadDataDir: dump });
}

/** What the original holds: a booking, its client, an image, anamnesis answers, a credential. */
async function makeData(ctx: TestContext) {
  const studio = await createBookableProfessional(ctx, { professionalName: 'Dora Backup' });
  const image = await studio.pro.request({
    method: 'POST',
    url: `/api/services/${studio.services[0]!.id}/image`,
    ...multipartFile(IMAGES.png, 'foto.png', 'image/png'),
  });
  expect(image.statusCode, image.body).toBe(200);
  const form = await studio.pro.request({
    method: 'POST',
    url: '/api/anamnesis/forms',
    payload: {
      name: 'Ficha facial',
      fields: [{ id: 'alergia', label: 'Alergias', type: 'short_text', required: true }],
      serviceIds: [studio.services[0]!.id],
    },
  });
  expect(form.statusCode, form.body).toBe(201);
  const booked = await postBooking(ctx, bookingBody(studio, { clientName: 'Helena Guardada' }));
  expect(booked.statusCode, booked.body).toBe(201);
  const token = String(booked.json().manageUrl).split('/agendamento/')[1]!;
  const answered = await ctx.app.inject({
    method: 'POST',
    url: `/api/public/manage/${token}/anamnesis`,
    payload: { formId: form.json().id, version: 1, consent: true, answers: { alergia: ANSWER } },
  });
  expect(answered.statusCode, answered.body).toBe(201);
  await ctx.database.db.insert(pixProviderCredentials).values({
    professionalId: studio.profileId,
    provider: 'mercadopago',
    accessTokenSealed: box.seal(TOKEN, credentialContext(studio.profileId, 'access-token')),
    webhookSecretSealed: box.seal('segredo', credentialContext(studio.profileId, 'webhook-secret')),
  });
  return {
    studio,
    imageUrl: image.json().imageUrl as string,
    appointmentId: booked.json().appointments[0].id as string,
  };
}

describe(`npm run backup and npm run restore (${testDatabaseKind})`, () => {
  it('bring back the agenda, clients, images byte for byte and readable sealed answers', async () => {
    const originalDir = path.join(work, 'original');
    original = await openOriginal(originalDir);
    await original.migrate();
    const ctx = await createTestApp({ database: original, env: { DATA_DIR: originalDir } });
    const made = await makeData(ctx).finally(() => ctx.close());
    // On PGlite the command opens the folder itself: the server is gone (else it asks the server).
    if (isPostgres) cleanups.push(() => original.close());
    else await original.close();
    const from = isPostgres ? { DATABASE_URL: original.url! } : {};

    const file = path.join(work, 'agendaki.zip');
    const backup = await run('backup', [file], { ...from, DATA_DIR: originalDir });
    expect(backup.output, backup.output).toContain(`Backup salvo em ${file}`);
    expect(backup.code).toBe(0);
    expect(fs.readFileSync(file).includes(Buffer.from(TEST_AUTH_SECRET))).toBe(false);

    const target = path.join(work, 'restored');
    const to = isPostgres
      ? { DATABASE_URL: await newPostgresDatabase(), DATA_DIR: target }
      : { DATA_DIR: target };
    const restore = await run('restore', [file], to);
    expect(restore.code, restore.output).toBe(0);
    // A second restore into the same place is refused: it is no longer empty.
    const again = await run('restore', [file], to);
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/não está vazi/);

    const images = listFiles(path.join(originalDir, 'uploads'));
    expect(images.length).toBeGreaterThan(0);
    expect(listFiles(path.join(target, 'uploads'))).toEqual(images);
    for (const name of images) {
      const copy = fs.readFileSync(path.join(target, 'uploads', name));
      expect(copy.equals(fs.readFileSync(path.join(originalDir, 'uploads', name)))).toBe(true);
    }

    const database: Database = isPostgres
      ? await openPostgres(to.DATABASE_URL!)
      : await openPglite(path.join(target, 'pglite'));
    await database.migrate();
    const restored = await createTestApp({ database, env: { DATA_DIR: target } });
    cleanups.push(async () => {
      await restored.close();
      await database.close();
    });
    const signIn = await restored.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      remoteAddress: nextIp(),
      payload: { email: made.studio.pro.email, password: 'senha-segura-123' },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const cookie = String(signIn.headers['set-cookie']).split(';')[0]!;
    const get = (url: string) => restored.app.inject({ method: 'GET', url, headers: { cookie } });

    const agenda = JSON.stringify((await get('/api/appointments')).json());
    expect(agenda).toContain('Helena Guardada');
    expect(agenda).toContain(MONDAY);
    expect(JSON.stringify((await get('/api/clients')).json())).toContain('Helena Guardada');
    const served = await get(made.imageUrl);
    expect(served.statusCode).toBe(200);
    const [stored] = images.filter((name) => made.imageUrl.endsWith(name));
    expect(served.rawPayload.equals(fs.readFileSync(path.join(target, 'uploads', stored!)))).toBe(
      true,
    );
    // Sealed with the server's secret: readable again given the same one.
    const answers = await get(`/api/anamnesis/appointments/${made.appointmentId}`);
    expect(answers.statusCode, answers.body).toBe(200);
    expect(answers.json()[0].items).toEqual([{ label: 'Alergias', answer: ANSWER }]);
    const opened = await openCredentials({ db: database.db, box }, made.studio.profileId);
    expect(opened?.credentials.accessToken).toBe(TOKEN);
    const otherBox = createSecretBox(deriveSecretBoxKey('outro-segredo-0123456789abcdefghijklmn'));
    await expect(
      openCredentials({ db: database.db, box: otherBox }, made.studio.profileId),
    ).rejects.toThrow();

    // A backup of one database kind is not restored into the other.
    const otherKind = isPostgres
      ? { DATA_DIR: path.join(work, 'other-kind') }
      : {
          DATA_DIR: path.join(work, 'other-kind'),
          DATABASE_URL: 'postgres://ninguem@127.0.0.1:1/x',
        };
    const wrongKind = await run('restore', [file], otherKind);
    expect(wrongKind.code).toBe(1);
    expect(wrongKind.output).toContain(
      isPostgres ? 'Este backup é de PostgreSQL' : 'Este backup é do banco embutido (PGlite)',
    );
    if (isPostgres) {
      // The database the backup came from is no empty database.
      const full = await run('restore', [file], { DATABASE_URL: original.url!, DATA_DIR: target });
      expect(full.code).toBe(1);
      expect(full.output).toContain('O banco de destino não está vazio');
    }
  }, 240_000);

  it('refuses a file that is not a backup', async () => {
    const file = path.join(work, 'nada.zip');
    fs.writeFileSync(file, 'não é zip');
    const res = await run('restore', [file], { DATA_DIR: path.join(work, 'x') });
    expect(res.code).toBe(1);
    expect(fs.existsSync(path.join(work, 'x', 'pglite'))).toBe(false);
  }, 60_000);

  it('hands pg_dump and pg_restore the password in PGPASSWORD, not on the command line', () => {
    expect(toolConnection('postgres://agendaki:s%40gredo@db:5432/agendaki')).toEqual({
      dbname: 'postgres://agendaki@db:5432/agendaki',
      password: 's@gredo',
    });
    expect(toolConnection('postgres://postgres@127.0.0.1:5432/test')).toEqual({
      dbname: 'postgres://postgres@127.0.0.1:5432/test',
    });
  });
});
