import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPglite, type Database } from '../../src/db/client';
import { createTestApp, type TestContext } from '../helpers/app';
import { bookingBody, createBookableProfessional, postBooking } from '../helpers/booking';

/**
 * Issue 44, finding 8 (docs/decisions/030): a deleted account's e-mail and business name, a
 * client's notes and an erased client's notes stayed in the files of the embedded database (dead
 * rows of mail_outbox and clients, index entries, the WAL): nothing vacuumed them. Here PGlite
 * runs on a real data folder, and every file of it is read as bytes after the erasure and after
 * the deletion. Distinctive ASCII strings: found as written or in lower case (indexes on lower()).
 */

const PASSWORD = 'senha-segura-123';
let ctx: TestContext;
let database: Database;
let dataDir: string;
let isAppClosed = false;

// The embedded database's own files: the PostgreSQL run has no dump to start one from.
const dumpPath = inject('pgliteDumpPath');

beforeAll(async () => {
  if (!dumpPath) return;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agendaki-erased-on-disk-'));
  const dump = fs.readFileSync(dumpPath);
  database = await openPglite(path.join(dataDir, 'pglite'), { loadDataDir: new Blob([dump]) });
  ctx = await createTestApp({ database, env: { DATA_DIR: dataDir } });
}, 60_000);
afterAll(async () => {
  if (!isAppClosed) await ctx?.close();
  if (!database) return;
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The files of the database's folder that hold any of `needles`, as `file: needle`. */
function filesHolding(needles: readonly string[]): string[] {
  const forms = [...new Set(needles.flatMap((needle) => [needle, needle.toLowerCase()]))];
  const hits: string[] = [];
  const root = path.join(dataDir, 'pglite');
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.isFile()) {
        const bytes = fs.readFileSync(file);
        for (const form of forms) {
          if (bytes.includes(form)) hits.push(`${path.relative(root, file)}: ${form}`);
        }
      }
    }
  };
  walk(root);
  return hits;
}

async function checkpoint() {
  await database.db.execute(sql`CHECKPOINT`);
}

describe.skipIf(!dumpPath)('erased and deleted data on the disk of the embedded database', () => {
  it('leaves none of the strings in any file after the erasure, then the deletion', async () => {
    const tag = `${randomInt(100_000, 999_999)}`;
    const businessName = `Estudio Xaropinho ${tag}`;
    const professional = await createBookableProfessional(ctx, {
      businessName,
      professionalName: `Filomena Brixval ${tag}`,
    });
    const { pro } = professional;

    // A client who books (mails about them, to them and to the professional), later erased.
    const erased = {
      name: `Zuleica Qwertyx ${tag}`,
      email: `zuleica-qwertyx-${tag}@cliente.com.br`,
      notes: `Alergia Plimbaxo ${tag}`,
    };
    const booking = await postBooking(
      ctx,
      bookingBody(professional, {
        clientName: erased.name,
        clientEmail: erased.email,
        notes: erased.notes,
      }),
    );
    expect(booking.statusCode, booking.body).toBe(201);
    // A client kept until the account goes: their notes.
    const kept = { name: `Teodora Lumbrix ${tag}`, notes: `Prefere Vruntalia ${tag}` };
    const created = await pro.request({
      method: 'POST',
      url: '/api/clients',
      payload: { name: kept.name, notes: kept.notes },
    });
    expect(created.statusCode, created.body).toBe(201);

    const erasedStrings = [erased.name, erased.email, erased.notes];
    const accountStrings = [pro.email, businessName, kept.name, kept.notes];
    // The scan sees what is there: every string is on disk before.
    await checkpoint();
    for (const needle of [...erasedStrings, ...accountStrings]) {
      expect(filesHolding([needle]), needle).not.toEqual([]);
    }

    const clients = (await pro.request({ method: 'GET', url: '/api/clients' })).json();
    const erasedId = clients.items.find((c: { name: string }) => c.name === erased.name).id;
    const erase = await pro.request({
      method: 'POST',
      url: `/api/clients/${erasedId}/erase`,
      payload: { confirmName: erased.name },
    });
    expect(erase.statusCode, erase.body).toBe(200);
    await checkpoint();
    expect(filesHolding(erasedStrings)).toEqual([]);
    // Only theirs: the account's are still there.
    expect(filesHolding([kept.notes])).not.toEqual([]);

    const deletion = await pro.request({
      method: 'POST',
      url: '/api/account/delete',
      payload: { password: PASSWORD },
    });
    expect(deletion.statusCode, deletion.body).toBe(204);
    isAppClosed = true;
    await ctx.close();
    await database.close();
    expect(filesHolding([...erasedStrings, ...accountStrings])).toEqual([]);
  }, 120_000);
});
