import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { clientPackages } from '../../src/db/schema';
import type { TestContext } from './app';
import {
  appointmentsOf,
  bookingBody,
  createBookableProfessional,
  MONDAY,
  postBooking,
  type BookableProfessional,
} from './booking';

export interface PackageShop {
  shop: BookableProfessional;
  other: BookableProfessional;
  /** The client of a public booking on Monday 09:00 (her manage link: `token`). */
  clientId: string;
  token: string;
  bookedId: string;
  createPackage(sessions: number): Promise<string>;
  /** Sold to the client for R$ 200,00 by Pix. */
  sell(packageId: string): Promise<{ id: string } & Record<string, unknown>>;
  appointmentOn(date: string, startTime: string, forClient?: string): Promise<string>;
  useSession(
    appointmentId: string,
    clientPackageId: string,
  ): ReturnType<BookableProfessional['pro']['request']>;
  leftOf(clientPackageId: string): Promise<number>;
}

/** A professional whose client booked online, and a second professional (decision 038). */
export async function createPackageShop(ctx: TestContext): Promise<PackageShop> {
  const shop = await createBookableProfessional(ctx, { businessName: 'Massagem Pacote' });
  const other = await createBookableProfessional(ctx, { businessName: 'Outro Espaço' });
  const booked = await postBooking(
    ctx,
    bookingBody(shop, { clientEmail: 'paula@exemplo.com.br', clientName: 'Paula Pacote' }),
  );
  expect(booked.statusCode, booked.body).toBe(201);
  const token = String(booked.json().manageUrl).split('/agendamento/')[1]!;
  const [row] = await appointmentsOf(ctx, shop.profileId, MONDAY);
  const clientId = row!.clientId;
  return {
    shop,
    other,
    clientId,
    token,
    bookedId: row!.id,
    async createPackage(sessions) {
      const res = await shop.pro.request({
        method: 'POST',
        url: '/api/packages',
        payload: {
          name: `Pacote de ${sessions}`,
          serviceIds: [shop.services[0]!.id],
          sessions,
          priceCents: 20000,
          validityDays: 30,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as string;
    },
    async sell(packageId) {
      const res = await shop.pro.request({
        method: 'POST',
        url: `/api/clients/${clientId}/packages`,
        payload: { packageId, payments: [{ method: 'pix', amountCents: 20000 }] },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json();
    },
    async appointmentOn(date, startTime, forClient = clientId) {
      const res = await shop.pro.request({
        method: 'POST',
        url: '/api/appointments',
        payload: {
          clientId: forClient,
          serviceId: shop.services[0]!.id,
          appointmentDate: date,
          startTime,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as string;
    },
    useSession: (appointmentId, clientPackageId) =>
      shop.pro.request({
        method: 'POST',
        url: `/api/appointments/${appointmentId}/package-session`,
        payload: { clientPackageId },
      }),
    async leftOf(id) {
      const [found] = await ctx.database.db
        .select({ left: clientPackages.sessionsLeft })
        .from(clientPackages)
        .where(and(eq(clientPackages.professionalId, shop.profileId), eq(clientPackages.id, id)));
      return found!.left;
    },
  };
}
