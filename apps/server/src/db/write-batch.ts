import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from './client';
import { executeNamed, executeShared, Shaped } from './prepared';

export type { Bind } from './prepared';

/**
 * A write of one shape (db/prepared.ts `Shaped`). A batch made only of shaped writes is built
 * by drizzle once per process and shape (docs/decisions/022-prepared-hot-reads.md: building a
 * booking's writes was the largest piece of the server's own work).
 */
export class ShapedWrite extends Shaped<SQLWrapper> {}

/** What a batch takes: a query built with its values, or a shaped write (any `Shaped` query). */
export type Write = SQLWrapper | Shaped<SQLWrapper>;

/** At most this many batch shapes are built once; the rest are built on every send. */
export const SHAPED_BATCHES_LIMIT = 64;
const batchNames = new Map<string, string>();

/**
 * Writes of one transaction that return nothing and need nothing from each other, sent as one
 * statement when the transaction is done with them: `WITH w0 AS (…), w1 AS (…) SELECT 1`.
 * PostgreSQL runs every data-modifying WITH to completion, read or not, all on the statement's
 * one snapshot: none sees another's rows, so a write that depends on another's does not belong
 * in the same batch. Each feature still writes its own tables with its own query
 * (docs/decisions/010): it hands the query, unsent, to the batch instead of awaiting it.
 * A booking sends its appointments, its stored answer, its manage link, its mails' outbox rows
 * and its jobs (JobBatch.moveTo) so, and last its visitor's booked minutes (`sendReturning`),
 * docs/decisions/008. A batch of several writes goes under a name (`executeNamed`): PostgreSQL
 * parses and plans each shape once per connection; a batch of shaped writes only is also built
 * once per shape (`ShapedWrite`).
 */
export class WriteBatch {
  private readonly writes: Write[] = [];

  add(...writes: Write[]): void {
    this.writes.push(...writes);
  }

  /** Sends what was added since the last send, with `db` (the transaction). */
  async send(db: Db): Promise<void> {
    const writes = this.writes.splice(0);
    if (writes.length === 0) return;
    if (writes.length === 1 && !(writes[0] instanceof Shaped)) {
      await db.execute(writes[0]!);
      return;
    }
    await sendBatch(db, writes, false);
  }

  /**
   * Sends what was added with one more write, `last`, whose RETURNING rows it answers (raw, as
   * `execute` gives them): a counter that decides after the fact, say, rolling it all back.
   */
  async sendReturning(db: Db, last: Write): Promise<unknown[]> {
    const result = await sendBatch(db, [...this.writes.splice(0), last], true);
    return (result as { rows: unknown[] }).rows;
  }
}

/** One write sent on its own, with `db`. */
export async function sendWrite(db: Db, write: Write): Promise<void> {
  const batch = new WriteBatch();
  batch.add(write);
  await batch.send(db);
}

function sendBatch(db: Db, writes: readonly Write[], returning: boolean): Promise<unknown> {
  // Each shaped write's placeholders are prefixed with its place in the batch: w0_id, w1_id.
  const values: Record<string, unknown> = {};
  writes.forEach((write, index) => {
    if (write instanceof Shaped) write.valuesAs(`w${index}_`, values);
  });
  const build = () => {
    const tail = returning
      ? sql`select * from ${sql.identifier(`w${writes.length - 1}`)}`
      : sql`select 1`;
    return sql`with ${named(writes)} ${tail}`;
  };
  const name = writes.every((write) => write instanceof Shaped)
    ? batchName(writes.map((write) => (write as Shaped).key).join(',') + `|${returning}`)
    : undefined;
  return name ? executeShared(db, name, build, values) : executeNamed(db, build(), values);
}

/** A short name for a batch's shape (PostgreSQL cuts statement names at 63 bytes). */
function batchName(shape: string): string | undefined {
  let name = batchNames.get(shape);
  if (name === undefined && batchNames.size < SHAPED_BATCHES_LIMIT) {
    name = `write_batch_${batchNames.size + 1}`;
    batchNames.set(shape, name);
  }
  return name;
}

// getSQL(): a query builder put in a template as such comes in parentheses, which PostgreSQL
// refuses around an INSERT or UPDATE in WITH.
function named(writes: readonly Write[]): SQL {
  return sql.join(
    writes.map((write, index) => {
      const query = write instanceof Shaped ? write.buildAs(`w${index}_`) : write;
      return sql`${sql.identifier(`w${index}`)} as (${query.getSQL()})`;
    }),
    sql`, `,
  );
}
