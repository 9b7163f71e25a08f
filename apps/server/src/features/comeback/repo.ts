// The queries of features/comeback's tables (one owner per table, decision 010).
import type { Birthday } from '@agendaki/shared';
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  automationSettings,
  clientBirthdays,
  clientConsents,
  clientMessages,
  serviceReturnIntervals,
} from '../../db/schema';
import { isUuid } from '../../lib/params';

export type SettingsRow = typeof automationSettings.$inferSelect;
export type MessageRow = typeof clientMessages.$inferSelect;
export type ConsentRow = typeof clientConsents.$inferSelect;

export async function findSettings(db: Db, professionalId: string) {
  const [row] = await db
    .select()
    .from(automationSettings)
    .where(eq(automationSettings.professionalId, professionalId));
  return row;
}

/** The professionals with an automation on: the tick's list (its own table, not a feature's). */
export async function listProfessionalsWithAutomations(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: automationSettings.professionalId })
    .from(automationSettings)
    .where(
      or(
        eq(automationSettings.returnEnabled, true),
        eq(automationSettings.reviewEnabled, true),
        eq(automationSettings.birthdayEnabled, true),
      ),
    );
  return rows.map((row) => row.id);
}

export async function upsertSettings(
  db: Db,
  professionalId: string,
  values: Omit<SettingsRow, 'professionalId' | 'updatedAt'>,
  now: Date,
): Promise<void> {
  await db
    .insert(automationSettings)
    .values({ professionalId, ...values, updatedAt: now })
    .onConflictDoUpdate({
      target: automationSettings.professionalId,
      set: { ...values, updatedAt: now },
    });
}

export function listIntervals(db: Db, professionalId: string) {
  return db
    .select({ serviceId: serviceReturnIntervals.serviceId, days: serviceReturnIntervals.days })
    .from(serviceReturnIntervals)
    .where(eq(serviceReturnIntervals.professionalId, professionalId));
}

/** The intervals replaced by `intervals` (the services' foreign key refuses another's service). */
export async function replaceIntervals(
  db: Db,
  professionalId: string,
  intervals: ReadonlyArray<{ serviceId: string; days: number }>,
): Promise<void> {
  await db
    .delete(serviceReturnIntervals)
    .where(eq(serviceReturnIntervals.professionalId, professionalId));
  if (intervals.length === 0) return;
  await db
    .insert(serviceReturnIntervals)
    .values(intervals.map((iv) => ({ professionalId, ...iv })));
}

/**
 * The messages not yet recorded for their source, inserted; answers those inserted. A message
 * already there (another tick, another instance) is skipped: it exists once.
 */
export async function insertMessages(
  db: Db,
  professionalId: string,
  messages: ReadonlyArray<{ id: string; clientId: string; kind: string; sourceKey: string }>,
  now: Date,
): Promise<string[]> {
  if (messages.length === 0) return [];
  const rows = await db
    .insert(clientMessages)
    .values(messages.map((message) => ({ ...message, professionalId, createdAt: now })))
    .onConflictDoNothing({
      target: [clientMessages.professionalId, clientMessages.kind, clientMessages.sourceKey],
    })
    .returning({ id: clientMessages.id });
  return rows.map((row) => row.id);
}

export async function setMessageMail(
  db: Db,
  professionalId: string,
  pairs: ReadonlyArray<{ id: string; mailId: string }>,
): Promise<void> {
  for (const pair of pairs) {
    await db
      .update(clientMessages)
      .set({ mailId: pair.mailId })
      .where(
        and(eq(clientMessages.professionalId, professionalId), eq(clientMessages.id, pair.id)),
      );
  }
}

export function listMessagesOfClient(db: Db, professionalId: string, clientId: string) {
  return db
    .select()
    .from(clientMessages)
    .where(
      and(eq(clientMessages.professionalId, professionalId), eq(clientMessages.clientId, clientId)),
    )
    .orderBy(desc(clientMessages.createdAt));
}

