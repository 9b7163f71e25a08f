import { sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * Reads sent on every request of their kind, built by drizzle once per database handle and shape,
 * with placeholders where the request's values go, and sent under their own name: drizzle does not
 * build their SQL again, and PostgreSQL parses them once per connection and soon keeps a generic
 * plan (docs/decisions/022-prepared-hot-reads.md).
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
 * Where a value of type T goes in a statement built once, bound when it runs (drizzle's
 * placeholder). Only for values drizzle sends as parameters (`eq`, `sql` templates, `limit`):
 * code that reads the value itself would read the placeholder.
 */
export function bound<T>(name: string): T {
  return sql.placeholder(name) as unknown as T;
}
