import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers/app';
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

describe('service image upload: the bytes decide the type', () => {
  it.each([
    ['png', 'foto.png', 'image/png', 'image/png'],
    ['jpeg', 'foto.jpg', 'image/jpeg', 'image/jpeg'],
    ['gif', 'foto.gif', 'image/gif', 'image/gif'],
    ['webp', 'foto.webp', 'image/webp', 'image/webp'],
    // A real PNG with a misleading name and type is still a PNG.
    ['png', 'foto.gif', 'application/octet-stream', 'image/png'],
  ] as const)('accepts a %s sent as %s (%s), served as %s', async (kind, name, sentAs, served) => {
    const id = await createService();
    const res = await upload(id, IMAGES[kind], name, sentAs);
    expect(res.statusCode, res.body).toBe(200);
    const { imageUrl } = res.json();
    expect(imageUrl).toMatch(/^\/uploads\/[0-9a-f]{32}\.(png|jpg|gif|webp)$/);
    expect(imageUrl).not.toContain('foto');

    const file = await ctx.app.inject({ method: 'GET', url: imageUrl });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe(served);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(file.rawPayload.equals(IMAGES[kind])).toBe(true);
  });

  it.each([
    ['a text file renamed .png', IMAGES.text, 'foto.png', 'image/png'],
    ['an SVG', IMAGES.svg, 'logo.svg', 'image/svg+xml'],
    ['an SVG renamed .png', IMAGES.svg, 'logo.png', 'image/png'],
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
    const before = fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir()).length : 0;
    const big = Buffer.concat([IMAGES.png, Buffer.alloc(6 * 1024 * 1024)]);
    const res = await upload(id, big, 'grande.png', 'image/png');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      statusCode: 413,
      code: 'PAYLOAD_TOO_LARGE',
      message: 'Arquivo muito grande',
      details: { description: 'O tamanho máximo permitido é 5MB' },
    });
    const after = fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir()).length : 0;
    expect(after).toBe(before);
  });

  it('accepts an image of exactly 5 MB', async () => {
    const id = await createService();
    const exact = Buffer.concat([IMAGES.png, Buffer.alloc(5 * 1024 * 1024 - IMAGES.png.length)]);
    const res = await upload(id, exact, 'limite.png', 'image/png');
    expect(res.statusCode, res.body).toBe(200);
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

describe('stored files follow the service', () => {
  it('removes the old file when the image is replaced', async () => {
    const id = await createService();
    const first = (await upload(id, IMAGES.png, 'a.png', 'image/png')).json().imageUrl;
    expect(fs.existsSync(storedFile(first))).toBe(true);
    const second = (await upload(id, IMAGES.gif, 'b.gif', 'image/gif')).json().imageUrl;
    expect(second).not.toBe(first);
    expect(fs.existsSync(storedFile(first))).toBe(false);
    expect(fs.existsSync(storedFile(second))).toBe(true);
    expect((await ctx.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
  });

  it('removes the file when the image is removed', async () => {
    const id = await createService();
    const url = (await upload(id, IMAGES.webp, 'a.webp', 'image/webp')).json().imageUrl;
    const res = await pro.request({ method: 'DELETE', url: `/api/services/${id}/image` });
    expect(res.statusCode).toBe(200);
    expect(res.json().imageUrl).toBeNull();
    expect(fs.existsSync(storedFile(url))).toBe(false);
  });

  it('removes the file when the service is deleted', async () => {
    const id = await createService();
    const url = (await upload(id, IMAGES.jpeg, 'a.jpg', 'image/jpeg')).json().imageUrl;
    expect((await pro.request({ method: 'DELETE', url: `/api/services/${id}` })).statusCode).toBe(
      204,
    );
    expect(fs.existsSync(storedFile(url))).toBe(false);
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
