import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { AppError } from './errors';

/**
 * Secrets the app must read back (a professional's PSP access token and webhook secret,
 * docs/decisions/018-pix-provider.md) are stored sealed: AES-256-GCM with a key derived by HKDF
 * from the server secret every instance shares (auth's, like features/manage/token.ts). A copy of
 * the database alone opens nothing.
 *
 * Sealed text: `v1.<iv>.<ciphertext>.<tag>`, each part base64url. The version names the key and
 * the cipher, so another key (a rotated secret) can come as `v2` while `v1` rows still open.
 * `context` is bound as additional authenticated data (e.g. `pix:<professional id>:access-token`):
 * a sealed value copied to another row or field does not open there.
 */

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_INFO = 'agendaki:secret-box:v1';
const PART = /^[A-Za-z0-9_-]+$/;

export const SECRET_UNREADABLE_MESSAGE =
  'Não foi possível ler uma credencial guardada. Cadastre-a novamente em Configurações > Pagamentos.';

export interface SecretBox {
  seal(plaintext: string, context: string): string;
  /** The plaintext, or AppError INTERNAL when the text was altered, sealed elsewhere or with another key. */
  open(sealed: string, context: string): string;
}

/** The 256-bit key of the secret box, from the server secret (HKDF-SHA256). */
export function deriveSecretBoxKey(serverSecret: string): Buffer {
  if (serverSecret.length < 32) throw new Error('secret-box: the server secret is too short');
  return Buffer.from(hkdfSync('sha256', serverSecret, 'agendaki', KEY_INFO, 32));
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('secret-box: the key must have 32 bytes');
  return {
    seal(plaintext, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [VERSION, iv, body, cipher.getAuthTag()]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed, context) {
      const parts = sealed.split('.');
      const [version, ivText, bodyText, tagText] = parts;
      if (
        parts.length !== 4 ||
        version !== VERSION ||
        !parts.slice(1).every((part) => PART.test(part) || part === '')
      ) {
        throw unreadable('format');
      }
      const iv = Buffer.from(ivText!, 'base64url');
      const tag = Buffer.from(tagText!, 'base64url');
      if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw unreadable('format');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(tag);
        const body = Buffer.from(bodyText!, 'base64url');
        return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
      } catch {
        throw unreadable('authentication');
      }
    },
  };
}

function unreadable(reason: string): AppError {
  return new AppError('INTERNAL', SECRET_UNREADABLE_MESSAGE, { secretBox: reason });
}
