import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPurgeJob } from '../../src/features/maintenance/job';
import { createLocalStorage } from '../../src/features/storage/service';
import type { RunningJob } from '../../src/plugins/jobs';
import { createTestApp, type TestContext } from '../helpers/app';
import { multipartFile } from '../helpers/images';
import { signUpProfessional, type SignedInProfessional } from '../helpers/session';

/**
 * Issue 44, finding 8 (docs/decisions/030): parallel uploads to one service each replaced the
 * image they had read before, so all but one left their files behind, unreferenced and still
 * served after the account was deleted. Now the displaced files are known under the row's lock
 * and removed after the commit that decided, and the hourly job sweeps what is left anyway.
 */

const PASSWORD = 'senha-segura-123';
let ctx: TestContext;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agendaki-orphans-'));
  // The clock at the real time: the sweep compares it with the files' modification times.
  ctx = await createTestApp({ env: { DATA_DIR: dataDir }, now: new Date().toISOString() });
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const uploadsDir = () => path.join(dataDir, 'uploads');
const storedFiles = () => (fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir()).sort() : []);
const fileOf = (url: string) => url.replace('/uploads/', '');

/** A small, distinct photo per upload (the same bytes would still be stored twice). */
function photo(shade: number): Promise<Buffer> {
  return sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: shade, g: 80, b: 80 } },
  })
    .png()
    .toBuffer();
}

async function createService(pro: SignedInProfessional): Promise<string> {
  const res = await pro.request({
    method: 'POST',
    url: '/api/services',
    payload: { name: 'Manicure', price: 30, durationMinutes: 40 },
  });
  return res.json().id;
}

function upload(pro: SignedInProfessional, serviceId: string, data: Buffer) {
  return pro.request({
    method: 'POST',
    url: `/api/services/${serviceId}/image`,
    ...multipartFile(data, 'foto.png', 'image/png'),
  });
}

describe('files that nothing points at', () => {
  it('parallel uploads to one service leave only the winner’s two files', async () => {
    const pro = await signUpProfessional(ctx);
    const serviceId = await createService(pro);
    const before = storedFiles();
    const photos = await Promise.all([10, 40, 70, 100, 130, 160].map(photo));
    const results = await Promise.all(photos.map((data) => upload(pro, serviceId, data)));
    for (const res of results) expect(res.statusCode, res.body).toBe(200);
    const list = (await pro.request({ method: 'GET', url: '/api/services' })).json();
    const service = list.find((s: { id: string }) => s.id === serviceId);
    const added = storedFiles().filter((name) => !before.includes(name));
    expect(added.sort()).toEqual([fileOf(service.imageUrl), fileOf(service.thumbnailUrl)].sort());
  });

  it('uploads racing the account’s deletion leave no file served', async () => {
    const pro = await signUpProfessional(ctx);
    const serviceId = await createService(pro);
    const first = await upload(pro, serviceId, await photo(200));
    expect(first.statusCode).toBe(200);
    const before = storedFiles().filter(
      (name) =>
        name !== fileOf(first.json().imageUrl) && name !== fileOf(first.json().thumbnailUrl),
    );
    const photos = await Promise.all([20, 50, 80, 110].map(photo));
    const racing = photos.map((data) => upload(pro, serviceId, data));
    const deletion = await pro.request({
      method: 'POST',
      url: '/api/account/delete',
      payload: { password: PASSWORD },
    });
    expect(deletion.statusCode, deletion.body).toBe(204);
    const uploads = await Promise.all(racing);
    const left = storedFiles().filter((name) => !before.includes(name));
    expect(left, uploads.map((res) => res.statusCode).join()).toEqual([]);
    for (const res of uploads.filter((r) => r.statusCode === 200)) {
      const served = await ctx.app.inject({ method: 'GET', url: res.json().imageUrl });
      expect(served.statusCode).toBe(404);
    }
  });

  it('the hourly job removes old unreferenced files, keeps referenced and recent ones', async () => {
    const pro = await signUpProfessional(ctx);
    const serviceId = await createService(pro);
    const kept = (await upload(pro, serviceId, await photo(30))).json();
    const storage = createLocalStorage(uploadsDir());
    const orphan = await storage.save({ data: await photo(60), contentType: 'image/webp' });
    const fresh = await storage.save({ data: await photo(90), contentType: 'image/webp' });
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60_000);
    for (const url of [kept.imageUrl, kept.thumbnailUrl, orphan]) {
      fs.utimesSync(path.join(uploadsDir(), fileOf(url)), twoHoursAgo, twoHoursAgo);
    }
    // Within the hour's grace: an upload whose transaction may not have committed yet.
    const halfAnHourAgo = new Date(Date.now() - 30 * 60_000);
    fs.utimesSync(path.join(uploadsDir(), fileOf(fresh)), halfAnHourAgo, halfAnHourAgo);
    const job = createPurgeJob({
      db: ctx.database.db,
      clock: ctx.clock,
      log: ctx.app.log,
      storage,
    });
    await job.handle({ id: 'purge', data: {} } as RunningJob<object>);
    const files = storedFiles();
    expect(files).not.toContain(fileOf(orphan));
    expect(files).toEqual(
      expect.arrayContaining([fileOf(kept.imageUrl), fileOf(kept.thumbnailUrl), fileOf(fresh)]),
    );
    expect((await ctx.app.inject({ method: 'GET', url: orphan })).statusCode).toBe(404);
  });
});
