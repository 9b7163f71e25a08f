// Mutations of every id checked against its owner.
import { ROUTE_AUTH } from './_tests.mjs';

export default [
  {
    name: 'ownership-clients-update',
    protection: 'PATCH /api/clients/:id scoped by professional_id',
    file: 'apps/server/src/features/clients/repo.ts',
    find: `.set({ ...values, updatedAt: now })
    .where(and(eq(clients.id, id), eq(clients.professionalId, professionalId)))`,
    replace: `.set({ ...values, updatedAt: now })
    .where(eq(clients.id, id))`,
    test: ROUTE_AUTH,
  },
  {
    name: 'ownership-appointments-read',
    protection: 'GET /api/appointments/:id scoped by professional_id',
    file: 'apps/server/src/features/appointments/repo/page.ts',
    find: `selectJoined(db, directories).where(
    and(eq(appointments.id, id), eq(appointments.professionalId, professionalId)),`,
    replace: `selectJoined(db, directories).where(
    eq(appointments.id, id),`,
    // The second layer: the client and service directories are the professional's own, so a
    // foreign appointment would not join them either.
    also: [
      {
        file: 'apps/server/src/features/clients/repo.ts',
        find: `.from(clients)
    .where(eq(clients.professionalId, professionalId))
    .as('client');`,
        replace: `.from(clients)
    .as('client');`,
      },
      {
        file: 'apps/server/src/features/services/repo.ts',
        find: `.from(services)
    .where(eq(services.professionalId, professionalId))
    .as('service');`,
        replace: `.from(services)
    .as('service');`,
      },
    ],
    test: ROUTE_AUTH,
  },
  {
    name: 'ownership-appointments-delete',
    protection: 'DELETE /api/appointments/:id scoped by professional_id',
    file: 'apps/server/src/features/appointments/repo/writes.ts',
    find: `.delete(appointments)
    .where(and(eq(appointments.id, id), eq(appointments.professionalId, professionalId)))`,
    replace: `.delete(appointments)
    .where(eq(appointments.id, id))`,
    test: ROUTE_AUTH,
  },
  {
    name: 'ownership-services-update',
    protection: 'PATCH /api/services/:id scoped by professional_id',
    file: 'apps/server/src/features/services/repo.ts',
    find: `.set({ ...values, updatedAt: now })
    .where(and(eq(services.id, id), eq(services.professionalId, professionalId)))`,
    replace: `.set({ ...values, updatedAt: now })
    .where(eq(services.id, id))`,
    test: ROUTE_AUTH,
  },
];
