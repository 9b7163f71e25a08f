import type { Db } from '../../db/client';
import { insertOutboxMails } from './repo';
import type { OutgoingMail } from './templates';

export type { OutgoingMail } from './templates';

/**
 * Puts a mail in the durable outbox (docs/product.md, Booking several services). Pass the
 * transaction of the change that causes the mail: both are kept, or neither. The worker sends it.
 */
export async function enqueueMail(db: Db, mail: OutgoingMail, now: Date): Promise<string> {
  const [id] = await insertOutboxMails(db, [mail], now);
  return id!;
}

/** Several mails caused by one change, in one statement. */
export async function enqueueMails(
  db: Db,
  mails: readonly OutgoingMail[],
  now: Date,
): Promise<string[]> {
  return insertOutboxMails(db, mails, now);
}
