import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from './client';
import { executeNamed } from './prepared';

/**
 * Writes of one transaction that return nothing and need nothing from each other, sent as one
 * statement when the transaction is done with them: `WITH w0 AS (…), w1 AS (…) SELECT 1`.
 * PostgreSQL runs every data-modifying WITH to completion, read or not, all on the statement's
 * one snapshot: none sees another's rows, so a write that depends on another's does not belong
 * in the same batch. Each feature still writes its own tables with its own query
 * (docs/decisions/010): it hands the query, unsent, to the batch instead of awaiting it.
 * A booking sends its appointments, its stored answer, its manage link, its mails' outbox rows
 * and its jobs (JobBatch.moveTo) so, and last its visitor's booked minutes (`sendReturning`),
 * docs/decisions/008. A batch of several writes goes under a name of its text (`executeNamed`):
 * PostgreSQL parses and plans each shape once per connection.
 */
export class WriteBatch {
  private readonly writes: SQLWrapper[] = [];

  add(...writes: SQLWrapper[]): void {
    this.writes.push(...writes);
  }

  /** Sends what was added since the last send, with `db` (the transaction). */
  async send(db: Db): Promise<void> {
    const writes = this.writes.splice(0);
    if (writes.length === 0) return;
    if (writes.length === 1) {
      await db.execute(writes[0]!);
      return;
    }
    await executeNamed(db, sql`with ${named(writes)} select 1`);
  }

  /**
   * Sends what was added with one more write, `last`, whose RETURNING rows it answers (raw, as
   * `execute` gives them): a counter that decides after the fact, say, rolling it all back.
   */
  async sendReturning(db: Db, last: SQLWrapper): Promise<unknown[]> {
    const writes = [...this.writes.splice(0), last];
    const result = await executeNamed(
      db,
      sql`with ${named(writes)} select * from ${sql.identifier(`w${writes.length - 1}`)}`,
    );
    return (result as unknown as { rows: unknown[] }).rows;
  }
}

// getSQL(): a query builder put in a template as such comes in parentheses, which PostgreSQL
// refuses around an INSERT or UPDATE in WITH.
function named(writes: readonly SQLWrapper[]): SQL {
  return sql.join(
    writes.map((write, index) => sql`${sql.identifier(`w${index}`)} as (${write.getSQL()})`),
    sql`, `,
  );
}
