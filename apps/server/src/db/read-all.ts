import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from './client';

type Reads = readonly (() => PromiseLike<unknown>)[];

/**
 * Independent reads of one request: side by side on the pool (each on its own connection), one
 * after the other inside a transaction. A transaction is one connection, and a connection runs
 * one statement at a time: node-postgres queues a second `query()` sent while the first runs,
 * warns that this is deprecated, and pg 9 refuses it. The same code can then read through either
 * (the public catalog is read in the booking's transaction on a cache miss).
 */
export async function readAll<const T extends Reads>(
  db: Db,
  reads: T,
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  type Results = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };
  if (!(db instanceof PgTransaction)) {
    return (await Promise.all(reads.map((read) => read()))) as Results;
  }
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as Results;
}
