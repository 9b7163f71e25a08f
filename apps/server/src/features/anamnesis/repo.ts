// The queries of the anamnesis tables (one owner per table, decision 010).
import type { FormField } from '@agendaki/shared';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  anamnesisAnswers,
  anamnesisForms,
  anamnesisFormVersions,
  serviceAnamnesisForms,
} from '../../db/schema';
import { isUuid } from '../../lib/params';

export type AnswerRow = typeof anamnesisAnswers.$inferSelect;

export function listForms(db: Db, professionalId: string) {
  return db
    .select({
      id: anamnesisForms.id,
      name: anamnesisForms.name,
      version: anamnesisForms.currentVersion,
      fields: anamnesisFormVersions.fields,
    })
    .from(anamnesisForms)
    .innerJoin(
      anamnesisFormVersions,
      and(
        eq(anamnesisFormVersions.professionalId, anamnesisForms.professionalId),
        eq(anamnesisFormVersions.formId, anamnesisForms.id),
        eq(anamnesisFormVersions.version, anamnesisForms.currentVersion),
      ),
    )
    .where(eq(anamnesisForms.professionalId, professionalId))
    .orderBy(anamnesisForms.name);
}

/** The form row locked for its change (a new version takes the next number). */
export async function lockForm(db: Db, professionalId: string, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(anamnesisForms)
    .where(and(eq(anamnesisForms.professionalId, professionalId), eq(anamnesisForms.id, id)))
    .for('update');
  return row;
}

export async function insertForm(db: Db, professionalId: string, name: string, now: Date) {
  const [row] = await db
    .insert(anamnesisForms)
    .values({ professionalId, name, createdAt: now, updatedAt: now })
    .returning({ id: anamnesisForms.id });
  return row!.id;
}

export async function setFormVersion(
  db: Db,
  professionalId: string,
  id: string,
  values: { name: string; version: number },
  now: Date,
) {
  await db
    .update(anamnesisForms)
    .set({ name: values.name, currentVersion: values.version, updatedAt: now })
    .where(and(eq(anamnesisForms.professionalId, professionalId), eq(anamnesisForms.id, id)));
}

export async function insertVersion(
  db: Db,
  professionalId: string,
  formId: string,
  version: number,
  fields: FormField[],
  now: Date,
) {
  await db
    .insert(anamnesisFormVersions)
    .values({ professionalId, formId, version, fields, createdAt: now });
}

export async function findVersion(db: Db, professionalId: string, formId: string, version: number) {
  if (!isUuid(formId)) return undefined;
  const [row] = await db
    .select({ fields: anamnesisFormVersions.fields, name: anamnesisForms.name })
    .from(anamnesisFormVersions)
    .innerJoin(
      anamnesisForms,
      and(
        eq(anamnesisForms.professionalId, anamnesisFormVersions.professionalId),
        eq(anamnesisForms.id, anamnesisFormVersions.formId),
      ),
    )
    .where(
      and(
        eq(anamnesisFormVersions.professionalId, professionalId),
        eq(anamnesisFormVersions.formId, formId),
        eq(anamnesisFormVersions.version, version),
      ),
    );
  return row;
}

/** The services of the form replaced by `serviceIds` (a service asks for one form). */
export async function attachServices(
  db: Db,
  professionalId: string,
  formId: string,
  serviceIds: readonly string[],
) {
  await db
    .delete(serviceAnamnesisForms)
    .where(
      and(
        eq(serviceAnamnesisForms.professionalId, professionalId),
        eq(serviceAnamnesisForms.formId, formId),
      ),
    );
  if (serviceIds.length === 0) return;
  await db
    .insert(serviceAnamnesisForms)
    .values(serviceIds.map((serviceId) => ({ professionalId, serviceId, formId })))
    .onConflictDoUpdate({
      target: [serviceAnamnesisForms.professionalId, serviceAnamnesisForms.serviceId],
      set: { formId },
    });
}

export function listAttachments(db: Db, professionalId: string) {
  return db
    .select({ serviceId: serviceAnamnesisForms.serviceId, formId: serviceAnamnesisForms.formId })
    .from(serviceAnamnesisForms)
    .where(eq(serviceAnamnesisForms.professionalId, professionalId));
}

export async function countAnswersByForm(db: Db, professionalId: string) {
  const rows = await db
    .select({ formId: anamnesisAnswers.formId, total: count() })
    .from(anamnesisAnswers)
    .where(eq(anamnesisAnswers.professionalId, professionalId))
    .groupBy(anamnesisAnswers.formId);
  return new Map(rows.map((row) => [row.formId, Number(row.total)]));
}

export async function insertAnswer(
  db: Db,
  values: Omit<AnswerRow, 'createdAt'> & { createdAt: Date },
): Promise<boolean> {
  const rows = await db
    .insert(anamnesisAnswers)
    .values(values)
    .onConflictDoNothing({
      target: [
        anamnesisAnswers.professionalId,
        anamnesisAnswers.bookingId,
        anamnesisAnswers.formId,
      ],
    })
    .returning({ id: anamnesisAnswers.id });
  return rows.length > 0;
}

export function listAnswersOfBookings(db: Db, professionalId: string, bookingIds: string[]) {
  const ids = bookingIds.filter(isUuid);
  if (ids.length === 0) return Promise.resolve([] as AnswerRow[]);
  return db
    .select()
    .from(anamnesisAnswers)
    .where(
      and(
        eq(anamnesisAnswers.professionalId, professionalId),
        inArray(anamnesisAnswers.bookingId, ids),
      ),
    )
    .orderBy(desc(anamnesisAnswers.createdAt));
}

export function listAnswersOfClient(db: Db, professionalId: string, clientId: string) {
  if (!isUuid(clientId)) return Promise.resolve([] as AnswerRow[]);
  return db
    .select()
    .from(anamnesisAnswers)
    .where(
      and(
        eq(anamnesisAnswers.professionalId, professionalId),
        eq(anamnesisAnswers.clientId, clientId),
      ),
    )
    .orderBy(desc(anamnesisAnswers.createdAt));
}

export async function deleteAnswersOfClient(db: Db, professionalId: string, clientId: string) {
  await db
    .delete(anamnesisAnswers)
    .where(
      and(
        eq(anamnesisAnswers.professionalId, professionalId),
        eq(anamnesisAnswers.clientId, clientId),
      ),
    );
}