/** Which of these sources already have a message of `kind`. */
export async function existingSources(
  db: Db,
  professionalId: string,
  kind: string,
  sourceKeys: readonly string[],
): Promise<Set<string>> {
  if (sourceKeys.length === 0) return new Set();
  const rows = await db
    .select({ key: clientMessages.sourceKey })
    .from(clientMessages)
    .where(
      and(
        eq(clientMessages.professionalId, professionalId),
        eq(clientMessages.kind, kind),
        inArray(clientMessages.sourceKey, [...sourceKeys]),
      ),
    );
  return new Set(rows.map((row) => row.key));
}

export async function insertConsent(db: Db, values: Omit<ConsentRow, 'id'>): Promise<void> {
  await db.insert(clientConsents).values(values);
}

export function listConsentsOfClient(db: Db, professionalId: string, clientId: string) {
  return db
    .select()
    .from(clientConsents)
    .where(
      and(eq(clientConsents.professionalId, professionalId), eq(clientConsents.clientId, clientId)),
    )
    .orderBy(desc(clientConsents.givenAt), desc(clientConsents.id));
}

/** Of these clients, those whose latest marketing choice is a refusal. */
export async function optedOutAmong(
  db: Db,
  professionalId: string,
  clientIds: readonly string[],
): Promise<Set<string>> {
  const ids = clientIds.filter(isUuid);
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectDistinctOn([clientConsents.clientId], {
      clientId: clientConsents.clientId,
      granted: clientConsents.granted,
    })
    .from(clientConsents)
    .where(
      and(
        eq(clientConsents.professionalId, professionalId),
        eq(clientConsents.purpose, 'marketing'),
        inArray(clientConsents.clientId, ids),
      ),
    )
    .orderBy(
      clientConsents.clientId,
      desc(clientConsents.givenAt),
      desc(sql`${clientConsents.id}`),
    );
  return new Set(rows.filter((row) => !row.granted).map((row) => row.clientId));
}

export async function findBirthday(
  db: Db,
  professionalId: string,
  clientId: string,
): Promise<Birthday | null> {
  const [row] = await db
    .select({ birthDate: clientBirthdays.birthDate, monthDay: clientBirthdays.monthDay })
    .from(clientBirthdays)
    .where(
      and(
        eq(clientBirthdays.professionalId, professionalId),
        eq(clientBirthdays.clientId, clientId),
      ),
    );
  return row ?? null;
}

export async function setBirthday(
  db: Db,
  professionalId: string,
  clientId: string,
  birthday: Birthday | null,
): Promise<void> {
  if (birthday === null) {
    await db
      .delete(clientBirthdays)
      .where(
        and(
          eq(clientBirthdays.professionalId, professionalId),
          eq(clientBirthdays.clientId, clientId),
        ),
      );
    return;
  }
  const values = { birthDate: birthday.birthDate, monthDay: birthday.monthDay };
  await db
    .insert(clientBirthdays)
    .values({ professionalId, clientId, ...values })
    .onConflictDoUpdate({
      target: [clientBirthdays.professionalId, clientBirthdays.clientId],
      set: values,
    });
}

/** The clients whose birthday ("MM-DD") is one of these days. */
export async function listBirthdaysOn(db: Db, professionalId: string, monthDays: string[]) {
  const rows = await db
    .select({ clientId: clientBirthdays.clientId })
    .from(clientBirthdays)
    .where(
      and(
        eq(clientBirthdays.professionalId, professionalId),
        inArray(clientBirthdays.monthDay, monthDays),
      ),
    );
  return rows.map((row) => row.clientId);
}

/** A client's erasure (LGPD): her messages, consent records and birthday go. */
export async function deleteOfClient(db: Db, professionalId: string, clientId: string) {
  await setBirthday(db, professionalId, clientId, null);
  await db
    .delete(clientMessages)
    .where(
      and(eq(clientMessages.professionalId, professionalId), eq(clientMessages.clientId, clientId)),
    );
  await db
    .delete(clientConsents)
    .where(
      and(eq(clientConsents.professionalId, professionalId), eq(clientConsents.clientId, clientId)),
    );
}

export async function setMessageChannel(
  db: Db,
  professionalId: string,
  id: string,
  channel: 'email' | 'whatsapp',
): Promise<void> {
  await db
    .update(clientMessages)
    .set({ channel })
    .where(and(eq(clientMessages.professionalId, professionalId), eq(clientMessages.id, id)));
}
