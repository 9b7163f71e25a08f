import type { Db } from '../../db/client';
import { insertOutboxMail } from './repo';
import type { OutgoingMail } from './templates';

export type { OutgoingMail } from './templates';

/**
 * Puts a mail in the durable outbox (DECISIONS.md, Booking several services). Pass the
 * transaction of the change that causes the mail: both are kept, or neither. The worker sends it.
 */
export async function enqueueMail(db: Db, mail: OutgoingMail, now: Date): Promise<string> {
  return insertOutboxMail(db, mail, now);
}
