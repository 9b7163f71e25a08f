// Preloaded into the benchmarked server (`node --import tsx --import ./count-queries.mjs`): counts
// the statements it sends to the database, without touching the server's code. node-postgres:
// every `Client#query` (BEGIN and COMMIT included); PGlite: its public `query`, `exec`, and a
// transaction's BEGIN, statements and end. The benchmark asks over the
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

const { query: pgliteQuery, exec: pgliteExec, transaction: pgliteTransaction } = PGlite.prototype;
PGlite.prototype.query = function countedQuery(...args) {
  queries += 1;
  return pgliteQuery.apply(this, args);
};
PGlite.prototype.exec = function countedExec(...args) {
  queries += 1;
  return pgliteExec.apply(this, args);
};
PGlite.prototype.transaction = function countedTransaction(callback) {
  queries += 2;
  const counting = (tx) =>
    new Proxy(tx, {
      get(target, property) {
        const value = Reflect.get(target, property, target);
        if (typeof value !== 'function' || !['query', 'exec', 'sql'].includes(String(property))) {
          return value;
        }
        return (...args) => {
          queries += 1;
          return value.apply(target, args);
        };
      },
    });
  return pgliteTransaction.call(this, (tx) => callback(counting(tx)));
};

process.on('message', (message) => {
  if (message === 'bench:reset') {
    queries = 0;
  }
  if (message === 'bench:count') process.send?.({ queries });
});
// The IPC channel must not keep a stopping server alive.
process.channel?.unref();
