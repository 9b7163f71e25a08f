import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../src/config/env';
import { sweepOrphanFiles } from '../src/features/maintenance/orphan-files';
import { createFileStorage } from '../src/features/storage/service';
import { createFixedClock } from '../src/lib/clock';
import { createTestApp, type TestContext } from './helpers/app';
import { createTestDatabase } from './helpers/database';
import { IMAGES, multipartFile } from './helpers/images';
import { signUpProfessional, type SignedInProfessional } from './helpers/session';
import type { Database } from '../src/db/client';

/**
 * STORAGE_DRIVER=s3 against a real S3-compatible server (s3rver, from npm, on the loopback):
 * it stores what is put, serves it, deletes it, and refuses unknown credentials. (It does not
 * recompute Signature V4 itself; the signing is aws4fetch's, a kept library.)
 */
const BUCKET = 'agendaki-imagens';
// s3rver's only account.
const ACCESS_KEY = 'S3RVER';
const SECRET_KEY = 'S3RVER';

describe('STORAGE_DRIVER=s3', () => {
  let directory: string;
  let s3: S3rver;
  let endpoint: string;
  let database: Database;
  let ctx: TestContext;
  let pro: SignedInProfessional;

  const s3Env = (overrides: Record<string, string> = {}) => ({
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: endpoint,
    S3_BUCKET: BUCKET,
    S3_ACCESS_KEY_ID: ACCESS_KEY,
    S3_SECRET_ACCESS_KEY: SECRET_KEY,
    // Path style: the bucket's objects are public at <endpoint>/<bucket>/<key>.
    S3_PUBLIC_URL: `${endpoint}/${BUCKET}`,
    ...overrides,
  });

  beforeAll(async () => {
    directory = fs.mkdtempSync(path.join(os.tmpdir(), 'agendaki-s3-'));
    s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory,
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    const { port } = (await s3.run()) as AddressInfo;
    endpoint = `http://127.0.0.1:${port}`;
    database = await createTestDatabase();
    ctx = await createTestApp({ database, env: s3Env() });
    pro = await signUpProfessional(ctx);
  });
  afterAll(async () => {
    await ctx.close();
    await database.close();
    await s3.close();
    fs.rmSync(directory, { recursive: true, force: true });
  });

  async function upload(serviceId: string, data: Buffer) {
    return pro.request({
      method: 'POST',
      url: `/api/services/${serviceId}/image`,
      ...multipartFile(data, 'foto.png', 'image/png'),
    });
  }

  it('puts the image in the bucket, serves it at its public address, deletes it when replaced', async () => {
    const service = await pro.request({
      method: 'POST',
      url: '/api/services',
      payload: { name: 'Barba', price: 30, durationMinutes: 30 },
    });
    const res = await upload(service.json().id, IMAGES.png);
    expect(res.statusCode, res.body).toBe(200);
    const { imageUrl, thumbnailUrl } = res.json();
    for (const url of [imageUrl, thumbnailUrl]) {
      expect(url.startsWith(`${endpoint}/${BUCKET}/service-images/`)).toBe(true);
      expect(url).toMatch(/\/service-images\/[0-9a-f]{32}\.webp$/);
      // What a browser gets from the public address: a WebP, with its type and cache.
      const served = await fetch(url);
      expect(served.status).toBe(200);
      expect(
        Buffer.from(await served.arrayBuffer())
          .subarray(8, 12)
          .toString(),
      ).toBe('WEBP');
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }

    // A replaced image is deleted from the bucket; the new one is there.
    const second = await upload(service.json().id, IMAGES.png);
    expect(second.statusCode).toBe(200);
    const replacement = second.json().imageUrl as string;
    expect(replacement).not.toBe(imageUrl);
    expect((await fetch(imageUrl)).status).toBe(404);
    expect((await fetch(thumbnailUrl)).status).toBe(404);
    expect((await fetch(replacement)).status).toBe(200);
    // Nothing is served locally.
    const local = await ctx.app.inject({ method: 'GET', url: `/uploads/${'a'.repeat(32)}.png` });
    expect(local.statusCode).toBe(404);
  });

  it('answers 503 when the bucket refuses (unknown credentials), and leaves the service as it was', async () => {
    const wrong = await createTestApp({
      database,
      env: s3Env({ S3_ACCESS_KEY_ID: 'AKIAUNKNOWN' }),
    });
    try {
      const service = await pro.request({
        method: 'POST',
        url: '/api/services',
        payload: { name: 'Pé', price: 30, durationMinutes: 30 },
      });
      const file = multipartFile(IMAGES.png, 'foto.png', 'image/png');
      const res = await wrong.app.inject({
        method: 'POST',
        url: `/api/services/${service.json().id}/image`,
        payload: file.payload,
        headers: { ...file.headers, cookie: pro.cookie },
      });
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json().message).toBe('Não foi possível salvar a imagem. Tente novamente.');
      const list = await pro.request({ method: 'GET', url: '/api/services' });
      const after = list.json().find((s: { id: string }) => s.id === service.json().id);
      expect(after.imageUrl).toBeNull();
    } finally {
      await wrong.close();
    }
  });

  it("deletes the account's images from the bucket with the account (LGPD, decision 012)", async () => {
    const leaving = await signUpProfessional(ctx);
    const service = await leaving.request({
      method: 'POST',
      url: '/api/services',
      payload: { name: 'Escova', price: 40, durationMinutes: 40 },
    });
    const res = await leaving.request({
      method: 'POST',
      url: `/api/services/${service.json().id}/image`,
      ...multipartFile(IMAGES.png, 'foto.png', 'image/png'),
    });
    const { imageUrl, thumbnailUrl } = res.json();
    expect((await fetch(imageUrl)).status).toBe(200);
    expect((await fetch(thumbnailUrl)).status).toBe(200);
    const deleted = await leaving.request({
      method: 'POST',
      url: '/api/account/delete',
      payload: { password: 'senha-segura-123' },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await fetch(imageUrl)).status).toBe(404);
    expect((await fetch(thumbnailUrl)).status).toBe(404);
  });

  it('the hourly sweep removes a bucket file no service points at, keeps the referenced ones', async () => {
    const service = await pro.request({
      method: 'POST',
      url: '/api/services',
      payload: { name: 'Unha', price: 30, durationMinutes: 30 },
    });
    const kept = (await upload(service.json().id, IMAGES.png)).json();
    const storage = createFileStorage(ctx.env);
    const orphan = await storage.save({ data: IMAGES.webp, contentType: 'image/webp' });
    expect((await fetch(orphan)).status).toBe(200);
    // Now is within the hour's grace; two hours later it is not.
    const now = createFixedClock(new Date().toISOString());
    expect(await sweepOrphanFiles({ db: database.db, clock: now, storage })).toBe(0);
    const later = createFixedClock(new Date(Date.now() + 2 * 60 * 60_000).toISOString());
    expect(await sweepOrphanFiles({ db: database.db, clock: later, storage })).toBeGreaterThan(0);
    expect((await fetch(orphan)).status).toBe(404);
    expect((await fetch(kept.imageUrl)).status).toBe(200);
    expect((await fetch(kept.thumbnailUrl)).status).toBe(200);
  });

  it('refuses to start with STORAGE_DRIVER=s3 and no bucket settings', () => {
    expect(() => loadEnv({ STORAGE_DRIVER: 's3' })).toThrow(EnvError);
    expect(() => loadEnv({ STORAGE_DRIVER: 's3' })).toThrow(/S3_BUCKET: obrigatório/);
  });
});
