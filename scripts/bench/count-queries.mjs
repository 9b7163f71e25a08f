// Preloaded into the benchmarked server (`node --import tsx --import ./count-queries.mjs`): counts
// the statements it sends to the database, without touching the server's code. node-postgres:
// every `Client#query` (BEGIN and COMMIT included); PGlite: every statement it runs (its
// `_runExclusiveQuery`, which both `query` and `exec` go through). The benchmark asks over the
// IPC channel: 'bench:reset' zeroes the count, 'bench:count' answers `{ queries, statements }`,
// the statements since the reset named by what they do and to which table (`insert rate_limits`).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

const require = createRequire(path.resolve(import.meta.dirname, '../../apps/server/package.json'));
const pg = require('pg');

let queries = 0;
/** What each statement since the reset does, in order (the first 100). */
let statements = [];

/** `insert into "rate_limits" …` -> "insert rate_limits", `select … from "profiles"` -> "select profiles". */
function describe(text) {
  const sql = text.replace(/\s+/g, ' ').trim();
  const verb = /^\w+/.exec(sql)?.[0]?.toLowerCase() ?? '?';
  const table = /\b(?:from|into|update|join)\s+("?[\w.]+"?(?:\."?\w+"?)?)/i.exec(sql)?.[1];
  return table ? `${verb} ${table.replace(/"/g, '')}` : verb;
}
// BENCH_LOG_QUERIES=<file>: each statement's text on its own line, to see what a request sends,
// after the name it is prepared under (`[agendaki_schedule]`), or `[]` sent unnamed: PostgreSQL
// parses and plans an unnamed statement every time.
const logFile = process.env.BENCH_LOG_QUERIES;
/** node-postgres only: PGlite's `_runExclusiveQuery` is handed a function, not the text. */
const logText = (query, values) => {
  const text = typeof query === 'string' ? query : query?.text;
  if (typeof text !== 'string') return;
  if (statements.length < 100) statements.push(describe(text));
  if (!logFile) return;
  // BENCH_LOG_VALUES=1: the whole text and its values, one JSON per line, to replay a request's
  // statements with EXPLAIN (ANALYZE) and see where PostgreSQL spends its time.
  if (process.env.BENCH_LOG_VALUES) {
    const bound = Array.isArray(values) ? values : query?.values;
    fs.appendFileSync(logFile, `${JSON.stringify({ name: query?.name, text, values: bound })}\n`);
    return;
  }
  const name = `[${query?.name ?? ''}]`;
  fs.appendFileSync(logFile, `${name} ${text.replace(/\s+/g, ' ').slice(0, 300)}\n`);
};

const pgQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(...args) {
  queries += 1;
  logText(args[0], args[1]);
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
    statements = [];
  }
  if (message === 'bench:count') process.send?.({ queries, statements });
});
// The IPC channel must not keep a stopping server alive.
process.channel?.unref();
