import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ServiceImageType } from '@agendaki/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadsRoutes } from '../../src/features/storage/routes';
import { createLocalStorage, type FileStorage } from '../../src/features/storage/service';
import { IMAGES } from '../helpers/images';

/**
 * The upload route protects its files by itself: the type decided at upload, nosniff and a
 * sandboxing CSP, and only stored names served. In the whole app helmet adds nosniff to every
 * answer, so headers.test.ts cannot tell whether the route still sets it; here the route runs
 * alone, without helmet, as it would if the global headers changed or the folder were served
 * another way. Files planted next to the upload folder make a path traversal visible.
 */

let app: FastifyInstance;
let storage: FileStorage;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agendaki-upload-headers-'));
  storage = createLocalStorage(path.join(dataDir, 'uploads'));
  app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(uploadsRoutes, { storage });
  // What a traversal would reach: files beside the upload folder, one with an image extension.
  fs.writeFileSync(path.join(dataDir, 'fora.png'), IMAGES.png);
  fs.writeFileSync(path.join(dataDir, 'agendaki.lock'), 'segredo-do-servidor');
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the upload route, without the global security headers', () => {
  it.each([
    { type: 'image/png', data: IMAGES.png },
    { type: 'image/gif', data: IMAGES.gif },
    { type: 'image/jpeg', data: IMAGES.jpeg },
    { type: 'image/webp', data: IMAGES.webp },
    {
      // Image bytes first, then markup: a browser that sniffed could run it as HTML.
      type: 'image/png',
      data: Buffer.concat([IMAGES.png, Buffer.from('<html><script>alert(1)</script>')]),
    },
  ] as { type: ServiceImageType; data: Buffer }[])(
    'serves a $type file as $type, nosniff and sandboxed',
    async ({ type, data }) => {
      const url = await storage.save({ data, contentType: type });
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(type);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain('sandbox');
      expect(res.rawPayload.equals(data)).toBe(true);
    },
  );

  it('serves nothing outside the upload folder, whatever the name', async () => {
    const parent = path.basename(dataDir);
    for (const name of [
      '..%2Ffora.png',
      '%2e%2e%2ffora.png',
      '..%5Cfora.png',
      `..%2F..%2F${parent}%2Ffora.png`,
      '..%2Fagendaki.lock',
      'fora.png',
    ]) {
      const res = await app.inject({ method: 'GET', url: `/uploads/${name}` });
      expect(res.statusCode, name).toBe(404);
      expect(res.body, name).not.toContain('segredo');
      expect(res.rawPayload.includes(IMAGES.png), name).toBe(false);
    }
  });
});
