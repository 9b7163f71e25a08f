import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ServiceImageType } from '@agendaki/shared';
import type { Env } from '../../config/env';
import { createS3Storage } from './s3';

/**
 * Where uploaded files live. One interface, so the rest of the server does not care whether
 * files sit in a local folder (embedded default) or in S3-compatible storage (production,
 * DECISIONS.md "Deployment"): `save` returns the public URL that is stored in the database,
 * `remove` takes that URL back.
 */
export interface FileStorage {
  save(file: { data: Buffer; contentType: ServiceImageType }): Promise<string>;
  /** Removes a file saved by this storage; a URL it does not own or a missing file is ignored. */
  remove(url: string): Promise<void>;
  /** Set when files sit in a local folder that this server serves at /uploads/. */
  localDirectory?: string;
}

export const UPLOADS_URL_PREFIX = '/uploads/';

export const EXTENSION_BY_TYPE: Record<ServiceImageType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

export const TYPE_BY_EXTENSION: Record<string, ServiceImageType> = Object.fromEntries(
  Object.entries(EXTENSION_BY_TYPE).map(([type, ext]) => [ext, type as ServiceImageType]),
);

/** A random name the client cannot choose or guess: 32 hex characters and the type's extension. */
export const STORED_NAME_PATTERN = /^[0-9a-f]{32}\.(jpg|png|webp|gif)$/;

export function createStoredName(contentType: ServiceImageType): string {
  return `${randomBytes(16).toString('hex')}.${EXTENSION_BY_TYPE[contentType]}`;
}

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
