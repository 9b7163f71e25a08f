import { and, count, desc, eq, gte, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { whatsappMessages, whatsappSettings, type WhatsappFallbackMail } from '../../db/schema';

export * from './repo/answers';

export type SettingsRow = typeof whatsappSettings.$inferSelect;
export type MessageRow = typeof whatsappMessages.$inferSelect;
export type MessageStatus = 'queued' | 'sent' | 'delivered' | 'read' | 'failed';

export async function findSettings(db: Db, professionalId: string) {
  const [row] = await db
    .select()
    .from(whatsappSettings)
    .where(eq(whatsappSettings.professionalId, professionalId));
  return row;
}

export async function saveSettings(
  db: Db,
  professionalId: string,
  values: Omit<typeof whatsappSettings.$inferInsert, 'professionalId' | 'updatedAt'>,
  now: Date,
) {
  await db
    .insert(whatsappSettings)
    .values({ professionalId, ...values, updatedAt: now })
    .onConflictDoUpdate({
      target: whatsappSettings.professionalId,
      set: { ...values, updatedAt: now },
    });
}

/** The message of `dedupeKey`, written once: null when it was planned before. */
export async function insertMessage(
  db: Db,
  values: {
    professionalId: string;
    clientId: string | null;
    bookingId: string | null;
    kind: string;
    template: string;
    toPhone: string;
    params: string[];
    dedupeKey: string;
    fallbackMail: WhatsappFallbackMail | null;
  },
  now: Date,
): Promise<string | null> {
  const [row] = await db
    .insert(whatsappMessages)
    .values({ ...values, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: [whatsappMessages.professionalId, whatsappMessages.dedupeKey] })
    .returning({ id: whatsappMessages.id });
  return row?.id ?? null;
}

export async function findMessage(db: Db, professionalId: string, id: string) {
  const [row] = await db
    .select()
    .from(whatsappMessages)
    .where(and(eq(whatsappMessages.professionalId, professionalId), eq(whatsappMessages.id, id)));
  return row;
}

/** `queued` → `sent` once: false when another run got there first. */
export async function markSent(
  db: Db,
  professionalId: string,
  id: string,
  waMessageId: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(whatsappMessages)
    .set({ status: 'sent', waMessageId, sentAt: now, updatedAt: now })
    .where(
      and(
        eq(whatsappMessages.professionalId, professionalId),
        eq(whatsappMessages.id, id),
        eq(whatsappMessages.status, 'queued'),
      ),
    )
    .returning({ id: whatsappMessages.id });
  return rows.length > 0;
}

/** → `failed` from `queued` or `sent` (a status webhook may fail a sent one): the row, once. */
export async function markFailed(
  db: Db,
  where: { professionalId: string; id: string } | { waMessageId: string },
  error: { code: number | null; text: string },
  now: Date,
): Promise<MessageRow | undefined> {
  const target =
    'waMessageId' in where
      ? eq(whatsappMessages.waMessageId, where.waMessageId)
      : and(
          eq(whatsappMessages.professionalId, where.professionalId),
          eq(whatsappMessages.id, where.id),
        );
  const [row] = await db
    .update(whatsappMessages)
    .set({
      status: 'failed',
      errorCode: error.code,
      errorText: error.text.slice(0, 300),
      updatedAt: now,
    })
    .where(and(target, inArray(whatsappMessages.status, ['queued', 'sent'])))
    .returning();
  return row;
}

/** Queued messages that must not go (a refusal after they were planned): marked failed. */
export async function failQueuedByKeys(
  db: Db,
  professionalId: string,
  dedupeKeys: readonly string[],
  text: string,
  now: Date,
): Promise<void> {
  if (dedupeKeys.length === 0) return;
  await db
    .update(whatsappMessages)
    .set({ status: 'failed', errorCode: null, errorText: text, updatedAt: now })
    .where(
      and(
        eq(whatsappMessages.professionalId, professionalId),
        inArray(whatsappMessages.dedupeKey, [...dedupeKeys]),
        eq(whatsappMessages.status, 'queued'),
      ),
    );
}

const FORWARD: Record<'delivered' | 'read', MessageStatus[]> = {
  delivered: ['queued', 'sent'],
  read: ['queued', 'sent', 'delivered'],
};

/** A status webhook: only forward (sent → entregue → lida), whatever order they arrive in. */
export async function moveStatus(
  db: Db,
  waMessageId: string,
  status: 'delivered' | 'read',
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(whatsappMessages)
    .set({ status, updatedAt: now })
    .where(
      and(
        eq(whatsappMessages.waMessageId, waMessageId),
        inArray(whatsappMessages.status, FORWARD[status]),
      ),
    )
    .returning({ id: whatsappMessages.id });
  return rows.length > 0;
}

export async function findMessageByWaId(db: Db, waMessageId: string) {
  const [row] = await db
    .select()
    .from(whatsappMessages)
    .where(eq(whatsappMessages.waMessageId, waMessageId));
  return row;
}

/** The last message sent to a phone: whose conversation a free-text answer belongs to. */
export async function findLatestToPhone(db: Db, phone: string) {
  const [row] = await db
    .select()
    .from(whatsappMessages)
    .where(and(eq(whatsappMessages.toPhone, phone), ne(whatsappMessages.status, 'queued')))
    .orderBy(desc(whatsappMessages.createdAt))
    .limit(1);
  return row;
}

/** Messages counted against the month's cap: every one planned, failed ones excepted. */
export async function countSince(db: Db, professionalId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(whatsappMessages)
    .where(
      and(
        eq(whatsappMessages.professionalId, professionalId),
        gte(whatsappMessages.createdAt, since),
        ne(whatsappMessages.status, 'failed'),
      ),
    );
  return row?.n ?? 0;
}

export async function listOfClient(db: Db, professionalId: string, clientId: string) {
  return db
    .select()
    .from(whatsappMessages)
    .where(
      and(
        eq(whatsappMessages.professionalId, professionalId),
        eq(whatsappMessages.clientId, clientId),
      ),
    )
    .orderBy(desc(whatsappMessages.createdAt))
    .limit(50);
}

/** The latest message of each booking. */
export async function latestOfBookings(db: Db, professionalId: string, bookingIds: string[]) {
  if (bookingIds.length === 0) return [];
  return db
    .selectDistinctOn([whatsappMessages.bookingId])
    .from(whatsappMessages)
    .where(
      and(
        eq(whatsappMessages.professionalId, professionalId),
        inArray(whatsappMessages.bookingId, bookingIds),
      ),
    )
    .orderBy(whatsappMessages.bookingId, desc(whatsappMessages.createdAt));
}

/** Whether a failure said this phone cannot receive WhatsApp (the client's card flags it). */
export async function hasUnreachableFailure(
  db: Db,
  professionalId: string,
  phone: string,
  codes: readonly number[],
): Promise<boolean> {
  const [row] = await db
    .select({ id: whatsappMessages.id })
    .from(whatsappMessages)
    .where(
      and(
        eq(whatsappMessages.professionalId, professionalId),
        eq(whatsappMessages.toPhone, phone),
        eq(whatsappMessages.status, 'failed'),
        inArray(whatsappMessages.errorCode, [...codes]),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** LGPD: a client's messages go with their personal data (features/privacy). */
export async function deleteOfClient(db: Db, professionalId: string, clientId: string) {
  await db
    .delete(whatsappMessages)
    .where(
      and(
        eq(whatsappMessages.professionalId, professionalId),
        eq(whatsappMessages.clientId, clientId),
      ),
    );
}

/** The state of the messages planned under these keys (another feature's own messages). */
export async function statusesByKey(
  db: Db,
  professionalId: string,
  keys: readonly string[],
): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({ key: whatsappMessages.dedupeKey, status: whatsappMessages.status })
    .from(whatsappMessages)
    .where(
      and(
        eq(whatsappMessages.professionalId, professionalId),
        inArray(whatsappMessages.dedupeKey, [...keys]),
      ),
    );
  return new Map(rows.map((row) => [row.key, row.status]));
}
