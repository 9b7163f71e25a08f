import type { ServiceImageType } from './service-schemas';

function startsWith(bytes: Uint8Array, expected: readonly number[], offset = 0): boolean {
  return expected.every((byte, i) => bytes[offset + i] === byte);
}

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** How many leading bytes `detectImageType` needs. */
export const IMAGE_SIGNATURE_BYTES = 12;

/**
 * The image type by the file's first bytes (docs/product.md, Data): its name and the type the
 * browser claims are ignored, so a text file renamed .png or an SVG (which can carry script)
 * is refused. Returns undefined for anything but JPEG, PNG, WebP and GIF. The server decides
 * with it; the form runs it too, to refuse a bad file when chosen.
 */
export function detectImageType(bytes: Uint8Array): ServiceImageType | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return undefined;
}
