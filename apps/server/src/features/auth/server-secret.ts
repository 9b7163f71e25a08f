import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { AUTH_SECRET_REQUIRED, EnvError } from '../../config/env';
import type { Db } from '../../db/client';
import { isDatabaseUnavailable } from '../../lib/errors';
import { deleteAllSessions, deleteStoredSecret, findStoredSecretForUpdate } from './repo';

/**
 * The server secret (docs/decisions/029-server-secret-outside-the-database.md): it signs
 * sessions, derives the manage-link key and the secret box's key, so it never lives in the
 * database. AUTH_SECRET when set (required on PostgreSQL); on the embedded PGlite without it,
 * one generated once into `DATA_DIR/auth-secret` (mode 0600).
 */
export const SECRET_FILE_NAME = 'auth-secret';
const MIN_LENGTH = 32;

export interface ServerSecretOptions {
  db: Db;
  databaseKind: 'pglite' | 'postgres';
  configured: string | undefined;
  dataDir: string;
  log: FastifyBaseLogger;
  /** Seals every stored credential again, from the old secret's key to the new one's. */
  reseal: (tx: Db, from: string, to: string) => Promise<number>;
}

export async function resolveServerSecret(options: ServerSecretOptions): Promise<string> {
  if (!options.configured) return moveOutStoredSecret(options, currentSecretWithoutEnv(options));
  try {
    return await moveOutStoredSecret(options, options.configured);
  } catch (error) {
    // The configured secret needs no database: a server started while it is down answers 503
    // meanwhile, and the next start moves an old stored secret out.
    if (!isDatabaseUnavailable(error)) throw error;
    options.log.warn({ err: error }, 'database unavailable: an old stored secret was not checked');
    return options.configured;
  }
}

function currentSecretWithoutEnv(options: ServerSecretOptions): string | undefined {
  if (options.databaseKind === 'postgres') {
    throw new EnvError(`Configuração inválida:\n  - ${AUTH_SECRET_REQUIRED}`);
  }
  return readSecretFile(options.dataDir);
}

/** The secret in DATA_DIR, or undefined when there is none yet. */
export function readSecretFile(dataDir: string): string | undefined {
  const file = path.join(dataDir, SECRET_FILE_NAME);
  let value: string;
  try {
    value = fs.readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  if (value.length < MIN_LENGTH) {
    throw new EnvError(
      `O arquivo ${file} deve ter um segredo de pelo menos ${MIN_LENGTH} caracteres.`,
    );
  }
  return value;
}

/** Writes the secret readable by its owner only; never replaces one already there. */
export function writeSecretFile(dataDir: string, value: string): string {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, SECRET_FILE_NAME);
  try {
    fs.writeFileSync(file, `${value}\n`, { mode: 0o600, flag: 'wx' });
    return value;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readSecretFile(dataDir)!;
  }
}

/**
 * An older version kept the generated secret in `app_settings`. It leaves the database here:
 * the same value (PGlite without a file yet, or AUTH_SECRET set to it) just goes, sessions and
 * sealed data unchanged; another value means the secret changed, so the sealed credentials are
 * sealed again with the new key and the sessions, whose cookies no longer verify, are ended and
 * counted in the log. One transaction, the row locked: instances starting together do it once.
 */
async function moveOutStoredSecret(
  options: ServerSecretOptions,
  current: string | undefined,
): Promise<string> {
  let secret = current;
  await options.db.transaction(async (tx) => {
    const stored = await findStoredSecretForUpdate(tx);
    if (secret === undefined) {
      // PGlite, first start of this version (the stored one moves to the file) or of a new install.
      secret = writeSecretFile(options.dataDir, stored ?? randomBytes(48).toString('base64url'));
    }
    if (stored === undefined) return;
    if (stored !== secret) {
      const resealed = await options.reseal(tx, stored, secret);
      const sessionsEnded = await deleteAllSessions(tx);
      options.log.warn(
        { resealed, sessionsEnded },
        'AUTH_SECRET differs from the secret an older version kept in the database: credentials sealed again, sessions ended',
      );
    }
    await deleteStoredSecret(tx);
  });
  return secret!;
}
