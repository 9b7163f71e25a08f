// One backup file: a ZIP (yazl writes it, yauzl reads it back) with a manifest, the database's
// dump and the uploaded images. The server secret is never in it (README, "Backup").
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import yazl from 'yazl';

export const MANIFEST_NAME = 'agendaki-backup.json';
export const UPLOADS_PREFIX = 'uploads/';
export const PGLITE_ENTRY = 'database/pglite.tar.gz';
export const POSTGRES_ENTRY = 'database/postgres.dump';

export interface BackupManifest {
  format: 1;
  createdAt: string;
  database: 'pglite' | 'postgres';
  /** `local`: the images are in the file; `s3`: they stay in the bucket (not in the file). */
  images: 'local' | 's3';
  imageCount: number;
}

/** Every file under `dir`, as paths relative to it with `/` (none when it does not exist). */
export function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  const found: string[] = [];
  const walk = (relative: string) => {
    for (const entry of fs.readdirSync(path.join(dir, relative), { withFileTypes: true })) {
      const next = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(next);
      else if (entry.isFile()) found.push(next);
    }
  };
  walk('');
  return found.sort();
}

export interface ArchiveEntry {
  name: string;
  /** A file on disk, or bytes in memory. */
  file?: string;
  buffer?: Buffer;
}

/** Writes the ZIP to `target` (through a temporary name, so a half file never passes for one). */
export async function writeArchive(target: string, entries: ArchiveEntry[]): Promise<void> {
  const zip = new yazl.ZipFile();
  for (const entry of entries) {
    if (entry.file) zip.addFile(entry.file, entry.name, { compress: false });
    else zip.addBuffer(entry.buffer ?? Buffer.alloc(0), entry.name);
  }
  zip.end();
  const partial = `${target}.partial`;
  await pipeline(zip.outputStream, fs.createWriteStream(partial, { mode: 0o600 }));
  fs.renameSync(partial, target);
}

/** Calls `onEntry` for every entry of the ZIP at `file`, one after the other. */
export function readArchive(
  file: string,
  onEntry: (name: string, stream: NodeJS.ReadableStream) => Promise<void>,
): Promise<void> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('não é um arquivo ZIP'));
      zip.on('error', reject);
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('entrada ilegível'));
          onEntry(entry.fileName, stream).then(() => zip.readEntry(), reject);
        });
      });
      zip.readEntry();
    });
  });
}

/** `dir/name` for an entry's name, refusing names that climb out of `dir` ("../", absolute). */
export function safeJoin(dir: string, name: string): string {
  const target = path.resolve(dir, name);
  if (!target.startsWith(path.resolve(dir) + path.sep)) {
    throw new Error(`Entrada fora da pasta no backup: ${name}`);
  }
  return target;
}

export async function readStream(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}
