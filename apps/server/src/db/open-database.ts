import path from 'node:path';
import type { Env } from '../config/env';
import { openPglite, openPostgres, type Database } from './client';
import { acquireDataDirLock } from './lock';

/** Opens the configured database, takes the data-folder lock for PGlite, and migrates. */
export async function openDatabase(env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR'>): Promise<Database> {
  if (env.DATABASE_URL) {
    const database = await openPostgres(env.DATABASE_URL);
    await database.migrate();
    return database;
  }
  const release = acquireDataDirLock(env.DATA_DIR);
  try {
    const database = await openPglite(path.join(env.DATA_DIR, 'pglite'));
    await database.migrate();
    return {
      ...database,
      close: async () => {
        try {
          await database.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
