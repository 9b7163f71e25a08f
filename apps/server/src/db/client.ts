import { setImmediate as nextTurn } from 'node:timers/promises';
import { PGlite, type Results } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type PgBoss from 'pg-boss';
import { listenPostgres, type NoticeHandler, type NoticeListener } from './listen';
import { migrateEmbedded, migratePostgres } from './migrate';
import { NamingClient } from './named-statements';
import { queueConnectionOf } from './queue';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type features see; the driver behind it is PGlite or node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  kind: DatabaseKind;
  /** PostgreSQL's connection string: the job runner opens its own pool with it (plugins/jobs.ts). */
  url?: string;
  /** pg-boss's `db` option over the driver's own client (pg-boss's runner on PGlite, tests). */
  queue: PgBoss.Db;
  /** Round trip to the database; throws when it is unreachable. */
  ping(): Promise<void>;
  /**
   * PGlite only: its data folder as a gzipped tar (its own `dumpDataDir`), taken between two
   * of our statements or transactions, never inside one (`npm run backup`).
   */
  dump?(): Promise<Blob>;
  /** Connections open and idle, and callers waiting for one (for /metrics). */
  poolUse(): { total: number; idle: number; waiting: number };
  /** Applies the committed SQL migrations (the same files on both drivers). */
  migrate(): Promise<void>;
  /** Receives NOTIFY payloads sent on `channel` by any session (db/listen.ts). */
  listen(channel: string, handler: NoticeHandler): NoticeListener;
  close(): Promise<void>;
}

export interface PgliteOptions {
  /** A dump of a data folder (`dumpDataDir`) to start from; tests use a migrated one. */
  loadDataDir?: Blob;
}

/**
 * PGlite runs on this process's event loop, and the statements waiting for it are handed the
 * connection one after the other in microtasks: under load the loop did not turn for 150 to 800
 * ms, and Node accepts one new connection per turn (libuv accepts once per poll since its
 * PR #3696; strace shows one `accept4` per `epoll_pwait`), so 50 visitors arriving together
 * waited up to 9 s just to be accepted (docs/decisions/021-pglite-lets-the-event-loop-turn.md).
 * Every statement, inside a transaction too, that would start more than TURN_EVERY_MS after the
 * loop last turned for us lets it turn first (a turn costs about 3 µs here): sockets are accepted
 * and read between two statements, not once per transaction (a booking's holds the connection
 * some 12 ms on PGlite).
 */
const TURN_EVERY_MS = 1;

/** PGlite's transaction handle, as its public `transaction(callback)` hands it out. */
type PgliteTransaction = Parameters<Parameters<PGlite['transaction']>[0]>[0];

class TurningPGlite extends PGlite {
  #lastTurn = performance.now();
  /** Our own first-come, first-served line to the one connection (see `#inLine`). */
  #line: Promise<unknown> = Promise.resolve();
  /** Statements and transactions in the line, the running one included (for /metrics). */
  inLine = 0;

  /** Lets the loop turn if it has not for TURN_EVERY_MS; a statement runs after it. */
  async #turn(): Promise<void> {
    if (performance.now() - this.#lastTurn <= TURN_EVERY_MS) return;
    await nextTurn();
    this.#lastTurn = performance.now();
  }

  /**
   * Every statement and transaction waits in one line, and at the head of it lets the loop turn
   * if it has not lately: queued statements no longer run back to back in microtasks. Built on
   * PGlite's public `query`, `exec` and `transaction` only (decision 032), which drizzle's driver
   * uses. Inside a transaction, use its handle: the client itself waits for the transaction.
   */
  #inLine<T>(run: () => Promise<T>): Promise<T> {
    this.inLine += 1;
    const turn = this.#line
      .then(async () => {
        await this.#turn();
        return run();
      })
      .finally(() => {
        this.inLine -= 1;
      });
    this.#line = turn.catch(() => undefined);
    return turn;
  }

  override query<T>(...args: Parameters<PGlite['query']>): Promise<Results<T>> {
    return this.#inLine(() => super.query<T>(...args));
  }

  override exec(...args: Parameters<PGlite['exec']>): ReturnType<PGlite['exec']> {
    return this.#inLine(() => super.exec(...args));
  }

  override transaction<T>(callback: (tx: PgliteTransaction) => Promise<T>): Promise<T> {
    return this.#inLine(() => super.transaction((tx) => callback(this.#turningInside(tx))));
  }

  /** A CHECKPOINT, then `dumpDataDir`, with nothing else of ours running meanwhile. */
  dumpInLine(): Promise<Blob> {
    return this.#inLine(async () => {
      await super.exec('CHECKPOINT');
      return super.dumpDataDir('gzip');
    });
  }

  /** The same handle, its statements turning the loop too (a booking holds it some 12 ms). */
  #turningInside(tx: PgliteTransaction): PgliteTransaction {
    const turn = () => this.#turn();
    return new Proxy(tx, {
      get(target, property) {
        const value: unknown = Reflect.get(target, property, target);
        if (typeof value !== 'function' || !['query', 'exec', 'sql'].includes(String(property))) {
          return value;
        }
        return async (...args: unknown[]) => {
          await turn();
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
  }
}

export async function openPglite(
  dataDir: string | undefined,
  options: PgliteOptions = {},
): Promise<Database> {
  // Options must be the first argument: `new PGlite(undefined, opts)` drops the extensions (STACK.md).
  const client = new TurningPGlite({
    dataDir,
    loadDataDir: options.loadDataDir,
    // btree_gist: the no-overlap constraint; unaccent, pg_trgm and btree_gin: client and
    // appointment search, each professional's within their own rows.
    extensions: { btree_gin, btree_gist, unaccent, pg_trgm },
  });
  await client.waitReady;
  // Old WAL segments are deleted, not renamed for reuse with their content (db/scrub.ts).
  await client.exec('SET wal_recycle = off');
  const pgliteDb = drizzlePglite({ client, schema });
  const db = pgliteDb as unknown as Db;
  return {
    db,
    kind: 'pglite',
    queue: queueConnectionOf(client),
    migrate: () => migrateEmbedded(pgliteDb),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    dump: () => client.dumpInLine(),
    // One connection: busy while anything is in its line, the rest of the line waits.
    poolUse: () => ({
      total: 1,
      idle: client.inLine === 0 ? 1 : 0,
      waiting: Math.max(0, client.inLine - 1),
    }),
    // One in-process connection: a notice is handled as the committing statement returns.
    listen: (channel, handler) => {
      let unlisten: (() => Promise<void>) | undefined;
      const ready = client
        .listen(channel, (payload) => handler.notice(payload))
        .then(
          (stop) => {
            unlisten = stop;
            handler.listening(true);
          },
          () => handler.listening(false),
        );
      return {
        ready,
        close: async () => {
          handler.listening(false);
          if (unlisten && !client.closed) await unlisten().catch(() => {});
        },
      };
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

export interface PostgresOptions {
  max?: number;
}

export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    // Each statement parsed once per connection (decision 040); its types differ only in `query`.
    Client: NamingClient as unknown as typeof pg.Client,
  });
  // A dropped idle connection (database restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // A connection dropped while a request holds it (between two queries of a transaction) emits
  // 'error' on the client, which the pool does not listen to: unheard, it would kill the process.
  // The request's next query fails instead, and the pool discards the client on release.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzleNodePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    queue: queueConnectionOf(pool),
    url,
    migrate: () => migratePostgres(pool),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    listen: (channel, handler) => listenPostgres(url, channel, handler),
    close: async () => {
      await pool.end();
    },
  };
}
