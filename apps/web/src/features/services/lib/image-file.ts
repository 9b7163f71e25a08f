import {
  detectImageType,
  IMAGE_SIGNATURE_BYTES,
  IMAGE_SIZE_DETAIL,
  IMAGE_SIZE_ERROR,
  IMAGE_TYPE_DETAIL,
  IMAGE_TYPE_ERROR,
  SERVICE_IMAGE_MAX_BYTES,
  SERVICE_IMAGE_TYPES,
  type ServiceImageType,
} from '@agendaki/shared';

/** What the file picker offers; the checks below still run on whatever is chosen or dropped. */
export const SERVICE_IMAGE_ACCEPT = [
  ...SERVICE_IMAGE_TYPES,
  '.jpg',
  '.jpeg',
  '.png',
  '.webp',
  '.gif',
].join(',');

export type ImageFileCheck =
  { isValid: true } | { isValid: false; title: string; description: string };

const INVALID_TYPE: ImageFileCheck = {
  isValid: false,
  title: IMAGE_TYPE_ERROR,
  description: IMAGE_TYPE_DETAIL,
};
const TOO_LARGE: ImageFileCheck = {
  isValid: false,
  title: IMAGE_SIZE_ERROR,
  description: IMAGE_SIZE_DETAIL,
};

const EXTENSION_TYPES: Record<string, ServiceImageType> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
};

/** The type the browser reports ("image/jpg" is an old alias), or the extension's when it has none. */
function claimedType(file: Pick<File, 'name' | 'type'>): ServiceImageType | undefined {
  const type = file.type === 'image/jpg' ? 'image/jpeg' : file.type;
  if ((SERVICE_IMAGE_TYPES as readonly string[]).includes(type)) return type as ServiceImageType;
  if (type) return undefined;
  const extension = file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase();
  return EXTENSION_TYPES[extension];
}

/** docs/product.md section 5, service image: the type by name and MIME type, then at most 5 MB. */
export function checkImageFile(file: Pick<File, 'name' | 'type' | 'size'>): ImageFileCheck {
  if (!claimedType(file)) return INVALID_TYPE;
  if (file.size > SERVICE_IMAGE_MAX_BYTES) return TOO_LARGE;
  return { isValid: true };
}

async function readHead(file: Blob, length: number): Promise<Uint8Array> {
  const head = file.slice(0, length);
  if (typeof head.arrayBuffer === 'function') return new Uint8Array(await head.arrayBuffer());
  return new Uint8Array(await new Response(head).arrayBuffer());
}

/** Every check the form runs before accepting an image; the server repeats them all. */
export async function validateImageFile(file: File): Promise<ImageFileCheck> {
  const check = checkImageFile(file);
  if (!check.isValid) return check;
  return detectImageType(await readHead(file, IMAGE_SIGNATURE_BYTES)) ? check : INVALID_TYPE;
}
