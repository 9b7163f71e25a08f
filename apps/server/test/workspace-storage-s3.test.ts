import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../src/config/env';
import { signAwsV4 } from '../src/features/storage/s3';
import { createTestApp, type TestContext } from './helpers/app';
import { IMAGES, multipartFile } from './helpers/images';
import { signUpProfessional, type SignedInProfessional } from './helpers/session';

const credentials = {
  region: 'us-east-1',
  service: 's3',
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
};
const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

describe('Signature V4 matches the examples of the S3 documentation', () => {
  it('GET with a range', () => {
    const hash = sha256('');
    const authorization = signAwsV4({
      ...credentials,
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      payloadHash: hash,
      headers: {
        host: 'examplebucket.s3.amazonaws.com',
        range: 'bytes=0-9',
        'x-amz-content-sha256': hash,
        'x-amz-date': '20130524T000000Z',
      },
    });
    expect(authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('PUT with a body and a key that needs encoding', () => {
    const hash = sha256('Welcome to Amazon S3.');
    const authorization = signAwsV4({
      ...credentials,
      method: 'PUT',
      url: new URL('https://examplebucket.s3.amazonaws.com/test$file.text'),
      payloadHash: hash,
      headers: {
        host: 'examplebucket.s3.amazonaws.com',
        date: 'Fri, 24 May 2013 00:00:00 GMT',
        'x-amz-storage-class': 'REDUCED_REDUNDANCY',
        'x-amz-content-sha256': hash,
        'x-amz-date': '20130524T000000Z',
      },
    });
    expect(authorization).toContain(
      'Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd',
    );
  });
});

describe('STORAGE_DRIVER=s3', () => {
  interface Received {
    method: string;
    path: string;
    headers: http.IncomingHttpHeaders;
    body: Buffer;
  }
  const received: Received[] = [];
  let failWith: number | undefined;
  let server: http.Server;
  let ctx: TestContext;
  let pro: SignedInProfessional;

  beforeAll(async () => {
    // A stand-in for S3 on the loopback: records each request and answers like S3 does.
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({
          method: req.method!,
          path: req.url!,
          headers: req.headers,
          body: Buffer.concat(chunks),
        });
        res.statusCode = failWith ?? (req.method === 'DELETE' ? 204 : 200);
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    ctx = await createTestApp({
      env: {
        STORAGE_DRIVER: 's3',
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_BUCKET: 'agendaki-imagens',
        S3_ACCESS_KEY_ID: credentials.accessKeyId,
        S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
        S3_PUBLIC_URL: 'https://imagens.agendaki.test',
      },
    });
    pro = await signUpProfessional(ctx);
  });
  afterAll(async () => {
    await ctx.close();
    await new Promise((resolve) => server.close(resolve));
  });

  async function upload(serviceId: string, data: Buffer) {
    return pro.request({
      method: 'POST',
      url: `/api/services/${serviceId}/image`,
      ...multipartFile(data, 'foto.png', 'image/png'),
    });
  }

  it('puts the image in the bucket, signed, and stores its public address', async () => {
    const service = await pro.request({
      method: 'POST',
      url: '/api/services',
      payload: { name: 'Barba', price: 30, durationMinutes: 30 },
    });
    const res = await upload(service.json().id, IMAGES.png);
    expect(res.statusCode, res.body).toBe(200);
    const { imageUrl } = res.json();
    expect(imageUrl).toMatch(
      /^https:\/\/imagens\.agendaki\.test\/service-images\/[0-9a-f]{32}\.png$/,
    );

    const put = received.at(-1)!;
    expect(put.method).toBe('PUT');
    expect(put.path).toBe(`/agendaki-imagens/${imageUrl.split('.test/')[1]}`);
    expect(put.body.equals(IMAGES.png)).toBe(true);
    expect(put.headers['content-type']).toBe('image/png');
    expect(put.headers['x-amz-content-sha256']).toBe(sha256(IMAGES.png));
    // The signature the stand-in recomputes from what actually arrived is the one sent.
    const signed = ['cache-control', 'content-type', 'host', 'x-amz-content-sha256', 'x-amz-date'];
    const expected = signAwsV4({
      ...credentials,
      method: 'PUT',
      url: new URL(`http://${put.headers.host}${put.path}`),
      payloadHash: sha256(put.body),
      headers: Object.fromEntries(signed.map((name) => [name, String(put.headers[name])])),
    });
    expect(put.headers.authorization).toBe(expected);

    // A replaced image is deleted from the bucket; nothing is served locally.
    const second = await upload(service.json().id, IMAGES.png);
    expect(second.statusCode).toBe(200);
    const del = received.at(-1)!;
    expect(del.method).toBe('DELETE');
    expect(del.path).toBe(put.path);
    const local = await ctx.app.inject({ method: 'GET', url: `/uploads/${'a'.repeat(32)}.png` });
    expect(local.statusCode).toBe(404);
  });

  it('answers 503 when the bucket refuses, and leaves the service as it was', async () => {
    const service = await pro.request({
      method: 'POST',
      url: '/api/services',
      payload: { name: 'Pé', price: 30, durationMinutes: 30 },
    });
    failWith = 500;
    try {
      const res = await upload(service.json().id, IMAGES.png);
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe('Não foi possível salvar a imagem. Tente novamente.');
    } finally {
      failWith = undefined;
    }
    const list = await pro.request({ method: 'GET', url: '/api/services' });
    const after = list.json().find((s: { id: string }) => s.id === service.json().id);
    expect(after.imageUrl).toBeNull();
  });

  it('refuses to start with STORAGE_DRIVER=s3 and no bucket settings', () => {
    expect(() => loadEnv({ STORAGE_DRIVER: 's3' })).toThrow(EnvError);
    expect(() => loadEnv({ STORAGE_DRIVER: 's3' })).toThrow(/S3_BUCKET: obrigatório/);
  });
});
