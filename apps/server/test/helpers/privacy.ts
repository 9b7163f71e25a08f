import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import yauzl from 'yauzl';
import type { Db } from '../../src/db/client';

/**
 * Reads back what the LGPD exports write (docs/decisions/012-lgpd.md): pt-BR Excel CSV (`;`,
 * BOM, CRLF, quotes doubled) and ZIPs, with a kept unzip library and, when the machine has it,
 * the `unzip` command.
 */

/** Rows of a CSV document, header included; the BOM must open it. */
export function parseCsv(text: string): string[][] {
  if (!text.startsWith('\uFEFF')) throw new Error('CSV without the UTF-8 BOM');
  const body = text.slice(1);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < body.length; i += 1) {
    const char = body[i]!;
    if (quoted) {
      if (char === '"' && body[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ';') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && body[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) throw new Error('CSV does not end with CRLF');
  return rows;
}

/** Every entry of a ZIP, by name, as UTF-8 text (yauzl, a kept parser). */
export function readZip(buffer: Buffer): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('no zip'));
      const entries = new Map<string, string>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** `unzip -t` on the file, when the command exists: null when it does not. */
export function testWithUnzipCommand(buffer: Buffer): string | null {
  const unzip = ['/usr/bin/unzip', '/bin/unzip'].find((candidate) => fs.existsSync(candidate));
  if (!unzip) return null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agendaki-zip-'));
  try {
    const file = path.join(dir, 'export.zip');
    fs.writeFileSync(file, buffer);
    return execFileSync(unzip, ['-t', file], { encoding: 'utf8' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export interface TableHit {
  table: string;
  rows: number;
}

/**
 * Every table of every schema of the database (ours, pg-boss's, drizzle's), each row read as
 * text and searched for any of `needles`: the rows that still name them.
 */
export async function findRowsMentioning(db: Db, needles: readonly string[]): Promise<TableHit[]> {
  const tables = (
    (await db.execute(sql`
      select table_schema as schema, table_name as name from information_schema.tables
       where table_type = 'BASE TABLE'
         and table_schema not in ('pg_catalog', 'information_schema')
         and table_schema not like 'pg_toast%'
       order by 1, 2`)) as unknown as { rows: Array<{ schema: string; name: string }> }
  ).rows;
  const patterns = [...new Set(needles.filter((needle) => needle.length > 0))].map(
    (needle) => `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
  );
  const list = sql`ARRAY[${sql.join(
    patterns.map((pattern) => sql`${pattern}`),
    sql`, `,
  )}]::text[]`;
  const hits: TableHit[] = [];
  for (const table of tables) {
    const result = (await db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table.schema)}.${sql.identifier(table.name)} t where t::text ilike any(${list})`,
    )) as unknown as { rows: Array<{ n: number }> };
    const rows = Number(result.rows[0]?.n ?? 0);
    if (rows > 0) hits.push({ table: `${table.schema}.${table.name}`, rows });
  }
  return hits;
}

/** How many tables the scan reads (so a test can tell it read the job queue's too). */
export async function listAllTables(db: Db): Promise<string[]> {
  const result = (await db.execute(sql`
    select table_schema || '.' || table_name as name from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
       and table_schema not like 'pg_toast%'`)) as unknown as { rows: Array<{ name: string }> };
  return result.rows.map((row) => row.name);
}
