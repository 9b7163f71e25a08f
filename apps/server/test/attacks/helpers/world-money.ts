import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../src/db/client';
import {
  clientPackages,
  closings,
  packageLedger,
  packages,
  payments,
} from '../../../src/db/schema';
import type { BookableProfessional } from '../../helpers/booking';

/** The owner's money records an attacker aims at (docs/decisions/038-money-received.md). */
export interface OwnerMoneyRecords {
  packageId: string;
  clientPackageId: string;
  closingId: string;
}

function expectStatus(res: { statusCode: number; body: string }, status: number, what: string) {
  if (res.statusCode !== status) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
}

/** A package sold to the owner's client, and the owner's appointment closed with a tip. */
export async function createOwnerMoney(
  owner: BookableProfessional,
  records: { clientId: string; appointmentId: string; serviceId: string },
): Promise<OwnerMoneyRecords> {
  const pkg = await owner.pro.request({
    method: 'POST',
    url: '/api/packages',
    payload: {
      name: 'Pacote da Dona',
      serviceIds: [records.serviceId],
      sessions: 5,
      priceCents: 20000,
      validityDays: 90,
    },
  });
  expectStatus(pkg, 201, 'owner package');
  const sold = await owner.pro.request({
    method: 'POST',
    url: `/api/clients/${records.clientId}/packages`,
    payload: { packageId: pkg.json().id, payments: [{ method: 'pix', amountCents: 20000 }] },
  });
  expectStatus(sold, 201, 'owner package sale');
  const closed = await owner.pro.request({
    method: 'POST',
    url: `/api/appointments/${records.appointmentId}/closing`,
    payload: {
      items: [{ serviceId: records.serviceId, priceCents: 5000 }],
      discountKind: 'amount',
      discountValue: 500,
      tipCents: 1000,
      payments: [{ method: 'cash', amountCents: 3000 }],
    },
  });
  expectStatus(closed, 201, 'owner closing');
  return { packageId: pkg.json().id, clientPackageId: sold.json().id, closingId: closed.json().id };
}

export async function ownerMoneySnapshot(db: Db, professionalId: string) {
  return {
    packages: await db
      .select()
      .from(packages)
      .where(eq(packages.professionalId, professionalId))
      .orderBy(asc(packages.id)),
    clientPackages: await db
      .select()
      .from(clientPackages)
      .where(eq(clientPackages.professionalId, professionalId))
      .orderBy(asc(clientPackages.id)),
    packageLedger: await db
      .select()
      .from(packageLedger)
      .where(eq(packageLedger.professionalId, professionalId))
      .orderBy(asc(packageLedger.id)),
    closings: await db
      .select()
      .from(closings)
      .where(eq(closings.professionalId, professionalId))
      .orderBy(asc(closings.id)),
    payments: await db
      .select()
      .from(payments)
      .where(eq(payments.professionalId, professionalId))
      .orderBy(asc(payments.id)),
  };
}
