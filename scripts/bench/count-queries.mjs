// Preloaded into the benchmarked server (`node --import tsx --import ./count-queries.mjs`): counts
// the statements it sends to the database, without touching the server's code. node-postgres:
// every `Client#query` (BEGIN and COMMIT included); PGlite: every statement it runs (its
// `_runExclusiveQuery`, which both `query` and `exec` go through). The benchmark asks over the
// IPC channel: 'bench:reset' zeroes the count, 'bench:count' answers `{ queries }`.
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

const require = createRequire(path.resolve(import.meta.dirname, '../../apps/server/package.json'));
const pg = require('pg');

let queries = 0;

const pgQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(...args) {
  queries += 1;
  return pgQuery.apply(this, args);
};

const pgliteRun = PGlite.prototype._runExclusiveQuery;
PGlite.prototype._runExclusiveQuery = function countedRun(...args) {
  queries += 1;
  return pgliteRun.apply(this, args);
};

process.on('message', (message) => {
  if (message === 'bench:reset') {
    queries = 0;
  }
  if (message === 'bench:count') process.send?.({ queries });
});
// The IPC channel must not keep a stopping server alive.
process.channel?.unref();
