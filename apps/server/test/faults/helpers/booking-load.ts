import { randomUUID } from 'node:crypto';
import {
  addDaysToDate,
  getWeekday,
  HORIZON_MAX_DAYS,
  MAX_UNCONFIRMED_LIMIT,
  MAX_UNPAID_HOLDS_LIMIT,
  zonedToday,
  type BookingResponse,
  type Service,
} from '@agendaki/shared';
import { eq } from 'drizzle-orm';
import { appointments, bookingRequests, profiles } from '../../../src/db/schema';
import type { Db } from '../../../src/db/client';
import { createTestApp } from '../../helpers/app';
import { createBookableProfessional, solvedPayload, type ServiceSeed } from '../../helpers/booking';
import type { Challenge } from 'altcha-lib';
import type { FaultStore } from './databases';

export interface Shop {
  profileId: string;
  customLink: string;
  email: string;
  services: Service[];
  /** The professional's session cookie (valid for any server on this store). */
  cookie: string;
}

/**
 * A bookable professional made through the real API (sign-up, confirmation, sign-in, services,
 * week), by an app built in this process on the store, on the real clock, before any server
 * process opens it. Weekdays 09:00-12:00 and 13:00-18:00 (test/helpers/booking.ts), open for
 * bookings a year ahead: a load runs until its faults are over, and at the default 60 days a fast
 * host filled every slot (672 bookings of 30 minutes) and its next ones were rightly refused.
 */
export async function seedShop(store: FaultStore, services: ServiceSeed[]): Promise<Shop> {
  const database = await store.open();
  try {
    const ctx = await createTestApp({
      database,
      now: new Date().toISOString(),
      env: { DATA_DIR: store.dataDir },
    });
    try {
      const shop = await createBookableProfessional(ctx, { services });
      await database.db
        .update(profiles)
        // A load fills whole days from distinct addresses: decision 027's day caps at their top.
        .set({
          horizonDays: HORIZON_MAX_DAYS,
          maxUnpaidHoldsPerDay: MAX_UNPAID_HOLDS_LIMIT,
          maxUnconfirmedPerDay: MAX_UNCONFIRMED_LIMIT,
        })
        .where(eq(profiles.id, shop.profileId));
      return {
        profileId: shop.profileId,
        customLink: shop.customLink,
        email: shop.pro.email,
        services: shop.services,
        cookie: shop.pro.cookie,
      };
    } finally {
      await ctx.close();
    }
  } finally {
    await database.close();
  }
}

/** Weekdays from the day after tomorrow in São Paulo (the shops' zone), endless. */
export function* futureWeekdays(): Generator<string> {
  let date = addDaysToDate(zonedToday(new Date(), 'America/Sao_Paulo'), 2);
  for (;;) {
    const weekday = getWeekday(date);
    if (weekday >= 1 && weekday <= 5) yield date;
    date = addDaysToDate(date, 1);
  }
}

const WINDOWS = [
  [9 * 60, 12 * 60],
  [13 * 60, 18 * 60],
] as const;

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * Distinct future start times inside the shops' hours, every `stepMinutes`, each leaving room
 * for `lengthMinutes`; endless, so a load never runs out of free slots.
 */
export function* futureSlots(stepMinutes: number, lengthMinutes: number) {
  for (const date of futureWeekdays()) {
    for (const [start, end] of WINDOWS) {
      for (let minute = start; minute + lengthMinutes <= end; minute += stepMinutes) {
        yield { date, time: hhmm(minute) };
      }
    }
  }
}

export function bookingRequest(
  shop: Shop,
  slot: { date: string; time: string },
  serviceIds: string[],
) {
  const id = randomUUID();
  return {
    professionalId: shop.profileId,
    serviceIds,
    date: slot.date,
    time: slot.time,
    clientName: `Cliente ${id.slice(0, 6)}`,
    clientEmail: `cliente-${id.slice(0, 8)}@exemplo.com.br`,
    clientPhone: null,
    notes: null,
    idempotencyKey: id,
  };
}

export type BookingRequest = ReturnType<typeof bookingRequest>;

export interface Attempt {
  /** HTTP status, or 0 when the connection failed (server down or killed). */
  status: number;
  body?: { code?: string; message?: string } & Partial<BookingResponse>;
  /** The `Retry-After` header, when the server sent one. */
  retryAfter?: string;
}

let addressCounter = 0;
/** Each visitor its own address (the server trusts X-Forwarded-For in these tests). */
export function nextAddress(): string {
  addressCounter += 1;
  return `100.64.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

const solved = new WeakMap<object, string>();

/**
 * The server's challenge (decision 028), solved at its real cost; or, when the server refuses
 * it (503 while the database is away: its rate limit is counted there), that answer itself.
 */
async function solveFrom(baseUrl: string, address: string): Promise<string | Attempt> {
  const res = await fetch(`${baseUrl}/api/public/booking-challenge`, {
    headers: { 'x-forwarded-for': address },
    signal: AbortSignal.timeout(15_000),
  });
  if (!res.ok) return answerOf(res);
  return solvedPayload((await res.json()) as Challenge);
}

async function answerOf(res: Response): Promise<Attempt> {
  const text = await res.text();
  const retryAfter = res.headers.get('retry-after') ?? undefined;
  return { status: res.status, body: text ? JSON.parse(text) : undefined, retryAfter };
}

/** One POST /api/public/bookings, as the booking page sends it. */
export async function postBooking(
  baseUrl: string,
  body: BookingRequest,
  address = nextAddress(),
): Promise<Attempt> {
  try {
    // Solved once per request, as the page does: its retries (same key) present it again.
    const pow = solved.get(body) ?? (await solveFrom(baseUrl, address));
    if (typeof pow !== 'string') return pow;
    solved.set(body, pow);
    const res = await fetch(`${baseUrl}/api/public/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify({ ...body, pow }),
      signal: AbortSignal.timeout(15_000),
    });
    return await answerOf(res);
  } catch {
    return { status: 0 };
  }
}

