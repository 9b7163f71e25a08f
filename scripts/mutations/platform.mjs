// Mutations of the database connection, the queue and the configuration.
import { ERASED_ON_DISK, FORWARDED_ADDRESS, POSTGRES_RESTART } from './_tests.mjs';

export default [
  {
    name: 'pg-pool-idle-error-unhandled',
    protection: "PostgreSQL pool: an idle connection's error does not kill the process",
    file: 'apps/server/src/db/client.ts',
    find: "pool.on('error', () => {});",
    replace: '// (mutation) no pool error listener',
    test: POSTGRES_RESTART,
  },
  {
    name: 'pg-client-error-unhandled',
    protection: "PostgreSQL pool: a checked-out connection's error does not kill the process",
    file: 'apps/server/src/db/client.ts',
    find: "pool.on('connect', (client) => client.on('error', () => {}));",
    replace: '// (mutation) no client error listener',
    test: POSTGRES_RESTART,
  },
  {
    name: 'pglite-turns-per-transaction-only',
    protection:
      'PGlite: the event loop turns between the statements of a transaction, so new visitors are accepted during it (decision 021)',
    file: 'apps/server/src/db/client.ts',
    find: 'super.transaction((tx) => callback(this.#turningInside(tx)))',
    // As before the addendum: the loop turns before a transaction only, not between its statements.
    replace: 'super.transaction(callback)',
    test: { kind: 'server', file: 'apps/server/src/db/event-loop.test.ts' },
  },
  // Issue 45, items 1-2: libraries through their public API only (docs/decisions/032).
  {
    name: 'queue-connection-binds-off-by-one',
    protection: "pg-boss's $n parameters bound by their number through drizzle's public execute",
    file: 'apps/server/src/db/queue.ts',
    find: 'sql.param(values[Number(part) - 1] ?? null)',
    replace: 'sql.param(values[Number(part.slice(0, 1)) - 1] ?? null)',
    test: { kind: 'server', file: 'apps/server/src/db/prepared.test.ts' },
  },
  {
    name: 'secret-postgres-not-required',
    protection: 'PostgreSQL without AUTH_SECRET refuses to start, naming the variable',
    file: 'apps/server/src/config/env.ts',
    find: "if (databaseKind === 'postgres' && !env.AUTH_SECRET) {",
    replace: "if (databaseKind === 'postgres' && env.AUTH_SECRET === 'never') {",
    test: { kind: 'server', file: 'apps/server/src/config/env.test.ts' },
  },
  {
    name: 'pglite-vacuum-not-full',
    protection: 'PGlite rewrites the touched tables and their indexes (VACUUM FULL)',
    file: 'apps/server/src/db/scrub.ts',
    find: 'await db.execute(sql`VACUUM (FULL) ${names}`);',
    replace: 'await db.execute(sql`VACUUM ${names}`);',
    test: ERASED_ON_DISK,
  },
  {
    name: 'pglite-wal-recycled',
    protection: 'PGlite deletes old WAL segments instead of renaming them with their content',
    file: 'apps/server/src/db/client.ts',
    find: "await client.exec('SET wal_recycle = off');",
    replace: "await client.exec('SET wal_recycle = on');",
    test: ERASED_ON_DISK,
  },
  // Issue 44, item 1: only the hops of the operator's own proxies are believed.
  {
    name: 'trust-proxy-every-hop',
    protection: 'TRUST_PROXY=true believes one proxy, not the X-Forwarded-For the client wrote',
    file: 'apps/server/src/config/trust-proxy.ts',
    find: 'return (_address, hop) => hop < trust;',
    replace: 'return () => true;',
    test: FORWARDED_ADDRESS,
  },
];
