import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  clientPackages,
  packageLedger,
  packages,
  packageServices,
  packageUses,
} from '../../db/schema';

export type PackageRow = typeof packages.$inferSelect;
export type ClientPackageRow = typeof clientPackages.$inferSelect;

export async function listPackages(db: Db, professionalId: string): Promise<PackageRow[]> {
  return db
    .select()
    .from(packages)
    .where(eq(packages.professionalId, professionalId))
    .orderBy(desc(packages.isActive), asc(packages.name));
}

export async function findPackage(
  db: Db,
  professionalId: string,
  id: string,
): Promise<PackageRow | undefined> {
  const [row] = await db
    .select()
    .from(packages)
    .where(and(eq(packages.professionalId, professionalId), eq(packages.id, id)));
  return row;
}

/** package id → its services' ids, for the given packages. */
export async function serviceIdsOf(
  db: Db,
  professionalId: string,
  packageIds: readonly string[],
): Promise<Map<string, string[]>> {
  const byPackage = new Map<string, string[]>();
  if (packageIds.length === 0) return byPackage;
  const rows = await db
    .select({ packageId: packageServices.packageId, serviceId: packageServices.serviceId })
    .from(packageServices)
    .where(
      and(
        eq(packageServices.professionalId, professionalId),
        inArray(packageServices.packageId, [...packageIds]),
      ),
    );
  for (const row of rows) {
    byPackage.set(row.packageId, [...(byPackage.get(row.packageId) ?? []), row.serviceId]);
  }
  return byPackage;
}

export async function insertPackage(
  db: Db,
  professionalId: string,
  values: Pick<PackageRow, 'name' | 'sessions' | 'priceCents' | 'validityDays'>,
  serviceIds: readonly string[],
): Promise<string> {
  const [row] = await db
    .insert(packages)
    .values({ ...values, professionalId })
    .returning({ id: packages.id });
  await db
    .insert(packageServices)
    .values(serviceIds.map((serviceId) => ({ professionalId, packageId: row!.id, serviceId })));
  return row!.id;
}

export async function setPackageActive(
  db: Db,
  professionalId: string,
  id: string,
  isActive: boolean,
): Promise<boolean> {
  const rows = await db
    .update(packages)
    .set({ isActive })
    .where(and(eq(packages.professionalId, professionalId), eq(packages.id, id)))
    .returning({ id: packages.id });
  return rows.length > 0;
}

export async function insertClientPackage(
  db: Db,
  values: Omit<typeof clientPackages.$inferInsert, 'id' | 'sessionsLeft' | 'expiredAt'>,
): Promise<string> {
  const [row] = await db.insert(clientPackages).values(values).returning({ id: clientPackages.id });
  await insertLedger(db, {
    professionalId: values.professionalId,
    clientPackageId: row!.id,
    delta: values.sessionsTotal,
    kind: 'sale',
  });
  return row!.id;
}

export async function insertLedger(db: Db, entry: typeof packageLedger.$inferInsert) {
  await db.insert(packageLedger).values(entry);
}

export async function listClientPackages(
  db: Db,
  professionalId: string,
  clientId: string,
): Promise<ClientPackageRow[]> {
  return db
    .select()
    .from(clientPackages)
    .where(
      and(eq(clientPackages.professionalId, professionalId), eq(clientPackages.clientId, clientId)),
    )
    .orderBy(desc(clientPackages.soldOn), desc(clientPackages.createdAt));
}

export async function findClientPackage(
  db: Db,
  professionalId: string,
  id: string,
): Promise<ClientPackageRow | undefined> {
  const [row] = await db
    .select()
    .from(clientPackages)
    .where(and(eq(clientPackages.professionalId, professionalId), eq(clientPackages.id, id)));
  return row;
}

export async function findUse(
  db: Db,
  professionalId: string,
  appointmentId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ clientPackageId: packageUses.clientPackageId })
    .from(packageUses)
    .where(
      and(
        eq(packageUses.professionalId, professionalId),
        eq(packageUses.appointmentId, appointmentId),
      ),
    );
  return row?.clientPackageId;
}

/**
 * One session used: the use (its key refuses a second for the appointment) and the ledger's -1
 * (whose trigger lowers `sessions_left`, refused by the CHECK below zero).
 */
export async function insertUse(
  db: Db,
  professionalId: string,
  appointmentId: string,
  clientPackageId: string,
): Promise<void> {
  await db.insert(packageUses).values({ professionalId, appointmentId, clientPackageId });
  await insertLedger(db, {
    professionalId,
    clientPackageId,
    delta: -1,
    kind: 'use',
    appointmentId,
  });
}

/** The session back, unless its package expired meanwhile; the use is removed either way. */
export async function returnUse(
  db: Db,
  professionalId: string,
  appointmentId: string,
): Promise<boolean> {
  const [use] = await db
    .delete(packageUses)
    .where(
      and(
        eq(packageUses.professionalId, professionalId),
        eq(packageUses.appointmentId, appointmentId),
      ),
    )
    .returning({ clientPackageId: packageUses.clientPackageId });
  if (!use) return false;
  const pkg = await findClientPackage(db, professionalId, use.clientPackageId);
  if (pkg && !pkg.expiredAt) {
    await insertLedger(db, {
      professionalId,
      clientPackageId: use.clientPackageId,
      delta: 1,
      kind: 'return',
      appointmentId,
    });
  }
  return true;
}

/**
 * Marks the package expired if it is not yet (the row lock orders it with racing uses) and
 * writes off what is left. True when this call expired it.
 */
export async function expireClientPackage(
  db: Db,
  professionalId: string,
  id: string,
  now: Date,
): Promise<boolean> {
  const [row] = await db
    .update(clientPackages)
    .set({ expiredAt: now })
    .where(
      and(
        eq(clientPackages.professionalId, professionalId),
        eq(clientPackages.id, id),
        isNull(clientPackages.expiredAt),
      ),
    )
    .returning({ left: clientPackages.sessionsLeft });
  if (!row) return false;
  if (row.left > 0) {
    await insertLedger(db, {
      professionalId,
      clientPackageId: id,
      delta: -row.left,
      kind: 'expire',
    });
  }
  return true;
}

/**
 * An account deleted: its packages sold (their ledger, uses and sale payments go with them),
 * then its catalogue, which holds its services (a service in a package is not deleted alone).
 */
export async function deleteAllOfProfessional(db: Db, professionalId: string): Promise<void> {
  await db.delete(clientPackages).where(eq(clientPackages.professionalId, professionalId));
  await db.delete(packages).where(eq(packages.professionalId, professionalId));
}
