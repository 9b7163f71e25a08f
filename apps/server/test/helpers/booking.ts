import { randomUUID } from 'node:crypto';
import type { AvailabilityWindowInput, Service } from '@agendaki/shared';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { and, eq } from 'drizzle-orm';
import { appointments, clients, mailOutbox } from '../../src/db/schema';
import type { Clock } from '../../src/lib/clock';
import { derivePowSecrets, issueChallenge } from '../../src/features/booking/pow';
import { TEST_POW_DIFFICULTY, type TestContext } from './app';
import { nextIp } from './auth';
import { signUpProfessional, type SignedInProfessional } from './session';

/** 2026-11-23: the Monday after the test clock's Saturday (2026-11-21 09:00 in São Paulo). */
export const MONDAY = '2026-11-23';
export const TUESDAY = '2026-11-24';

/** Monday to Friday 09:00-12:00 and 13:00-18:00, Saturday 09:00-13:00. */
export const LUNCH_BREAK_WEEK: AvailabilityWindowInput[] = [
  ...[1, 2, 3, 4, 5].flatMap((dayOfWeek) => [
    { dayOfWeek, startTime: '09:00', endTime: '12:00', isActive: true },
    { dayOfWeek, startTime: '13:00', endTime: '18:00', isActive: true },
  ]),
  { dayOfWeek: 6, startTime: '09:00', endTime: '13:00', isActive: true },
  { dayOfWeek: 0, startTime: '09:00', endTime: '13:00', isActive: false },
];

export interface ServiceSeed {
  name: string;
  price: number;
  durationMinutes: number;
  bufferMinutes?: number;
  isActive?: boolean;
}

const DEFAULT_SERVICES: ServiceSeed[] = [
  { name: 'Corte', price: 50, durationMinutes: 60 },
  { name: 'Barba', price: 35.5, durationMinutes: 30 },
];

export interface BookableProfessional {
  pro: SignedInProfessional;
  profileId: string;
  customLink: string;
  /** In the order given to `createBookableProfessional`. */
  services: Service[];
}

/** A professional set up through the real API: account, services and a week of hours. */
export async function createBookableProfessional(
  ctx: TestContext,
  options: {
    services?: ServiceSeed[];
    week?: AvailabilityWindowInput[];
    businessName?: string;
    professionalName?: string;
  } = {},
): Promise<BookableProfessional> {
  const pro = await signUpProfessional(ctx, {
    businessName: options.businessName ?? 'Barbearia Teste',
    professionalName: options.professionalName ?? 'João Teste',
  });
  const services: Service[] = [];
  for (const seed of options.services ?? DEFAULT_SERVICES) {
    const res = await pro.request({ method: 'POST', url: '/api/services', payload: seed });
    if (res.statusCode !== 201) throw new Error(`service: ${res.body}`);
    services.push(res.json());
  }
  const week = await pro.request({
    method: 'PUT',
    url: '/api/availability',
    payload: { windows: options.week ?? LUNCH_BREAK_WEEK },
  });
  if (week.statusCode !== 200) throw new Error(`availability: ${week.body}`);
  const me = (await pro.request({ method: 'GET', url: '/api/me' })).json();
  return { pro, profileId: me.profile.id, customLink: me.profile.customLink, services };
}

export function bookingBody(
  professional: BookableProfessional,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    professionalId: professional.profileId,
    serviceIds: [professional.services[0]!.id],
    date: MONDAY,
    time: '09:00',
    clientName: 'Maria Cliente',
    clientEmail: `maria-${randomUUID().slice(0, 8)}@exemplo.com.br`,
    clientPhone: null,
    notes: null,
    idempotencyKey: randomUUID(),
    ...overrides,
  };
}

/**
 * POST /api/public/bookings from its own address, as an anonymous visitor. Like the page, it
 * solves a proof-of-work challenge first, unless the body brings its own `pow` (even undefined).
 */
export async function postBooking(ctx: TestContext, body: unknown, ip = nextIp()) {
  const payload =
    body && typeof body === 'object' && !Array.isArray(body) && !('pow' in body)
      ? { ...body, pow: await solvePow(ctx, ip) }
      : body;
  return ctx.app.inject({
    method: 'POST',
    url: '/api/public/bookings',
    payload: payload as object,
    remoteAddress: ip,
  });
}

/** A challenge from `GET /api/public/booking-challenge`, solved as the page does. */
export async function solvePow(ctx: TestContext, ip = nextIp()): Promise<string> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/api/public/booking-challenge',
    remoteAddress: ip,
  });
  if (res.statusCode !== 200) throw new Error(`challenge: ${res.statusCode} ${res.body}`);
  return solvedPayload(res.json());
}

/** A solution made without the app (its database may be down), from its secret. */
export async function offlinePow(authSecret: string, clock: Clock): Promise<string> {
  const challenge = await issueChallenge({
    secrets: derivePowSecrets(authSecret),
    clock,
    difficulty: TEST_POW_DIFFICULTY,
  });
  return solvedPayload(challenge as Challenge);
}

/** ALTCHA's payload for a challenge: base64 of `{ challenge, solution }`. */
export async function solvedPayload(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('challenge not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

export function getSlots(ctx: TestContext, identifier: string, date: string, serviceIds: string[]) {
  const query = new URLSearchParams({ date, serviceIds: serviceIds.join(',') });
  return ctx.app.inject({
    method: 'GET',
    url: `/api/public/professionals/${identifier}/slots?${query}`,
  });
}

export async function slotsOf(
  ctx: TestContext,
  identifier: string,
  date: string,
  serviceIds: string[],
): Promise<string[]> {
  const res = await getSlots(ctx, identifier, date, serviceIds);
  if (res.statusCode !== 200) throw new Error(`slots: ${res.statusCode} ${res.body}`);
  return res.json().slots;
}

export function appointmentsOf(ctx: TestContext, profileId: string, date?: string) {
  return ctx.database.db
    .select()
    .from(appointments)
    .where(
      and(
        eq(appointments.professionalId, profileId),
        date ? eq(appointments.appointmentDate, date) : undefined,
      ),
    )
    .orderBy(appointments.appointmentDate, appointments.startTime);
}

export function clientsOf(ctx: TestContext, profileId: string) {
  return ctx.database.db.select().from(clients).where(eq(clients.professionalId, profileId));
}

export function outboxTo(ctx: TestContext, to: string) {
  return ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to));
}
