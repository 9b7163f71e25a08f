import {
  Column,
  getTableName,
  is,
  SQL,
  sql,
  Subquery,
  type Query,
  type SQLWrapper,
} from 'drizzle-orm';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import * as drizzleUtils from 'drizzle-orm/utils';
import type { Db } from './client';

/**
 * Reads sent on every request of their kind, built by drizzle once per database handle and shape,
 * with placeholders where the request's values go, and sent under their own name: drizzle does not
 * build their SQL again, and PostgreSQL parses them once per connection and soon keeps a generic
 * plan when it costs no more than planning each time (docs/decisions/022-prepared-hot-reads.md).
 * A generic plan cannot see the values: a read must be shaped so that its plan is good without
 * them (the agenda picks its page before joining, features/appointments/repo.ts).
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
    if (!statements.has(key)) statements.set(key, mapsRowsCompiled(build()));
    return statements.get(key) as Statement;
  };
}

/** A select's field in the order of its row: where it goes in the object, and what it is. */
interface OrderedField {
  path: string[];
  field: unknown;
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** What drizzle's `mapResultRow` looks up for a field on every row, looked up once. */
interface FieldPlan {
  index: number;
  parents: string[];
  leaf: string;
  decode: (value: unknown) => unknown;
  /** The table of a joined table's column, whose all-null object becomes null (left joins). */
  joinedTable: string | undefined;
}

function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return (field as unknown as { decoder: Decoder }).decoder;
  if (is(field, Subquery)) {
    return (field as unknown as { _: { sql: { decoder: Decoder } } })._.sql.decoder;
  }
  return (field as { sql: { decoder: Decoder } }).sql.decoder;
}

/**
 * A select's rows (node-postgres's and PGlite's arrays) mapped to objects exactly as drizzle's
 * `mapResultRow` maps them, with what it finds out for every field of every row (which kind of
 * field, its decoder through the alias's proxy, its table's name) found once per statement: for
 * an agenda page of 20 rows that lookup was an eighth of the server's time on the request
 * (`is()` walking prototypes, a proxy's `get` per aliased column; docs/benchmarks.md).
 */
export function compileRowMapper(
  fields: readonly OrderedField[],
  joinsNotNullableMap?: Record<string, boolean>,
): (rows: unknown[][]) => Record<string, unknown>[] {
  const plans: FieldPlan[] = fields.map(({ path, field }, index) => {
    const decoder = decoderOf(field);
    const map = decoder.mapFromDriverValue;
    return {
      index,
      parents: path.slice(0, -1),
      leaf: path[path.length - 1]!,
      decode: (value) => map.call(decoder, value),
      joinedTable:
        joinsNotNullableMap && is(field, Column) && path.length === 2
          ? getTableName(field.table)
          : undefined,
    };
  });
  const mapRow = (row: unknown[]): Record<string, unknown> => {
    const result: Record<string, unknown> = {};
    const nullify: Record<string, string | false> = {};
    for (const plan of plans) {
      let node = result;
      for (const chunk of plan.parents) {
        if (!(chunk in node)) node[chunk] = {};
        node = node[chunk] as Record<string, unknown>;
      }
      const raw = row[plan.index];
      const value = raw === null ? null : plan.decode(raw);
      node[plan.leaf] = value;
      if (plan.joinedTable !== undefined) {
        const objectName = plan.parents[0]!;
        const seen = nullify[objectName];
        if (seen === undefined) nullify[objectName] = value === null ? plan.joinedTable : false;
        else if (typeof seen === 'string' && seen !== plan.joinedTable) nullify[objectName] = false;
      }
    }
    if (joinsNotNullableMap) {
      for (const [objectName, tableName] of Object.entries(nullify)) {
        if (typeof tableName === 'string' && !joinsNotNullableMap[tableName]) {
          result[objectName] = null;
        }
      }
    }
    return result;
  };
  return (rows) => rows.map(mapRow);
}

/** What drizzle keeps on a prepared select (internal): how it maps its rows. */
interface PreparedSelectInternals {
  fields?: OrderedField[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
}

/**
 * A statement drizzle prepared (`.prepare(name)`), its rows mapped by `compileRowMapper` when it
 * is a select drizzle would map row by row; anything else as it is.
 */
export function mapsRowsCompiled<Statement>(statement: Statement): Statement {
  const prepared = statement as PreparedSelectInternals;
  if (Array.isArray(prepared.fields) && !prepared.customResultMapper) {
    prepared.customResultMapper = compileRowMapper(prepared.fields, prepared.joinsNotNullableMap);
  }
  return statement;
}

/**
 * Where a value of type T goes in a statement built once, bound when it runs (drizzle's
 * placeholder). Only for values drizzle sends as parameters (`eq`, `sql` templates, `limit`):
 * code that reads the value itself would read the placeholder.
 */
export function bound<T>(name: string): T {
  return sql.placeholder(name) as unknown as T;
}

/** Where a value goes in a `Shaped` piece of SQL: its placeholder, named within the piece. */
export type Bind = <T>(name: string) => T;

/**
 * A piece of SQL whose text does not depend on its values, only on its shape (how many rows,
 * which columns, which branch): `build` makes it with a placeholder (`bind`) wherever a value
 * goes, and `values` fills them by name, so the statement it goes into is built by drizzle once
 * per shape, not on every request. `key` names the shape: the same key must give the same SQL,
 * so whatever else `build` reads (a lock's mode, whether a phone was given) is in the key. A
 * value bound to a table's column (an insert's or an update's) goes through the column's
 * encoder when the statement runs, as drizzle would encode it; one bound in a `sql` template
 * goes to the driver as it is.
 */
export class Shaped<Built = SQLWrapper> {
  constructor(
    readonly key: string,
    readonly build: (bind: Bind) => Built,
    readonly values: Readonly<Record<string, unknown>>,
  ) {}

