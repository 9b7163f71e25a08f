import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { findReferencedImageFiles } from '../services/service';
import type { FileStorage, StoredFile } from '../storage/service';

/**
 * Files no record points at (docs/decisions/030): what a crash between saving an upload and its
 * commit, or a failed removal, left behind. Uploads remove what they displace after their commit;
 * this hourly sweep catches the rest. A file younger than the grace may belong to an upload
 * whose transaction has not committed yet: it waits for the next run.
 */
export const ORPHAN_GRACE_MS = 60 * 60_000;
const CHECK_BATCH = 500;

export interface OrphanSweepDeps {
  db: Db;
  clock: Clock;
  storage: FileStorage;
}

/** Removes the storage's files older than the grace that no service points at; returns how many. */
export async function sweepOrphanFiles({ db, clock, storage }: OrphanSweepDeps): Promise<number> {
  if (!storage.listFiles) return 0;
  const cutoff = clock.now().getTime() - ORPHAN_GRACE_MS;
  let removed = 0;
  let batch: StoredFile[] = [];
  const check = async () => {
    const referenced = await findReferencedImageFiles(
      { db },
      batch.map((file) => file.url),
    );
    for (const file of batch) {
      if (referenced.has(file.url)) continue;
      await storage.remove(file.url);
      removed += 1;
    }
    batch = [];
  };
  for await (const file of storage.listFiles()) {
    if (file.modifiedAt.getTime() > cutoff) continue;
    batch.push(file);
    if (batch.length >= CHECK_BATCH) await check();
  }
  if (batch.length > 0) await check();
  return removed;
}
