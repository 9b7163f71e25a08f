import { SERVICE_IMAGE_MAX_PIXELS, SERVICE_IMAGE_MAX_SIDE } from '@agendaki/shared';
import sharp from 'sharp';
import { createSemaphore } from '../../lib/semaphore';

/**
 * What an uploaded service photo becomes before it is stored (docs/decisions/020): the photo a
 * phone takes is 2–5 MB and 4000 px wide, and the booking page shows it in a 64 px square.
 *
 * - `image`: the whole picture, turned upright (EXIF orientation), at most 1024 px on its
 *   longest side, in WebP; the dashboard's service card and the link preview (og:image).
 * - `thumbnail`: a 192 px square cut from its centre, in WebP; the booking page's 64 px square
 *   at up to 3 device pixels per CSS pixel.
 *
 * Neither keeps the upload's metadata (EXIF with the phone's GPS position among it).
 */
export interface PreparedImage {
  image: Buffer;
  thumbnail: Buffer;
}

export const IMAGE_MAX_SIDE = 1024;
export const THUMBNAIL_SIDE = 192;
/**
 * Uploads decoded at once (docs/decisions/030): the worst accepted one (a 50-megapixel
 * progressive JPEG) holds ~200 MB while decoded, so others wait their turn instead of adding
 * up. Our own semaphore: sharp.concurrency bounds threads per image, not images in flight.
 */
export const IMAGE_JOBS_AT_ONCE = 1;
const imageJobs = createSemaphore(IMAGE_JOBS_AT_ONCE);
let decoding = 0;
let mostDecodingAtOnce = 0;

/** The most decodes that ran at once since the last call (the attack test's check). */
export function takeMostDecodingAtOnce(): number {
  const most = mostDecodingAtOnce;
  mostDecodingAtOnce = decoding;
  return most;
}

// The server handles a few uploads a minute; libvips' operation cache would only hold memory.
sharp.cache(false);

export class UnreadableImageError extends Error {
  constructor(cause: unknown) {
    super('The upload could not be decoded as an image', { cause });
  }
}

/** Its header claims more pixels than we decode (a 117 KB PNG can claim 1,000,000 × 40). */
export class OversizedImageError extends Error {
  constructor(width: number, height: number) {
    super(`The upload claims ${width} x ${height} pixels`);
  }
}

/**
 * Reads the header only (sharp's metadata decodes no pixel) and refuses an image wider, taller
 * or larger than the limits, before any decoding.
 */
async function checkDimensions(data: Buffer): Promise<void> {
  const { width, height } = await sharp(data, { animated: false })
    .metadata()
    .catch((error: unknown) => {
      throw new UnreadableImageError(error);
    });
  if (!width || !height) throw new UnreadableImageError('no dimensions');
  if (
    width > SERVICE_IMAGE_MAX_SIDE ||
    height > SERVICE_IMAGE_MAX_SIDE ||
    width * height > SERVICE_IMAGE_MAX_PIXELS
  ) {
    throw new OversizedImageError(width, height);
  }
}

/**
 * Decodes the upload once (its type already checked by its bytes) into at most 1024 × 1024
 * pixels, and encodes both sizes from those: the thumbnail's square is cut before it is scaled,
 * so no extreme shape is ever enlarged whole.
 */
async function decodeAndEncode(data: Buffer): Promise<PreparedImage> {
  const decoded = await sharp(data, {
    failOn: 'error',
    limitInputPixels: SERVICE_IMAGE_MAX_PIXELS,
    animated: false,
  })
    .rotate()
    .resize({
      width: IMAGE_MAX_SIDE,
      height: IMAGE_MAX_SIDE,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  const { width, height, channels } = decoded.info;
  const pixels = () => sharp(decoded.data, { raw: { width, height, channels } });
  const side = Math.min(width, height);
  const [image, thumbnail] = await Promise.all([
    pixels().webp({ quality: 80 }).toBuffer(),
    pixels()
      .extract({
        left: Math.floor((width - side) / 2),
        top: Math.floor((height - side) / 2),
        width: side,
        height: side,
      })
      .resize({ width: THUMBNAIL_SIDE, height: THUMBNAIL_SIDE })
      .webp({ quality: 75 })
      .toBuffer(),
  ]);
  return { image, thumbnail };
}

/** The header checked, then the pixels decoded once, IMAGE_JOBS_AT_ONCE uploads at a time. */
export async function prepareServiceImage(data: Buffer): Promise<PreparedImage> {
  await checkDimensions(data);
  return imageJobs.run(async () => {
    decoding += 1;
    mostDecodingAtOnce = Math.max(mostDecodingAtOnce, decoding);
    try {
      return await decodeAndEncode(data);
    } catch (error) {
      throw new UnreadableImageError(error);
    } finally {
      decoding -= 1;
    }
  });
}
