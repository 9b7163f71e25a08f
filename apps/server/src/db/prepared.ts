import { sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * Reads sent on every request of their kind, built by drizzle once per database handle and shape,
 * with placeholders where the request's values go, and sent under their own name: drizzle does not
 * build their SQL again, and PostgreSQL parses them once per connection and soon keeps a generic
 * plan when it costs no more than planning each time (docs/decisions/022-prepared-hot-reads.md;
 * see PLANNED_EACH_TIME for the reads where it does).
 *
 * `key` names the shape (which filters, which order): `build` must give the same SQL for the same
 * key, and no value of a request may be built in, only placeholders (`bound`), or the next
 * request would run with it.
 */
export function statementCache(): <Statement>(
  db: Db,
  key: string,
  build: () => Statement,
) => Statement {
  const byDatabase = new WeakMap<Db, Map<string, unknown>>();
  return <Statement>(db: Db, key: string, build: () => Statement): Statement => {
    let statements = byDatabase.get(db);
    if (!statements) {
      statements = new Map();
      byDatabase.set(db, statements);
    }
    if (!statements.has(key)) statements.set(key, build());
    return statements.get(key) as Statement;
  };
}

/**
 * The name of a statement built once but sent unnamed: PostgreSQL parses and plans it each time
 * with the request's values. For a read whose generic plan is worse than its custom plans: a
 * generic plan cannot see that several placeholders carry the same professional, nor the page's
 * size (the agenda's ran 3 to 5 times slower, decision 022).
 */
export const PLANNED_EACH_TIME = '';

/**
 * Where a value of type T goes in a statement built once, bound when it runs (drizzle's
 * placeholder). Only for values drizzle sends as parameters (`eq`, `sql` templates, `limit`):
 * code that reads the value itself would read the placeholder.
 */
export function bound<T>(name: string): T {
  return sql.placeholder(name) as unknown as T;
}
