import sharp from 'sharp';

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
/** Refuses decompression bombs: a 5 MB PNG can claim 30,000 × 30,000 pixels. */
const MAX_INPUT_PIXELS = 50_000_000;

// The server handles a few uploads a minute; libvips' operation cache would only hold memory.
sharp.cache(false);

export class UnreadableImageError extends Error {
  constructor(cause: unknown) {
    super('The upload could not be decoded as an image', { cause });
  }
}

/** Decodes the upload (its type already checked by its bytes) and encodes both sizes. */
export async function prepareServiceImage(data: Buffer): Promise<PreparedImage> {
  const input = () =>
    sharp(data, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, animated: false }).rotate();
  try {
    const [image, thumbnail] = await Promise.all([
      input()
        .resize({
          width: IMAGE_MAX_SIDE,
          height: IMAGE_MAX_SIDE,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .webp({ quality: 80 })
        .toBuffer(),
      input()
        .resize({ width: THUMBNAIL_SIDE, height: THUMBNAIL_SIDE, fit: 'cover' })
        .webp({ quality: 75 })
        .toBuffer(),
    ]);
    return { image, thumbnail };
  } catch (error) {
    throw new UnreadableImageError(error);
  }
}
