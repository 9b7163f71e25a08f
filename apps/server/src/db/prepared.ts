import { sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from './client';

/**
 * Reads sent on every request of their kind, prepared with drizzle's public `.prepare(name)`
 * once per database handle and shape, with `sql.placeholder`s where the request's values go
 * (`bound`), and run with `.execute(values)`: drizzle does not build their SQL again, and
 * PostgreSQL parses them once per connection and soon keeps a generic plan when it costs no more
 * than planning each time (docs/decisions/022 and 032). A generic plan cannot see the values: a
 * read must be shaped so that its plan is good without them (the agenda picks its page before
 * joining, features/appointments/repo.ts).
 *
 * `key` names the shape (which filters, which order): `build` must give the same SQL for the same
 * key, and no value of a request may be built in, only placeholders (`bound`), or the next
 * request would run with it. A transaction is a new handle each time: inside one, run the plain
 * query with its values instead (decision 032).
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
 * Where a value of type T goes in a statement prepared once, bound when it runs (drizzle's
 * placeholder). Only for values drizzle sends as parameters (`eq`, `sql` templates, `limit`):
 * code that reads the value itself would read the placeholder.
 */
export function bound<T>(name: string): T {
  return sql.placeholder(name) as unknown as T;
}

/** Where a value goes in a `Shaped` piece of SQL, by name. */
export type Bind = <T>(name: string) => T;

/**
 * A piece of SQL written once for either use: `build` takes `bind` wherever a value goes.
 * `query()` builds it with its `values` in place, for a plain statement (a transaction's);
 * `build(bound)` gives it with placeholders, for a statement prepared once (`statementCache`).
 */
export class Shaped<Built = SQLWrapper> {
  constructor(
    readonly key: string,
    readonly build: (bind: Bind) => Built,
    readonly values: Readonly<Record<string, unknown>>,
  ) {}

  /** Built with its own values. */
  query(): Built {
    return this.build(<T>(name: string) => {
      if (!(name in this.values)) throw new Error(`no value for ${name} in ${this.key}`);
      return this.values[name] as T;
    });
  }
}

/**
 * The values of a `Shaped` piece of several rows: each row's values under `<column><index>`,
 * added to `into` (the values the rows share). Its `build` binds `<column><index>` likewise.
 */
export function rowValues(
  rows: readonly object[],
  into: Record<string, unknown> = {},
): Record<string, unknown> {
  rows.forEach((row, index) => {
    for (const [column, value] of Object.entries(row)) into[`${column}${index}`] = value;
  });
  return into;
}
