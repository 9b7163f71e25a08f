// The clients' side: PARAR/VOLTAR per phone, and the answers already applied.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { whatsappInbound, whatsappOptOuts } from '../../../db/schema';

export async function findOptOut(db: Db, professionalId: string, phone: string) {
  const [row] = await db
    .select()
    .from(whatsappOptOuts)
    .where(
      and(eq(whatsappOptOuts.professionalId, professionalId), eq(whatsappOptOuts.phone, phone)),
    );
  return row;
}

/** Which of these phones sent PARAR to the professional. */
export async function listOptedOut(
  db: Db,
  professionalId: string,
  phones: string[],
): Promise<string[]> {
  if (phones.length === 0) return [];
  const rows = await db
    .select({ phone: whatsappOptOuts.phone })
    .from(whatsappOptOuts)
    .where(
      and(
        eq(whatsappOptOuts.professionalId, professionalId),
        inArray(whatsappOptOuts.phone, phones),
        eq(whatsappOptOuts.optedOut, true),
      ),
    );
  return rows.map((row) => row.phone);
}

export async function saveOptOut(
  db: Db,
  values: { professionalId: string; phone: string; optedOut: boolean; via: string },
  now: Date,
) {
  await db
    .insert(whatsappOptOuts)
    .values({ ...values, changedAt: now })
    .onConflictDoUpdate({
      target: [whatsappOptOuts.professionalId, whatsappOptOuts.phone],
      set: { optedOut: values.optedOut, via: values.via, changedAt: now },
    });
}

/** An answer's platform id, once: false when it was applied before (a replay). */
export async function recordInbound(
  db: Db,
  professionalId: string,
  waMessageId: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .insert(whatsappInbound)
    .values({ professionalId, waMessageId, receivedAt: now })
    .onConflictDoNothing()
    .returning({ id: whatsappInbound.waMessageId });
  return rows.length > 0;
}

/** An answer not applied after all (the database failed midway): Meta's retry must apply it. */
export async function forgetInbound(db: Db, professionalId: string, waMessageId: string) {
  await db
    .delete(whatsappInbound)
    .where(
      and(
        eq(whatsappInbound.professionalId, professionalId),
        eq(whatsappInbound.waMessageId, waMessageId),
      ),
    );
}
