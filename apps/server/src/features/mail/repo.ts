import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import type { OutgoingMail } from '../../lib/mail-templates';

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** Whose business a mail is about (docs/decisions/012-lgpd.md). */
export interface MailSubject {
  professionalId?: string;
  clientId?: string;
}

/**
 * One statement for all the mails of one change (a booking's two mails), each row with its id
 * from `ids`.
 */
export async function insertOutboxMails(
  db: Db,
  mails: readonly OutgoingMail[],
  ids: readonly string[],
  now: Date,
  about: MailSubject = {},
): Promise<void> {
  await db.insert(mailOutbox).values(
    mails.map((mail, index) => ({
      id: ids[index]!,
      toAddress: mail.to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      attachments: mail.attachments ?? [],
      createdAt: now,
      aboutProfessionalId: about.professionalId ?? null,
      aboutClientId: about.clientId ?? null,
    })),
  );
}

/**
 * Those of the mails `ids` that still wait to be sent, in one statement: a job retried after its
 * mail went out finds none.
 */
export async function findPendingMails(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, OutboxRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(and(inArray(mailOutbox.id, [...ids]), eq(mailOutbox.status, 'pending')));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Each mail's status (pending, sent, failed) by id, in one statement. */
export async function findMailStates(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: mailOutbox.id, status: mailOutbox.status })
    .from(mailOutbox)
    .where(inArray(mailOutbox.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.status]));
}

/** Marks the mails `ids` sent, in one statement. */
export async function markMailsSent(db: Db, ids: readonly string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(mailOutbox)
    .set({
      status: 'sent',
      sentAt: now,
      lastError: null,
      attempts: sql`${mailOutbox.attempts} + 1`,
    })
    .where(inArray(mailOutbox.id, [...ids]));
}

/** Counts a failed attempt; `isFinal`: no retry follows, the mail is failed for good. */
export async function markMailAttemptFailed(
  db: Db,
  id: string,
  options: { error: string; isFinal: boolean },
): Promise<void> {
  await db
    .update(mailOutbox)
    .set({
      attempts: sql`${mailOutbox.attempts} + 1`,
      lastError: options.error,
      ...(options.isFinal ? { status: 'failed' } : {}),
    })
    .where(eq(mailOutbox.id, id));
}

/** Pending mails of the professional's that will not be sent after all: marked failed. */
export async function cancelPendingMails(
  db: Db,
  professionalId: string,
  ids: readonly string[],
  reason: string,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .update(mailOutbox)
    .set({ status: 'failed', lastError: reason })
    .where(
      and(
        eq(mailOutbox.aboutProfessionalId, professionalId),
        inArray(mailOutbox.id, [...ids]),
        eq(mailOutbox.status, 'pending'),
      ),
    )
    .returning({ id: mailOutbox.id });
  return rows.map((row) => row.id);
}

/**
 * Deletes the mails about a client (any status: a sent one's copy holds their data too), and
 * those sent to their address for this professional. Returns the ids, whose jobs go too.
 */
export async function deleteMailsOfClient(
  db: Db,
  professionalId: string,
  clientId: string,
  email: string | null,
): Promise<string[]> {
  const byAddress = email ? sql` OR lower(${mailOutbox.toAddress}) = lower(${email})` : sql``;
  const rows = await db
    .delete(mailOutbox)
    .where(
      sql`${mailOutbox.aboutProfessionalId} = ${professionalId} AND (${mailOutbox.aboutClientId} = ${clientId}${byAddress})`,
    )
    .returning({ id: mailOutbox.id });
  return rows.map((row) => row.id);
}

/**
 * Deletes every mail of an account: those about its business, and the untagged ones (sign-up
 * confirmation, password reset) sent to its addresses or its clients'. Another professional's
 * tagged mail to the same address is theirs and stays. Returns the ids.
 */
export async function deleteMailsOfAccount(
  db: Db,
  professionalId: string,
  addresses: readonly string[],
): Promise<string[]> {
  const lowered = [...new Set(addresses.map((address) => address.toLowerCase()))];
  const byAddress =
    lowered.length > 0
      ? sql` OR (${mailOutbox.aboutProfessionalId} IS NULL AND lower(${mailOutbox.toAddress}) IN (${sql.join(
          lowered.map((address) => sql`${address}`),
          sql`, `,
        )}))`
      : sql``;
  const rows = await db
    .delete(mailOutbox)
    .where(sql`${mailOutbox.aboutProfessionalId} = ${professionalId}${byAddress}`)
    .returning({ id: mailOutbox.id });
  return rows.map((row) => row.id);
}
