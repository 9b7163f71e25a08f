import { createECDH, hkdfSync } from 'node:crypto';

/**
 * The server's VAPID key pair (RFC 8292), which push services check our messages against.
 * Like every other key of the server it is derived from the server secret
 * (docs/decisions/039-web-push.md): never stored in the database, the same on every instance,
 * generated once with the secret (DATA_DIR/auth-secret on PGlite, AUTH_SECRET on PostgreSQL).
 * VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY set a pair of the operator's instead.
 */
export interface VapidKeys {
  /** Uncompressed P-256 point, base64url: the browser's `applicationServerKey`. */
  publicKey: string;
  /** The 32-byte private scalar, base64url. */
  privateKey: string;
}

// The order of P-256: a private key is a number in [1, n - 1].
const P256_ORDER = BigInt('0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551');

export function deriveVapidKeys(secret: string): VapidKeys {
  for (let counter = 0; ; counter += 1) {
    const bytes = Buffer.from(
      hkdfSync('sha256', secret, 'agendaki-vapid', `vapid-key-${counter}`, 32),
    );
    const scalar = BigInt(`0x${bytes.toString('hex')}`);
    // Out of range once in 2^32 tries: the next counter gives another candidate.
    if (scalar === 0n || scalar >= P256_ORDER) continue;
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(bytes);
    return {
      publicKey: ecdh.getPublicKey().toString('base64url'),
      privateKey: bytes.toString('base64url'),
    };
  }
}

/** The configured pair when both are set, else the one derived from the secret. */
export function resolveVapidKeys(
  secret: string,
  configured: { publicKey?: string; privateKey?: string },
): VapidKeys {
  if (configured.publicKey && configured.privateKey) {
    return { publicKey: configured.publicKey, privateKey: configured.privateKey };
  }
  return deriveVapidKeys(secret);
}
