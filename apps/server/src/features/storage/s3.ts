import { AwsClient } from 'aws4fetch';
import { AppError } from '../../lib/errors';
import { createStoredName, STORED_NAME_PATTERN, type FileStorage, type StoredFile } from './files';

/**
 * Service images in S3-compatible storage (AWS S3, MinIO, Cloudflare R2, …) for production
 * (docs/product.md, Deployment): objects are written and deleted with Signature V4 requests,
 * and read by browsers straight from `publicUrl` (a bucket policy or CDN makes them public).
 *
 * Signing is aws4fetch's (a kept library of ~10 KB with no dependencies, on fetch and Web
 * Crypto) rather than @aws-sdk/client-s3, whose dozens of packages would serve two calls.
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

const XML_ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&apos;': "'",
};
const xmlText = (xml: string, tag: string): string | undefined =>
  new RegExp(`<${tag}>([^<]*)</${tag}>`)
    .exec(xml)?.[1]
    ?.replace(/&(amp|lt|gt|quot|apos);/g, (entity) => XML_ENTITIES[entity]!);

/** One page of ListObjectsV2's answer: our stored files in it, and the next page's token. */
function parseListPage(xml: string, publicUrl: string) {
  const files: StoredFile[] = [];
  for (const [, contents] of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
    const key = xmlText(contents!, 'Key') ?? '';
    const modified = new Date(xmlText(contents!, 'LastModified') ?? '');
    const name = key.slice(KEY_PREFIX.length);
    if (!key.startsWith(KEY_PREFIX) || !STORED_NAME_PATTERN.test(name)) continue;
    if (Number.isNaN(modified.getTime())) continue;
    files.push({ url: `${publicUrl}/${key}`, modifiedAt: modified });
  }
  const isTruncated = xmlText(xml, 'IsTruncated') === 'true';
  return { files, next: isTruncated ? xmlText(xml, 'NextContinuationToken') : undefined };
}

export function createS3Storage(config: S3Config): FileStorage {
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    service: 's3',
    region: config.region,
    // A 5xx or a throttle is tried again twice, quickly: the visitor is waiting for the upload.
    retries: 2,
  });
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

  async function request(
    method: 'PUT' | 'DELETE',
    key: string,
    body?: Buffer,
    headers: Record<string, string> = {},
  ) {
    const response = await client
      .fetch(objectUrl(key), {
        method,
        headers,
        body: body ? new Uint8Array(body) : undefined,
      })
      .catch(() => undefined);
    // Deleting what is already gone is fine; anything else is the storage being unavailable.
    if (!response || (!response.ok && !(method === 'DELETE' && response.status === 404))) {
      throw new AppError('UNAVAILABLE', 'Não foi possível salvar a imagem. Tente novamente.');
    }
  }

  return {
    async *listFiles() {
      let token: string | undefined;
      do {
        const url = objectUrl('');
        url.searchParams.set('list-type', '2');
        url.searchParams.set('prefix', KEY_PREFIX);
        if (token) url.searchParams.set('continuation-token', token);
        const response = await client.fetch(url, { method: 'GET' });
        if (!response.ok) throw new Error(`S3 listing answered ${response.status}`);
        const page = parseListPage(await response.text(), publicUrl);
        yield* page.files;
        token = page.next;
      } while (token);
    },
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