export interface Outcome {
  request: BookingRequest;
  attempts: Attempt[];
  /** The last answer: what the visitor was finally told. */
  final: Attempt;
}

/**
 * A visitor who, like the booking page, sends the same request (same idempotency key) again
 * after a server error or a dropped connection, until `deadline`.
 */
export async function bookWithRetries(
  baseUrl: string,
  request: BookingRequest,
  deadline: number,
): Promise<Outcome> {
  const attempts: Attempt[] = [];
  const address = nextAddress();
  for (;;) {
    const attempt = await postBooking(baseUrl, request, address);
    attempts.push(attempt);
    const isRetryable = attempt.status === 0 || attempt.status >= 500;
    if (!isRetryable || Date.now() > deadline) return { request, attempts, final: attempt };
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** Every booking and appointment of the professional, as stored. */
export async function readBookings(db: Db, profileId: string) {
  const requests = await db
    .select({ key: bookingRequests.idempotencyKey, response: bookingRequests.response })
    .from(bookingRequests)
    .where(eq(bookingRequests.professionalId, profileId));
  const rows = await db
    .select({
      id: appointments.id,
      date: appointments.appointmentDate,
      startTime: appointments.startTime,
      endTime: appointments.endTime,
      serviceId: appointments.serviceId,
    })
    .from(appointments)
    .where(eq(appointments.professionalId, profileId));
  return { requests, appointments: rows };
}

/**
 * The booking invariants after a fault:
 * - every booking stored is whole: its answer is stored, all its appointments exist, one per
 *   service requested, back to back from the chosen time;
 * - no appointment exists outside a booking (nothing half-written);
 * - no idempotency key is stored twice;
 * - every booking a visitor was told about (201) is stored, with the appointments it was told;
 * - with `isEveryAnswerFinal`, nothing is stored without a 201.
 * Returns the problems found (empty: all hold).
 */
export function checkBookings(
  stored: Awaited<ReturnType<typeof readBookings>>,
  outcomes: Outcome[],
  options: { isEveryAnswerFinal: boolean },
): string[] {
  const problems: string[] = [];
  const byKey = new Map<string, Outcome>(outcomes.map((o) => [o.request.idempotencyKey, o]));
  const appointmentById = new Map(stored.appointments.map((a) => [a.id, a]));
  const referenced = new Set<string>();
  const keys = new Set<string>();
  const hhmm = (time: string) => time.slice(0, 5);

  for (const { key, response } of stored.requests) {
    if (keys.has(key)) problems.push(`key ${key} stored twice`);
    keys.add(key);
    if (!response) {
      problems.push(`booking ${key} stored without its answer`);
      continue;
    }
    const outcome = byKey.get(key);
    if (outcome && response.appointments.length !== outcome.request.serviceIds.length) {
      problems.push(
        `booking ${key}: ${response.appointments.length} appointments for ${outcome.request.serviceIds.length} services`,
      );
    }
    let expectedStart = response.time;
    for (const booked of response.appointments) {
      referenced.add(booked.id);
      const row = appointmentById.get(booked.id);
      if (!row) {
        problems.push(`booking ${key}: appointment ${booked.id} is missing (half-written)`);
        continue;
      }
      if (row.date !== response.date || hhmm(row.startTime) !== expectedStart) {
        problems.push(`booking ${key}: appointment ${booked.id} is not back to back`);
      }
      expectedStart = hhmm(row.endTime);
    }
    if (options.isEveryAnswerFinal && outcome?.final.status !== 201) {
      problems.push(`booking ${key} stored, but its visitor was told ${outcome?.final.status}`);
    }
  }
  for (const row of stored.appointments) {
    if (!referenced.has(row.id)) problems.push(`appointment ${row.id} belongs to no booking`);
  }
  for (const outcome of outcomes) {
    if (outcome.final.status !== 201) continue;
    const key = outcome.request.idempotencyKey;
    const stored201 = stored.requests.find((r) => r.key === key);
    if (!stored201) {
      problems.push(`booking ${key} was answered 201 but is not stored`);
      continue;
    }
    if (stored201.response?.bookingId !== outcome.final.body?.bookingId) {
      problems.push(`booking ${key}: answered ${outcome.final.body?.bookingId}, stored another`);
    }
  }
  return problems;
}

/**
 * `concurrency` visitors booking one after another until `isDone()`; each request is retried
 * (same key) until `retryDeadline()` when the server errs or is unreachable.
 */
export async function runLoad(options: {
  baseUrl: string | (() => string);
  concurrency: number;
  nextRequest: () => BookingRequest;
  isDone: () => boolean;
  retryDeadline: () => number;
  pauseMs?: number;
  onOutcome?: (outcome: Outcome) => void;
}): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  const baseUrl = () => (typeof options.baseUrl === 'string' ? options.baseUrl : options.baseUrl());
  const visitor = async () => {
    while (!options.isDone()) {
      const outcome = await bookWithRetries(
        baseUrl(),
        options.nextRequest(),
        options.retryDeadline(),
      );
      outcomes.push(outcome);
      options.onOutcome?.(outcome);
      if (options.pauseMs) await new Promise((resolve) => setTimeout(resolve, options.pauseMs));
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, visitor));
  return outcomes;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function countStatuses(attempts: Attempt[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { status } of attempts) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}
