import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/db/client';
import { appointments, clients, profiles, services, user } from '../../src/db/schema';

type NewAppointment = typeof appointments.$inferInsert;

/** Minimal records for database-level tests; feature tests create theirs through the API. */
export async function createProfessional(db: Db, overrides: { customLink?: string } = {}) {
  const userId = randomUUID();
  const suffix = userId.slice(0, 8);
  await db.insert(user).values({ id: userId, name: 'Ana', email: `ana-${suffix}@exemplo.com.br` });
  const [profile] = await db
    .insert(profiles)
    .values({
      userId,
      professionalName: 'Ana Souza',
      businessName: 'Studio Ana',
      email: `ana-${suffix}@exemplo.com.br`,
      customLink: overrides.customLink ?? `studio-${suffix}`,
    })
    .returning();
  const [service] = await db
    .insert(services)
    .values({ professionalId: profile!.id, name: 'Corte', price: '50.00', durationMinutes: 60 })
    .returning();
  const [client] = await db
    .insert(clients)
    .values({ professionalId: profile!.id, name: 'Bia', email: `bia-${suffix}@exemplo.com.br` })
    .returning();
  return { userId, profile: profile!, service: service!, client: client! };
}

export function insertAppointment(
  db: Db,
  base: { profile: { id: string }; service: { id: string }; client: { id: string } },
  values: Partial<NewAppointment> &
    Pick<NewAppointment, 'appointmentDate' | 'startTime' | 'endTime'>,
) {
  return db
    .insert(appointments)
    .values({
      professionalId: base.profile.id,
      serviceId: base.service.id,
      clientId: base.client.id,
      totalPrice: '50.00',
      ...values,
    })
    .returning();
}
