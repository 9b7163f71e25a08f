import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from '../../src/db/client';

export interface StatementCounter {
  /** Statements the app's database connections ran since the last `reset()`. */
  readonly count: number;
  reset(): void;
  /** The statements `run` sends, counted alone. */
  measure(run: () => Promise<unknown>): Promise<number>;
}

/**
 * Counts the statements sent through one Database's own connections (BEGIN and COMMIT included),
 * the way scripts/bench/count-queries.mjs counts a whole server: PGlite's every query, each
 * node-postgres pool client's every `query`. The job runner's separate pool is not counted.
 */
export function countStatements(database: Database): StatementCounter {
  let count = 0;
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (client instanceof PGlite) {
    const target = client as unknown as { _runExclusiveQuery: (...args: unknown[]) => unknown };
    const run = target._runExclusiveQuery.bind(client);
    target._runExclusiveQuery = (...args) => {
      count += 1;
      return run(...args);
    };
  } else if (client instanceof pg.Pool) {
    const counted = new WeakSet<pg.PoolClient>();
    client.on('acquire', (poolClient) => {
      if (counted.has(poolClient)) return;
      counted.add(poolClient);
      const query = poolClient.query.bind(poolClient) as (...args: unknown[]) => unknown;
      (poolClient as unknown as { query: (...args: unknown[]) => unknown }).query = (...args) => {
        count += 1;
        return query(...args);
      };
    });
  } else {
    throw new Error('countStatements: unknown database driver');
  }
  return {
    get count() {
      return count;
    },
    reset() {
      count = 0;
    },
    async measure(run) {
      count = 0;
      await run();
      return count;
    },
  };
}
