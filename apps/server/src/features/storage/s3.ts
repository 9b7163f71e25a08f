import { createHash, createHmac } from 'node:crypto';
import { AppError } from '../../lib/errors';
import { createStoredName, STORED_NAME_PATTERN, type FileStorage } from './files';

/**
 * Service images in S3-compatible storage (AWS S3, MinIO, Cloudflare R2, …) for production
 * (docs/product.md, Deployment): objects are written and deleted with Signature V4 requests,
 * and read by browsers straight from `publicUrl` (a bucket policy or CDN makes them public).
 */
export interface S3Config {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  publicUrl: string;
  forcePathStyle: boolean;
}

const KEY_PREFIX = 'service-images/';
const EMPTY_SHA256 = createHash('sha256').update('').digest('hex');

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) =>
  createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding, as Signature V4 wants it (encodeURIComponent leaves !'()* alone). */
function encodeRfc3986(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** "2013-05-24T00:00:00.000Z" -> "20130524T000000Z" */
export function toAmzDate(date: Date): string {
  return date.toISOString().replace(/[-:]|\.\d{3}/g, '');
}

export interface SignInput {
  method: string;
  url: URL;
  /** Every header to sign, `host` and `x-amz-date` included. */
  headers: Record<string, string>;
  payloadHash: string;
  region: string;
  service: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** The `Authorization` header of AWS Signature Version 4 (header-based, single chunk). */
export function signAwsV4(input: SignInput): string {
  const amzDate = input.headers['x-amz-date'];
  if (!amzDate) throw new Error('x-amz-date must be signed');
  const dateStamp = amzDate.slice(0, 8);
  const headers = Object.entries(input.headers)
    .map(([name, value]) => [name.toLowerCase(), value.trim().replace(/\s+/g, ' ')] as const)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  const signedHeaders = headers.map(([name]) => name).join(';');
  const canonicalUri = input.url.pathname
    .split('/')
    .map((segment) => encodeRfc3986(decodeURIComponent(segment)))
    .join('/');
  const canonicalQuery = [...input.url.searchParams]
    .map(([k, v]) => `${encodeRfc3986(k)}=${encodeRfc3986(v)}`)
    .sort()
    .join('&');
  const canonicalRequest = [
    input.method,
    canonicalUri,
    canonicalQuery,
    headers.map(([name, value]) => `${name}:${value}\n`).join(''),
    signedHeaders,
    input.payloadHash,
  ].join('\n');
  const scope = `${dateStamp}/${input.region}/${input.service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const dateKey = hmac(`AWS4${input.secretAccessKey}`, dateStamp);
  const signingKey = hmac(hmac(hmac(dateKey, input.region), input.service), 'aws4_request');
  const signature = createHmac('sha256', signingKey).update(stringToSign).digest('hex');
  return `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}

export function createS3Storage(
  config: S3Config,
  deps: { fetch?: typeof fetch; now?: () => Date } = {},
): FileStorage {
  const send = deps.fetch ?? fetch;
  const now = deps.now ?? (() => new Date());
  const endpoint = new URL(config.endpoint);
  const publicUrl = config.publicUrl.replace(/\/+$/, '');

  function objectUrl(key: string): URL {
    if (config.forcePathStyle) {
      return new URL(
        `${endpoint.origin}${endpoint.pathname.replace(/\/+$/, '')}/${config.bucket}/${key}`,
      );
    }
    return new URL(`${endpoint.protocol}//${config.bucket}.${endpoint.host}/${key}`);
  }

  async function request(method: 'PUT' | 'DELETE', key: string, body?: Buffer, extra = {}) {
    const url = objectUrl(key);
    const payloadHash = body ? sha256Hex(body) : EMPTY_SHA256;
    const headers: Record<string, string> = {
      ...extra,
      'x-amz-content-sha256': payloadHash,
      'x-amz-date': toAmzDate(now()),
    };
    const authorization = signAwsV4({
      method,
      url,
      headers: { ...headers, host: url.host },
      payloadHash,
      region: config.region,
      service: 's3',
      accessKeyId: config.accessKeyId,
      secretAccessKey: config.secretAccessKey,
    });
    const response = await send(url, {
      method,
      headers: { ...headers, authorization },
      body: body ? new Uint8Array(body) : undefined,
    }).catch(() => undefined);
    // Deleting what is already gone is fine; anything else is the storage being unavailable.
    if (!response || (!response.ok && !(method === 'DELETE' && response.status === 404))) {
      throw new AppError('UNAVAILABLE', 'Não foi possível salvar a imagem. Tente novamente.');
    }
  }

  return {
    async save({ data, contentType }) {
      const key = `${KEY_PREFIX}${createStoredName(contentType)}`;
      await request('PUT', key, data, {
        'content-type': contentType,
        'cache-control': 'public, max-age=31536000, immutable',
      });
      return `${publicUrl}/${key}`;
    },
    async remove(url) {
      const prefix = `${publicUrl}/${KEY_PREFIX}`;
      if (!url.startsWith(prefix)) return;
      const name = url.slice(prefix.length);
      if (!STORED_NAME_PATTERN.test(name)) return;
      await request('DELETE', `${KEY_PREFIX}${name}`);
    },
  };
}
