import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { IMAGE_DIMENSIONS_ERROR } from '@agendaki/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takeMostDecodingAtOnce } from '../../src/features/storage/images';
import { createTestApp, type TestContext } from '../helpers/app';
import { multipartFile } from '../helpers/images';
import { signUpProfessional, type SignedInProfessional } from '../helpers/session';

/**
 * Issue 44, finding 4 (docs/decisions/030): a 117 KB PNG of 1,000,000 × 40 pixels (under the
 * 50-megapixel cap) cost seconds of CPU and ~700 MB to decode, four at once some 2 GB. Now each
 * side is limited, read from the header before any pixel, and uploads are decoded one at a
 * time. The crafted files are made in a child process, so that making them does not grow (or
 * pre-grow) this process's memory, which the test measures.
 */

let ctx: TestContext;
let pro: SignedInProfessional;
let dataDir: string;
let serviceId: string;
let thinPng: Buffer;
let worstJpeg: Buffer;

function craft(script: string): Buffer {
  const file = path.join(dataDir, 'crafted.bin');
  execFileSync(process.execPath, ['--input-type=module', '-e', script, file], {
    cwd: path.resolve(__dirname, '../..'),
  });
  return fs.readFileSync(file);
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agendaki-image-cost-'));
  // What the probe sent: a PNG 1,000,000 px wide and 40 px high, 117 KB.
  thinPng = craft(
    `import sharp from 'sharp'; await sharp({ create: { width: 1000000, height: 40, channels: 3,
     background: '#c80a0a' } }).png({ compressionLevel: 9 }).toFile(process.argv[1]);`,
  );
  // The costliest accepted upload: 10,000 × 5,000 (both limits), progressive JPEG (the decoder
  // holds every coefficient of the image).
  worstJpeg = craft(
    `import sharp from 'sharp'; await sharp({ create: { width: 10000, height: 5000, channels: 3,
     background: '#808080' } }).jpeg({ progressive: true, quality: 90 }).toFile(process.argv[1]);`,
  );
  ctx = await createTestApp({ env: { DATA_DIR: dataDir } });
  pro = await signUpProfessional(ctx);
  const created = await pro.request({
    method: 'POST',
    url: '/api/services',
    payload: { name: 'Manicure', price: 30, durationMinutes: 40 },
  });
  serviceId = created.json().id;
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function upload(data: Buffer, filename: string, contentType: string) {
  return pro.request({
    method: 'POST',
    url: `/api/services/${serviceId}/image`,
    ...multipartFile(data, filename, contentType),
  });
}

/** Runs `work`, sampling this process's RSS; returns its result, the time and the peak growth. */
async function measure<T>(work: () => Promise<T>) {
  global.gc?.();
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 5);
  const started = performance.now();
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { result, ms: performance.now() - started, growthMb: (peak - before) / 1e6 };
  } finally {
    clearInterval(sampler);
  }
}

describe('an image that claims many pixels for few bytes', () => {
  it('is refused from its header, in pt-BR, at once (four at a time too)', async () => {
    expect(thinPng.length).toBeLessThan(200_000);
    const { result, ms, growthMb } = await measure(() =>
      Promise.all(Array.from({ length: 4 }, () => upload(thinPng, 'fino.png', 'image/png'))),
    );
    // The old code took 4.6 s and +2,281 MB here (25 s on the probe's machine).
    expect(growthMb).toBeLessThan(100);
    expect(ms).toBeLessThan(2_000);
    for (const res of result) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(IMAGE_DIMENSIONS_ERROR);
    }
  });

  it('eight of the costliest accepted uploads, with four refused ones, stay within bounds', async () => {
    takeMostDecodingAtOnce();
    const { result, ms, growthMb } = await measure(() =>
      Promise.all([
        ...Array.from({ length: 8 }, () => upload(worstJpeg, 'grande.jpg', 'image/jpeg')),
        ...Array.from({ length: 4 }, () => upload(thinPng, 'fino.png', 'image/png')),
      ]),
    );
    // One at a time: 8-16 s and +290-455 MB here (allocator noise); the old code over 2 GB.
    expect(growthMb, `RSS +${growthMb.toFixed(0)} MB in ${ms.toFixed(0)} ms`).toBeLessThan(800);
    // What bounds it: one decode at a time, the others queued (all at once: +620 MB).
    expect(takeMostDecodingAtOnce()).toBe(1);
    expect(ms).toBeLessThan(60_000);
    expect(result.map((res) => res.statusCode)).toEqual([
      ...Array(8).fill(200),
      400,
      400,
      400,
      400,
    ]);
  }, 90_000);
});
