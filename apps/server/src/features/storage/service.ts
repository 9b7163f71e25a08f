import fs from 'node:fs/promises';
import path from 'node:path';
import type { Env } from '../../config/env';
import {
  createStoredName,
  EXTENSION_BY_TYPE,
  STORED_NAME_PATTERN,
  TYPE_BY_EXTENSION,
  UPLOADS_URL_PREFIX,
  type FileStorage,
} from './files';
import { createS3Storage } from './s3';

export { OversizedImageError, prepareServiceImage, UnreadableImageError } from './images';

// The storage's vocabulary lives in files.ts so s3.ts can use it without an import cycle.
export {
  createStoredName,
  EXTENSION_BY_TYPE,
  STORED_NAME_PATTERN,
  TYPE_BY_EXTENSION,
  UPLOADS_URL_PREFIX,
  type FileStorage,
};
export type { StoredFile } from './files';

/** Files in a local folder (DATA_DIR/uploads), served by this server at /uploads/<name>. */
export function createLocalStorage(directory: string): FileStorage {
  return {
    localDirectory: directory,
    async save({ data, contentType }) {
      await fs.mkdir(directory, { recursive: true });
      const name = createStoredName(contentType);
      // 'wx': never overwrite, even in the astronomically unlikely case of a repeated name.
      await fs.writeFile(path.join(directory, name), data, { flag: 'wx' });
      return `${UPLOADS_URL_PREFIX}${name}`;
    },
    async remove(url) {
      if (!url.startsWith(UPLOADS_URL_PREFIX)) return;
      const name = url.slice(UPLOADS_URL_PREFIX.length);
      if (!STORED_NAME_PATTERN.test(name)) return;
      await fs.rm(path.join(directory, name), { force: true });
    },
    async *listFiles() {
      const names = await fs.readdir(directory).catch(() => [] as string[]);
      for (const name of names) {
        if (!STORED_NAME_PATTERN.test(name)) continue;
        const stat = await fs.stat(path.join(directory, name)).catch(() => undefined);
        if (stat?.isFile()) yield { url: `${UPLOADS_URL_PREFIX}${name}`, modifiedAt: stat.mtime };
      }
    },
  };
}

type StorageEnv = Pick<
  Env,
  | 'DATA_DIR'
  | 'STORAGE_DRIVER'
  | 'S3_ENDPOINT'
  | 'S3_REGION'
  | 'S3_BUCKET'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_PUBLIC_URL'
  | 'S3_FORCE_PATH_STYLE'
>;

/** The storage the environment asks for: the local folder DATA_DIR/uploads by default. */
export function createFileStorage(env: StorageEnv): FileStorage {
  if (env.STORAGE_DRIVER === 's3') {
    // loadEnv has refused STORAGE_DRIVER=s3 without these.
    return createS3Storage({
      endpoint: env.S3_ENDPOINT!,
      region: env.S3_REGION,
      bucket: env.S3_BUCKET!,
      accessKeyId: env.S3_ACCESS_KEY_ID!,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
      publicUrl: env.S3_PUBLIC_URL!,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
    });
  }
  return createLocalStorage(path.join(env.DATA_DIR, 'uploads'));
}

/** Origins images are read from besides our own, for the CSP's img-src. */
export function getImageOrigins(env: Pick<Env, 'STORAGE_DRIVER' | 'S3_PUBLIC_URL'>): string[] {
  return env.STORAGE_DRIVER === 's3' && env.S3_PUBLIC_URL
    ? [new URL(env.S3_PUBLIC_URL).origin]
    : [];
}
