import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers/app';
import { createBookableProfessional } from './helpers/booking';
import { IMAGES, multipartFile } from './helpers/images';
import { signUpProfessional, type SignedInProfessional } from './helpers/session';

let ctx: TestContext;
let pro: SignedInProfessional;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agendaki-uploads-'));
  ctx = await createTestApp({ env: { DATA_DIR: dataDir } });
  pro = await signUpProfessional(ctx);
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const uploadsDir = () => path.join(dataDir, 'uploads');
const storedFile = (url: string) => path.join(uploadsDir(), url.replace('/uploads/', ''));

async function createService(): Promise<string> {
  const res = await pro.request({
    method: 'POST',
    url: '/api/services',
    payload: { name: 'Manicure', price: 30, durationMinutes: 40 },
  });
  return res.json().id;
}

function upload(serviceId: string, data: Buffer, filename: string, contentType: string) {
  return pro.request({
    method: 'POST',
    url: `/api/services/${serviceId}/image`,
    ...multipartFile(data, filename, contentType),
  });
}

const STORED_WEBP = /^\/uploads\/[0-9a-f]{32}\.webp$/;

/** What a phone sends: a large JPEG with its EXIF orientation (6: turn 90° to stand upright). */
function phonePhoto(): Promise<Buffer> {
  return sharp({
    create: {
      width: 3000,
      height: 2000,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

async function served(url: string) {
  const file = await ctx.app.inject({ method: 'GET', url });
  expect(file.statusCode, url).toBe(200);
  return { file, meta: await sharp(file.rawPayload).metadata() };
}

const uploadedFiles = () => (fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir()).length : 0);

describe('service image upload: the bytes decide the type', () => {
  it.each([
    ['png', 'foto.png', 'image/png'],
    ['jpeg', 'foto.jpg', 'image/jpeg'],
    ['gif', 'foto.gif', 'image/gif'],
    ['webp', 'foto.webp', 'image/webp'],
    // A real PNG with a misleading name and type is still a PNG.
    ['png', 'foto.gif', 'application/octet-stream'],
  ] as const)('accepts a %s sent as %s (%s), stored as WebP', async (kind, name, sentAs) => {
    const id = await createService();
    const res = await upload(id, IMAGES[kind], name, sentAs);
    expect(res.statusCode, res.body).toBe(200);
    const { imageUrl, thumbnailUrl } = res.json();
    expect(imageUrl).toMatch(STORED_WEBP);
    expect(thumbnailUrl).toMatch(STORED_WEBP);
    expect(thumbnailUrl).not.toBe(imageUrl);

    for (const url of [imageUrl, thumbnailUrl]) {
      const { file, meta } = await served(url);
      expect(file.headers['content-type']).toBe('image/webp');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(meta.format).toBe('webp');
    }
  });

  it.each([
    ['a text file renamed .png', IMAGES.text, 'foto.png', 'image/png'],
    ['an SVG', IMAGES.svg, 'logo.svg', 'image/svg+xml'],
    ['an SVG renamed .png', IMAGES.svg, 'logo.png', 'image/png'],
    ['an SVG that draws, renamed .png', IMAGES.drawableSvg, 'logo.png', 'image/png'],
    ['an empty file', Buffer.alloc(0), 'vazio.png', 'image/png'],
  ])('refuses %s with 400 "Tipo de arquivo inválido"', async (_label, data, name, type) => {
    const id = await createService();
    const res = await upload(id, data, name, type);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      code: 'BAD_REQUEST',
      message: 'Tipo de arquivo inválido',
      details: { description: 'Por favor, selecione uma imagem (JPG, PNG, WEBP ou GIF)' },
    });
    const service = (await pro.request({ method: 'GET', url: '/api/services' }))
      .json()
      .find((s: { id: string }) => s.id === id);
    expect(service.imageUrl).toBeNull();
  });

  it('refuses a 6 MB image with 413 "Arquivo muito grande" and stores nothing', async () => {
    const id = await createService();
    const before = uploadedFiles();
    const big = Buffer.concat([IMAGES.png, Buffer.alloc(6 * 1024 * 1024)]);
    const res = await upload(id, big, 'grande.png', 'image/png');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      statusCode: 413,
      code: 'PAYLOAD_TOO_LARGE',
      message: 'Arquivo muito grande',
      details: { description: 'O tamanho máximo permitido é 5MB' },
    });
    expect(uploadedFiles()).toBe(before);
  });

  it('accepts an image of exactly 5 MB', async () => {
    const id = await createService();
    const exact = Buffer.concat([IMAGES.png, Buffer.alloc(5 * 1024 * 1024 - IMAGES.png.length)]);
    const res = await upload(id, exact, 'limite.png', 'image/png');
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses bytes that open like a PNG but do not decode, and stores nothing', async () => {
    const id = await createService();
    const before = uploadedFiles();
    const res = await upload(id, IMAGES.brokenPng, 'foto.png', 'image/png');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Tipo de arquivo inválido');
    expect(uploadedFiles()).toBe(before);
  });

  it('refuses a small PNG that claims 56 million pixels (a decompression bomb)', async () => {
    const bomb = await sharp({
      create: { width: 8000, height: 7000, channels: 3, background: '#ffffff' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const id = await createService();
    const res = await upload(id, bomb, 'bomba.png', 'image/png');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Imagem grande demais');
  });

  it('refuses a body that is not multipart, and a multipart body without a file', async () => {
    const id = await createService();
    const json = await pro.request({
      method: 'POST',
      url: `/api/services/${id}/image`,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
    const boundary = 'b';
    const empty = await pro.request({
      method: 'POST',
      url: `/api/services/${id}/image`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}--\r\n`,
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Selecione uma imagem para enviar.');
  });
});

describe("a phone's photo is stored at the sizes the pages show", () => {
  it('turns it upright, fits it in 1024 px, cuts a 192 px thumbnail and drops its EXIF', async () => {
    const photo = await phonePhoto();
    expect(photo.length).toBeGreaterThan(1024 * 1024);
    const studio = await createBookableProfessional(ctx);
    const id = studio.services[0]!.id;
    const res = await studio.pro.request({
      method: 'POST',
      url: `/api/services/${id}/image`,
      ...multipartFile(photo, 'IMG_2026.jpg', 'image/jpeg'),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { imageUrl, thumbnailUrl } = res.json();

    const image = await served(imageUrl);
    // 3000 x 2000 turned a quarter: 2000 x 3000, then fitted in 1024.
    expect([image.meta.width, image.meta.height]).toEqual([683, 1024]);
    expect(image.meta.orientation).toBeUndefined();
    expect(image.meta.exif).toBeUndefined();
    expect(image.file.rawPayload.length).toBeLessThan(photo.length / 4);

    const thumbnail = await served(thumbnailUrl);
    expect([thumbnail.meta.width, thumbnail.meta.height]).toEqual([192, 192]);
    expect(thumbnail.meta.exif).toBeUndefined();
    expect(thumbnail.file.rawPayload.length).toBeLessThan(40 * 1024);

    // The booking page gets the thumbnail.
    const page = await ctx.app.inject({
      method: 'GET',
      url: `/api/public/professionals/${studio.customLink}`,
    });
    expect(page.statusCode).toBe(200);
    const shown = page.json().services.find((s: { id: string }) => s.id === id);
    expect(shown).toMatchObject({ imageUrl, thumbnailUrl });
  });
});

describe('stored files follow the service', () => {
  it('removes the old file when the image is replaced', async () => {
    const id = await createService();
    const first = (await upload(id, IMAGES.png, 'a.png', 'image/png')).json();
    const firstFiles = [first.imageUrl, first.thumbnailUrl];
    for (const url of firstFiles) expect(fs.existsSync(storedFile(url))).toBe(true);
    const second = (await upload(id, IMAGES.gif, 'b.gif', 'image/gif')).json();
    expect(second.imageUrl).not.toBe(first.imageUrl);
    for (const url of firstFiles) {
      expect(fs.existsSync(storedFile(url))).toBe(false);
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
    for (const url of [second.imageUrl, second.thumbnailUrl]) {
      expect(fs.existsSync(storedFile(url))).toBe(true);
    }
  });

  it('removes the file when the image is removed', async () => {
    const id = await createService();
    const stored = (await upload(id, IMAGES.webp, 'a.webp', 'image/webp')).json();
    const res = await pro.request({ method: 'DELETE', url: `/api/services/${id}/image` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ imageUrl: null, thumbnailUrl: null });
    expect(fs.existsSync(storedFile(stored.imageUrl))).toBe(false);
    expect(fs.existsSync(storedFile(stored.thumbnailUrl))).toBe(false);
  });

  it('removes the file when the service is deleted', async () => {
    const id = await createService();
    const stored = (await upload(id, IMAGES.jpeg, 'a.jpg', 'image/jpeg')).json();
    expect((await pro.request({ method: 'DELETE', url: `/api/services/${id}` })).statusCode).toBe(
      204,
    );
    expect(fs.existsSync(storedFile(stored.imageUrl))).toBe(false);
    expect(fs.existsSync(storedFile(stored.thumbnailUrl))).toBe(false);
  });

  it('serves only stored names: other paths are 404', async () => {
    for (const url of [
      '/uploads/..%2F..%2Fetc%2Fpasswd',
      '/uploads/nao-existe.png',
      `/uploads/${'0'.repeat(32)}.png`,
      `/uploads/${'0'.repeat(32)}.svg`,
    ]) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });
});