  /** Built with its placeholders named `<prefix><name>`, for a statement of several pieces. */
  buildAs(prefix: string): Built {
    return this.build(<T>(name: string) => bound<T>(`${prefix}${name}`));
  }

  /** Its values under the same prefix, into `into`. */
  valuesAs(prefix: string, into: Record<string, unknown>): Record<string, unknown> {
    for (const [name, value] of Object.entries(this.values)) into[`${prefix}${name}`] = value;
    return into;
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

/** At most this many texts get a name per process; any beyond are sent unnamed, as before. */
export const NAMED_TEXTS_LIMIT = 64;
const namedTexts = new Map<string, string>();

interface DrizzleInternals {
  dialect: PgDialect;
  session: PgSession;
}

/**
 * `db.execute(query)` under a name of its text: node-postgres parses it once per connection and
 * PostgreSQL then keeps its plan, instead of parsing, analysing and planning it on every
 * request (for a booking's claim and its batch of writes, a third of PostgreSQL's CPU went
 * there: docs/benchmarks.md). For statements of few shapes whose values are all bound: each
 * distinct text is a prepared statement on every connection for the connection's life, so the
 * first NAMED_TEXTS_LIMIT texts are named and the others sent unnamed. PGlite ignores the name.
 * `values` fill the query's placeholders (`bound`), if it has any.
 */
export function executeNamed(
  db: Db,
  query: SQLWrapper,
  values: Record<string, unknown> = {},
): Promise<unknown> {
  // drizzle's own path for `execute`, with a name: its dialect and session are internal.
  const { dialect, session } = db as unknown as DrizzleInternals;
  const built = dialect.sqlToQuery(query.getSQL());
  let name = namedTexts.get(built.sql);
  if (name === undefined && namedTexts.size < NAMED_TEXTS_LIMIT) {
    name = `agendaki_named_${namedTexts.size + 1}`;
    namedTexts.set(built.sql, name);
  }
  return session.prepareQuery(built, undefined, name, false).execute(values);
}

/**
 * What drizzle built of a statement once: its SQL with placeholders, and for a select how its
 * rows map to objects (what drizzle's own `prepare` computes every time it is called).
 */
interface BuiltStatement {
  query: Query;
  fields?: OrderedField[];
  mapRows?: (rows: unknown[][]) => unknown;
}

const builtStatements = new Map<string, BuiltStatement>();

// How a select's rows map to its fields: the helper drizzle's own `prepare` calls (internal).
const { orderSelectedFields } = drizzleUtils as unknown as {
  orderSelectedFields(fields: Record<string, unknown>): OrderedField[];
};

interface SelectInternals {
  _: { selectedFields: Record<string, unknown> };
  joinsNotNullableMap: Record<string, boolean>;
}

/**
 * Prepared on `db`, whatever it is: the pool or a transaction. A statement built and prepared
 * with drizzle (`statementCache`) runs only on the handle it was built on, and a booking's reads
 * run in a transaction, a new handle each time; these are built once per process and key, and
 * sent under the name `agendaki_<key>`, on the handle of the moment.
 */
function preparedOn(db: Db, key: string, build: () => SQLWrapper, isSelect: boolean) {
  const { dialect, session } = db as unknown as DrizzleInternals;
  let built = builtStatements.get(key);
  if (!built) {
    const statement = build();
    built = { query: dialect.sqlToQuery(statement.getSQL()) };
    if (isSelect) {
      const select = statement as unknown as SelectInternals;
      built.fields = orderSelectedFields(select._.selectedFields);
      built.mapRows = compileRowMapper(built.fields, select.joinsNotNullableMap);
    }
    builtStatements.set(key, built);
  }
  return session.prepareQuery(
    built.query,
    built.fields as never,
    `agendaki_${key}`,
    isSelect,
    built.mapRows as never,
  );
}

/**
 * A select of one shape, built by drizzle once per process (`build` gets placeholders, `bound`,
 * never a request's values) and run with `values` on `db`, the pool or a transaction: its rows,
 * mapped as drizzle maps the select's. `key` names the shape: one key, one SQL text.
 */
export function selectShared<Select extends SQLWrapper & { _: { result: unknown } }>(
  db: Db,
  key: string,
  build: () => Select,
  values: Record<string, unknown>,
): Promise<Select['_']['result']> {
  return preparedOn(db, key, build, true).execute(values) as Promise<Select['_']['result']>;
}

/** `selectShared` for any other statement (a write, a raw `sql`): its raw result, as `execute`'s. */
export function executeShared(
  db: Db,
  key: string,
  build: () => SQLWrapper,
  values: Record<string, unknown>,
): Promise<unknown> {
  return preparedOn(db, key, build, false).execute(values);
}
