import { randomBytes } from 'node:crypto';
import type { ServiceImageType } from '@agendaki/shared';

/**
 * Where uploaded files live. One interface, so the rest of the server does not care whether
 * files sit in a local folder (embedded default) or in S3-compatible storage (production,
 * docs/product.md, "Deployment"): `save` returns the public URL that is stored in the database,
 * `remove` takes that URL back.
 */
export interface FileStorage {
  save(file: { data: Buffer; contentType: ServiceImageType }): Promise<string>;
  /** Removes a file saved by this storage; a URL it does not own or a missing file is ignored. */
  remove(url: string): Promise<void>;
  /** Every file this storage saved, with when it was written: the orphan sweep's list. */
  listFiles?(): AsyncIterable<StoredFile>;
  /** Set when files sit in a local folder that this server serves at /uploads/. */
  localDirectory?: string;
}

export interface StoredFile {
  url: string;
  modifiedAt: Date;
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
