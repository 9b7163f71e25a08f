import {
  detectImageType,
  IMAGE_DIMENSIONS_DETAIL,
  IMAGE_DIMENSIONS_ERROR,
  IMAGE_TYPE_DETAIL,
  IMAGE_TYPE_ERROR,
  toCents,
  type SearchTerm,
  type Service,
  type serviceInputSchema,
  type serviceUpdateSchema,
} from '@agendaki/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError, getSqlState, SQLSTATE } from '../../lib/errors';
import { OversizedImageError, prepareServiceImage, UnreadableImageError } from '../storage/service';
import type { FileStorage } from '../storage/service';
import * as repo from './repo';
import type { ServiceDirectory, ServiceIdsQuery } from './types';

export type { ServiceDirectory, ServiceIdsQuery } from './types';

export interface ServicesDeps {
  db: Db;
  storage: FileStorage;
}

type CreateInput = z.output<typeof serviceInputSchema>;
type UpdateInput = z.output<typeof serviceUpdateSchema>;

const NOT_FOUND = 'Serviço não encontrado';
export const SERVICE_IN_USE_MESSAGE =
  'Este serviço possui agendamentos. Desative-o em vez de excluir.';

export function toServiceDto(row: repo.ServiceRow): Service {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: row.price,
    priceCents: toCents(row.price),
    durationMinutes: row.durationMinutes,
    bufferMinutes: row.bufferMinutes,
    imageUrl: row.imageUrl,
    thumbnailUrl: row.imageThumbnailUrl,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
  };
}

/** numeric(10, 2) takes the decimal as text; the schema already allows two places at most. */
const toPrice = (price: number) => price.toFixed(2);

export async function listServices(
  { db }: Pick<ServicesDeps, 'db'>,
  professionalId: string,
  options: { activeOnly: boolean },
): Promise<Service[]> {
  const rows = await repo.listServices(db, professionalId, options);
  return rows.map(toServiceDto);
}

export async function createService(
  { db }: Pick<ServicesDeps, 'db'>,
  professionalId: string,
  input: CreateInput,
): Promise<Service> {
  const row = await repo.insertService(db, professionalId, {
    name: input.name,
    description: input.description,
    price: toPrice(input.price),
    durationMinutes: input.durationMinutes,
    bufferMinutes: input.bufferMinutes,
    isActive: input.isActive ?? true,
  });
  return toServiceDto(row);
}

export async function updateService(
  { db }: Pick<ServicesDeps, 'db'>,
  professionalId: string,
  id: string,
  input: UpdateInput,
  now: Date,
): Promise<Service> {
  const { price, ...rest } = input;
  const row = await repo.updateService(
    db,
    professionalId,
    id,
    { ...rest, ...(price === undefined ? {} : { price: toPrice(price) }) },
    now,
  );
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  return toServiceDto(row);
}

export async function deleteService(
  { db, storage }: ServicesDeps,
  professionalId: string,
  id: string,
): Promise<void> {
  const existing = await repo.findService(db, professionalId, id);
  if (!existing) throw new AppError('NOT_FOUND', NOT_FOUND);
  // The foreign key from appointments (ON DELETE RESTRICT) decides: appointments are not ours to read.
  const deleted = await repo.deleteService(db, professionalId, id).catch((error: unknown) => {
    const state = getSqlState(error);
    if (state === SQLSTATE.RESTRICT_VIOLATION || state === SQLSTATE.FOREIGN_KEY_VIOLATION) {
      throw new AppError('CONFLICT', SERVICE_IN_USE_MESSAGE);
    }
    throw error;
  });
  if (!deleted) throw new AppError('NOT_FOUND', NOT_FOUND);
  await removeImageFiles(storage, deleted);
}

/**
 * Stores the photo and its thumbnail (features/storage/images.ts) under random names, points the
 * service at them and drops the old files.
 */
