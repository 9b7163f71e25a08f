// Packages in figures: balances, the day's sales, names, exports (features/packages owns them).
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { clientPackages, packageLedger } from '../../../db/schema';
import type { ClientPackageRow } from '../repo';

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
