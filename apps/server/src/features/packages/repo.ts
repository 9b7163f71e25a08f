import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
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
  const [row] = await db
    .insert(clientPackages)
    .values(values)
    .returning({ id: clientPackages.id });
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
  await insertLedger(db, { professionalId, clientPackageId, delta: -1, kind: 'use', appointmentId });
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
    await insertLedger(db, { professionalId, clientPackageId: id, delta: -row.left, kind: 'expire' });
  }
  return true;
}

/** The sum of a package's ledger (tests and exports compare it with `sessions_left`). */
export async function ledgerSum(db: Db, professionalId: string, id: string): Promise<number> {
  const [row] = await db
    .select({ sum: sql<number>`coalesce(sum(${packageLedger.delta}), 0)::int` })
    .from(packageLedger)
    .where(
      and(eq(packageLedger.professionalId, professionalId), eq(packageLedger.clientPackageId, id)),
    );
  return row?.sum ?? 0;
}

/** Sessions sold and not yet used in packages still valid (Relatórios). */
export async function unusedSessions(
  db: Db,
  professionalId: string,
): Promise<{ sessions: number; valueCents: number; packages: number }> {
  const [row] = await db
    .select({
      sessions: sql<number>`coalesce(sum(${clientPackages.sessionsLeft}), 0)::int`,
      valueCents: sql<number>`coalesce(sum(round(${clientPackages.priceCents}::numeric * ${clientPackages.sessionsLeft} / ${clientPackages.sessionsTotal})), 0)::bigint`,
      packages: sql<number>`count(*)::int`,
    })
    .from(clientPackages)
    .where(
      and(
        eq(clientPackages.professionalId, professionalId),
        isNull(clientPackages.expiredAt),
        gt(clientPackages.sessionsLeft, 0),
      ),
    );
  return {
    sessions: Number(row?.sessions ?? 0),
    valueCents: Number(row?.valueCents ?? 0),
    packages: Number(row?.packages ?? 0),
  };
}

/** Every package sold of the account, in pages (the LGPD export). */
export async function listAllClientPackages(
  db: Db,
  professionalId: string,
): Promise<ClientPackageRow[]> {
  return db
    .select()
    .from(clientPackages)
    .where(eq(clientPackages.professionalId, professionalId))
    .orderBy(asc(clientPackages.soldOn), asc(clientPackages.id));
}

export async function salesOn(
  db: Db,
  professionalId: string,
  day: string,
): Promise<{ count: number; cents: number }> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      cents: sql<number>`coalesce(sum(${clientPackages.priceCents}), 0)::bigint`,
    })
    .from(clientPackages)
    .where(and(eq(clientPackages.professionalId, professionalId), eq(clientPackages.soldOn, day)));
  return { count: Number(row?.count ?? 0), cents: Number(row?.cents ?? 0) };
}

export async function namesOf(
  db: Db,
  professionalId: string,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: clientPackages.id, name: clientPackages.name })
    .from(clientPackages)
    .where(
      and(eq(clientPackages.professionalId, professionalId), inArray(clientPackages.id, [...ids])),
    );
  return new Map(rows.map((row) => [row.id, row.name]));
}