export async function setServiceImage(
  { db, storage }: ServicesDeps,
  professionalId: string,
  id: string,
  data: Buffer,
  now: Date,
): Promise<Service> {
  const existing = await repo.findService(db, professionalId, id);
  if (!existing) throw new AppError('NOT_FOUND', NOT_FOUND);
  const refuse = () =>
    new AppError('BAD_REQUEST', IMAGE_TYPE_ERROR, { description: IMAGE_TYPE_DETAIL });
  if (!detectImageType(data)) throw refuse();
  // The bytes open like an image; decoding them says whether they are one.
  const prepared = await prepareServiceImage(data).catch((error: unknown) => {
    if (error instanceof OversizedImageError) {
      throw new AppError('BAD_REQUEST', IMAGE_DIMENSIONS_ERROR, {
        description: IMAGE_DIMENSIONS_DETAIL,
      });
    }
    throw error instanceof UnreadableImageError ? refuse() : error;
  });
  const saves = await Promise.allSettled(
    [prepared.image, prepared.thumbnail].map((file) =>
      storage.save({ data: file, contentType: 'image/webp' }),
    ),
  );
  const saved = saves.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const [imageUrl, imageThumbnailUrl] = saved;
  let replacement: Awaited<ReturnType<typeof repo.replaceImageFiles>>;
  try {
    const failed = saves.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    replacement = await repo.replaceImageFiles(
      db,
      professionalId,
      id,
      { imageUrl: imageUrl!, imageThumbnailUrl: imageThumbnailUrl! },
      now,
    );
  } catch (error) {
    for (const url of saved) await removeQuietly(storage, url);
    throw error;
  }
  if (!replacement) {
    for (const url of saved) await removeQuietly(storage, url);
    throw new AppError('NOT_FOUND', NOT_FOUND);
  }
  // After the commit, the files this upload displaced: another upload's, if it came first.
  for (const url of replacement.replaced) await removeQuietly(storage, url);
  return toServiceDto(replacement.row);
}

export async function removeServiceImage(
  { db, storage }: ServicesDeps,
  professionalId: string,
  id: string,
  now: Date,
): Promise<Service> {
  const replacement = await repo.replaceImageFiles(
    db,
    professionalId,
    id,
    { imageUrl: null, imageThumbnailUrl: null },
    now,
  );
  if (!replacement) throw new AppError('NOT_FOUND', NOT_FOUND);
  for (const url of replacement.replaced) await removeQuietly(storage, url);
  return toServiceDto(replacement.row);
}

/**
 * The image files of the professional's services, their rows locked until the caller's
 * transaction ends (pass it as `db`): an upload finishing meanwhile waits, then finds no service.
 */
export function lockServiceImageFiles({ db }: Pick<ServicesDeps, 'db'>, professionalId: string) {
  return repo.lockImageFiles(db, professionalId);
}

/** Those of `urls` that a service points at (features/maintenance's orphan sweep). */
export function findReferencedImageFiles(
  { db }: Pick<ServicesDeps, 'db'>,
  urls: readonly string[],
) {
  return repo.findReferencedImageFiles(db, urls);
}

/** The stored files of a service's image: the photo and, for photos stored since 020, its thumbnail. */
export function imageFilesOf(service: Pick<Service, 'imageUrl' | 'thumbnailUrl'>): string[] {
  return [service.imageUrl, service.thumbnailUrl].filter((url): url is string => Boolean(url));
}

async function removeImageFiles(storage: FileStorage, row: repo.ServiceRow): Promise<void> {
  const files = imageFilesOf({ imageUrl: row.imageUrl, thumbnailUrl: row.imageThumbnailUrl });
  for (const url of files) await removeQuietly(storage, url);
}

async function removeQuietly(storage: FileStorage, url: string): Promise<void> {
  // The record no longer points at the file: a file left behind costs disk, never correctness.
  await storage.remove(url).catch(() => {});
}

// ------------------------------------------------ for features/appointments and features/dashboard

/** The professional's services (id, name, price, duration), for a join in the caller's query. */
export function serviceDirectory(db: Db, professionalId: string): ServiceDirectory {
  return repo.serviceDirectory(db, professionalId);
}

/** The professional's services whose name matches a search, as a subquery. */
export function serviceIdsMatching(
  db: Db,
  professionalId: string,
  search: SearchTerm,
): ServiceIdsQuery {
  return repo.serviceIdsMatching(db, professionalId, search);
}

/** Price, duration and buffer of one of the professional's services, or nothing when not theirs. */
export async function findOwnService(
  db: Db,
  professionalId: string,
  id: string,
): Promise<{ price: string; durationMinutes: number; bufferMinutes: number } | undefined> {
  const row = await repo.findService(db, professionalId, id);
  return (
    row && {
      price: row.price,
      durationMinutes: row.durationMinutes,
      bufferMinutes: row.bufferMinutes,
    }
  );
}
