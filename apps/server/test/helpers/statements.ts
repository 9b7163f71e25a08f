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
 * The waiting list's look at a professional whose time changed (features/waitlist/job.ts): a
 * PostgreSQL notice's handler that may run inside any counting window, not part of what is counted.
 */
const BACKGROUND = /from "waitlist_entries"/i;

/**
 * Counts the statements sent through one Database's own connections (BEGIN and COMMIT included),
 * the way scripts/bench/count-queries.mjs counts a whole server: PGlite's public `query`, `exec`
 * and each transaction's statements, each node-postgres pool client's every `query`. The job
 * runner's separate pool is not counted.
 */
export function countStatements(
  database: Database,
  options: { ignore?: RegExp } = {},
): StatementCounter {
  let count = 0;
  // Statements another feature sends on its own (e.g. a notice's handler), by their SQL.
  const isIgnored = (args: unknown[]) => {
    const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string })?.text;
    if (!text) return false;
    return BACKGROUND.test(text) || Boolean(options.ignore?.test(text));
  };
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (client instanceof PGlite) {
    countPgliteStatements(client, (args) => {
      if (!isIgnored(args)) count += 1;
    });
  } else if (client instanceof pg.Pool) {
    const counted = new WeakSet<pg.PoolClient>();
    client.on('acquire', (poolClient) => {
      if (counted.has(poolClient)) return;
      counted.add(poolClient);
      const query = poolClient.query.bind(poolClient) as (...args: unknown[]) => unknown;
      (poolClient as unknown as { query: (...args: unknown[]) => unknown }).query = (...args) => {
        if (!isIgnored(args)) count += 1;
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

type Transaction = Parameters<Parameters<PGlite['transaction']>[0]>[0];

/** PGlite through its public methods: a transaction is its BEGIN, its statements, its end. */
function countPgliteStatements(client: PGlite, counted: (args: unknown[]) => void): void {
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = (...args) => {
    counted(args);
    return query(...args);
  };
  client.exec = (...args) => {
    counted(args);
    return exec(...args);
  };
  client.transaction = (callback) => {
    counted(['BEGIN']);
    counted(['COMMIT']);
    return transaction((tx) =>
      callback(
        new Proxy(tx, {
          get(target, property) {
            const value: unknown = Reflect.get(target, property, target);
            if (
              typeof value !== 'function' ||
              !['query', 'exec', 'sql'].includes(String(property))
            ) {
              return value;
            }
            return (...args: unknown[]) => {
              counted(args);
              return (value as (...a: unknown[]) => unknown).apply(target, args);
            };
          },
        }) as Transaction,
      ),
    );
  };
}
