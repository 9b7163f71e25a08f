// `npm run backup` and `npm run restore`: the database (pg_dump, or PGlite's own dump of its
// data folder) and the uploaded images in one file, brought back into an empty place.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { openPglite } from '../db/client';
import {
  type ArchiveEntry,
  type BackupManifest,
  listFiles,
  MANIFEST_NAME,
  PGLITE_ENTRY,
  POSTGRES_ENTRY,
  readArchive,
  readStream,
  safeJoin,
  UPLOADS_PREFIX,
  writeArchive,
} from './backup-archive';

export class BackupError extends Error {}

/** Reads an entry to its end without keeping it. */
async function drain(stream: NodeJS.ReadableStream): Promise<void> {
  for await (const _chunk of stream) {
    // Nothing kept.
  }
}

export interface BackupPlace {
  dataDir: string;
  databaseUrl?: string;
  images: 'local' | 's3';
}

/**
 * DATABASE_URL as pg_dump and pg_restore get it: the address without its password, which goes
 * in PGPASSWORD instead; a command line is readable by every user of the machine (`ps`).
 */
export function toolConnection(databaseUrl: string): { dbname: string; password?: string } {
  const url = new URL(databaseUrl);
  if (!url.password) return { dbname: databaseUrl };
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), password };
}

/** Runs a PostgreSQL client program; a clear message when it is not installed. */
function runTool(command: string, args: string[], databaseUrl: string): Promise<void> {
  const { dbname, password } = toolConnection(databaseUrl);
  const env = password === undefined ? process.env : { ...process.env, PGPASSWORD: password };
  return new Promise((resolve, reject) => {
    const child = spawn(command, [...args, `--dbname=${dbname}`], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env,
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              `${command} não encontrado: instale o cliente do PostgreSQL (apt-get install postgresql-client).`,
            )
          : error,
      ),
    );
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new BackupError(`${command} falhou (código ${code}): ${stderr.trim()}`)),
    );
  });
}

/**
 * Writes the backup of `place` to `file`. On PGlite `dumpPglite` is the open database's own
 * dump (the server's, or one opened by the command); on PostgreSQL, pg_dump's custom format.
 */
export async function createBackup(
  file: string,
  place: BackupPlace,
  dumpPglite?: () => Promise<Blob>,
): Promise<BackupManifest> {
  const uploadsDir = path.join(place.dataDir, 'uploads');
  const images = place.images === 'local' ? listFiles(uploadsDir) : [];
  const manifest: BackupManifest = {
    format: 1,
    createdAt: new Date().toISOString(),
    database: place.databaseUrl ? 'postgres' : 'pglite',
    images: place.images,
    imageCount: images.length,
  };
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'agendaki-backup-'));
  try {
    const entries: ArchiveEntry[] = [
      { name: MANIFEST_NAME, buffer: Buffer.from(JSON.stringify(manifest, null, 2)) },
    ];
    if (place.databaseUrl) {
      const dump = path.join(work, 'postgres.dump');
      await runTool(
        'pg_dump',
        ['--format=custom', '--no-owner', '--no-privileges', `--file=${dump}`],
        place.databaseUrl,
      );
      entries.push({ name: POSTGRES_ENTRY, file: dump });
    } else {
      if (!dumpPglite) throw new BackupError('O banco embutido não está aberto.');
      entries.push({
        name: PGLITE_ENTRY,
        buffer: Buffer.from(await (await dumpPglite()).arrayBuffer()),
      });
    }
    for (const name of images) {
      entries.push({ name: `${UPLOADS_PREFIX}${name}`, file: path.join(uploadsDir, name) });
    }
    await writeArchive(path.resolve(file), entries);
    return manifest;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** An empty PostgreSQL database: no table in any schema of ours (public, drizzle, pgboss). */
async function requireEmptyDatabase(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: string }>(
      `SELECT count(*) FROM information_schema.tables
        WHERE table_schema IN ('public', 'drizzle', 'pgboss')`,
    );
    if (Number(rows[0]?.count ?? 0) > 0) {
      throw new BackupError('O banco de destino não está vazio: restaure num banco novo.');
    }
  } finally {
    await client.end();
  }
}

function requireEmptyFolder(dir: string): void {
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) {
    throw new BackupError(`A pasta ${dir} não está vazia: restaure numa pasta nova.`);
  }
}

/** Brings the backup at `file` back into `place`, which must be empty. */
export async function restoreBackup(file: string, place: BackupPlace): Promise<BackupManifest> {
  if (!fs.existsSync(file)) throw new BackupError(`Arquivo não encontrado: ${file}`);
  let manifest: BackupManifest | undefined;
  await readArchive(file, async (name, stream) => {
    if (name !== MANIFEST_NAME) return drain(stream);
    manifest = JSON.parse((await readStream(stream)).toString('utf8')) as BackupManifest;
  });
  if (manifest?.format !== 1) throw new BackupError('Este arquivo não é um backup do Agendaki.');
  const wantsPostgres = manifest.database === 'postgres';
  if (wantsPostgres !== Boolean(place.databaseUrl)) {
    throw new BackupError(
      wantsPostgres
        ? 'Este backup é de PostgreSQL: defina DATABASE_URL com um banco novo e vazio.'
        : 'Este backup é do banco embutido (PGlite): restaure sem DATABASE_URL, num DATA_DIR vazio.',
    );
  }
  if (place.databaseUrl) await requireEmptyDatabase(place.databaseUrl);
  else requireEmptyFolder(path.join(place.dataDir, 'pglite'));
  const uploadsDir = path.join(place.dataDir, 'uploads');
  if (manifest.imageCount > 0) requireEmptyFolder(uploadsDir);

  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'agendaki-restore-'));
  try {
    await readArchive(file, async (name, stream) => {
      if (name === PGLITE_ENTRY) {
        const dump = new Blob([await readStream(stream)]);
        fs.mkdirSync(place.dataDir, { recursive: true });
        const database = await openPglite(path.join(place.dataDir, 'pglite'), {
          loadDataDir: dump,
        });
        await database.close();
      } else if (name === POSTGRES_ENTRY) {
        const dump = path.join(work, 'postgres.dump');
        await pipeline(stream, fs.createWriteStream(dump));
        await runTool(
          'pg_restore',
          ['--no-owner', '--no-privileges', '--exit-on-error', dump],
          place.databaseUrl!,
        );
      } else if (name.startsWith(UPLOADS_PREFIX)) {
        const target = safeJoin(uploadsDir, name.slice(UPLOADS_PREFIX.length));
        fs.mkdirSync(path.dirname(target), { recursive: true });
        await pipeline(stream, fs.createWriteStream(target));
      } else {
        await drain(stream);
      }
    });
    return manifest;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
