// The professional's catalogue of packages (docs/decisions/038-money-received.md).
import {
  PACKAGE_NOT_FOUND_MESSAGE,
  type PackageInput,
  type SessionPackage,
} from '@agendaki/shared';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/params';
import { listServices } from '../services/service';
import * as repo from './repo';

export async function listPackages(
  { db }: { db: Db },
  professionalId: string,
): Promise<SessionPackage[]> {
  const rows = await repo.listPackages(db, professionalId);
  const serviceIds = await repo.serviceIdsOf(
    db,
    professionalId,
    rows.map((row) => row.id),
  );
  const names = new Map(
    (await listServices({ db }, professionalId, { activeOnly: false })).map((s) => [s.id, s.name]),
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    services: (serviceIds.get(row.id) ?? []).map((id) => ({ id, name: names.get(id) ?? '' })),
    sessions: row.sessions,
    priceCents: row.priceCents,
    validityDays: row.validityDays,
    isActive: row.isActive,
  }));
}

export async function createPackage(
  deps: { db: Db },
  professionalId: string,
  input: PackageInput,
): Promise<SessionPackage> {
  const own = new Set(
    (await listServices(deps, professionalId, { activeOnly: false })).map((s) => s.id),
  );
  const serviceIds = [...new Set(input.serviceIds.map((id) => id.toLowerCase()))];
  if (!serviceIds.every((id) => own.has(id))) {
    throw new AppError('NOT_FOUND', 'Serviço não encontrado');
  }
  const id = await deps.db.transaction((tx) =>
    repo.insertPackage(
      tx,
      professionalId,
      {
        name: input.name,
        sessions: input.sessions,
        priceCents: input.priceCents,
        validityDays: input.validityDays,
      },
      serviceIds,
    ),
  );
  const created = (await listPackages(deps, professionalId)).find((p) => p.id === id);
  return created!;
}

export async function setPackageActive(
  deps: { db: Db },
  professionalId: string,
  id: string,
  isActive: boolean,
): Promise<SessionPackage> {
  if (!isUuid(id) || !(await repo.setPackageActive(deps.db, professionalId, id, isActive))) {
    throw new AppError('NOT_FOUND', PACKAGE_NOT_FOUND_MESSAGE);
  }
  return (await listPackages(deps, professionalId)).find((p) => p.id === id.toLowerCase())!;
}
