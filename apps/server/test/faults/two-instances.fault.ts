import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLOT_TAKEN_MESSAGE } from '@agendaki/shared';
import type { Database } from '../../src/db/client';
import {
  bookingRequest,
  checkBookings,
  futureSlots,
  futureWeekdays,
  postBooking,
  readBookings,
  type Outcome,
  type Shop,
  seedShop,
} from './helpers/booking-load';
import { startSmtpServer } from '../helpers/smtp';
import { createFaultStore, postgresUrl, type FaultStore } from './helpers/databases';
import { startServer, type ServerProcess } from './helpers/server-process';

/**
 * Two server processes behind one "load balancer", on one PostgreSQL (docs/product.md, Deployment: any number
 * of stateless instances). Fifty visitors confirm the same time at the same moment, half on
 * each instance: the database's exclusion constraint must let exactly one through.
 */
describe.skipIf(!postgresUrl)('two app instances on one PostgreSQL', () => {
  let store: FaultStore;
  let servers: ServerProcess[] = [];
  let shop: Shop;
  let db: Database;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  /** Every answer of the file: the store holds the bookings of both tests. */
  const everyOutcome: Outcome[] = [];

  beforeAll(async () => {
    store = await createFaultStore('postgres');
    shop = await seedShop(store, [
      { name: 'Corte', price: 50, durationMinutes: 60 },
      { name: 'Barba', price: 30, durationMinutes: 30 },
    ]);
    // One SMTP server for both: each mail must reach it once, whichever instance sends it.
    smtp = await startSmtpServer();
    const env = { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` };
    servers = await Promise.all([
      startServer({ databaseUrl: store.databaseUrl, dataDir: store.dataDir, env }),
      startServer({ databaseUrl: store.databaseUrl, dataDir: store.dataDir, env }),
    ]);
    await Promise.all(servers.map((server) => server.waitHealthy()));
    db = await store.open();
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.kill('SIGTERM')));
    await db?.close();
    await smtp?.close();
    await store?.remove();
  });

  async function race(requests: ReturnType<typeof bookingRequest>[]): Promise<Outcome[]> {
    // Connections opened first, then every request released at once.
    await Promise.all(servers.map((server) => fetch(`${server.url}/api/health`)));
    const answers = await Promise.all(
      requests.map((request, i) => postBooking(servers[i % 2]!.url, request)),
    );
    const outcomes = answers.map((final, i) => ({
      request: requests[i]!,
      attempts: [final],
      final,
    }));
    everyOutcome.push(...outcomes);
    return outcomes;
  }

  it('50 simultaneous bookings of one slot: exactly one 201, 49 "acabou de ser reservado"', async () => {
    const slot = futureSlots(60, 60).next().value!;
    const requests = Array.from({ length: 50 }, () =>
      bookingRequest(shop, slot, [shop.services[0]!.id]),
    );
    const outcomes = await race(requests);
    const statuses = outcomes.map((o) => o.final.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    for (const { final } of outcomes.filter((o) => o.final.status === 409)) {
      expect(final.body).toMatchObject({ code: 'SLOT_TAKEN', message: SLOT_TAKEN_MESSAGE });
    }
    const winner = outcomes.find((o) => o.final.status === 201)!;
    const stored = await readBookings(db.db, shop.profileId);
    expect(checkBookings(stored, everyOutcome, { isEveryAnswerFinal: true })).toEqual([]);
    expect(stored.appointments.filter((a) => a.date === slot.date)).toHaveLength(1);
    expect(stored.requests.map((r) => r.key)).toContain(winner.request.idempotencyKey);
  });

  it('50 overlapping bookings of different lengths and starts: the winners never overlap', async () => {
    const [cut, beard] = shop.services;
    const days = futureWeekdays();
    days.next(); // the first weekday holds the first test's booking
    const date = days.next().value!;
    const shapes = [
      { time: '09:00', services: [cut!.id, beard!.id] },
      { time: '09:30', services: [cut!.id] },
      { time: '10:00', services: [beard!.id] },
      { time: '10:00', services: [beard!.id, cut!.id] },
      { time: '10:30', services: [cut!.id] },
    ];
    const requests = Array.from({ length: 50 }, (_, i) => {
      const shape = shapes[i % shapes.length]!;
      return bookingRequest(shop, { date, time: shape.time }, shape.services);
    });
    const outcomes = await race(requests);
    const statuses = outcomes.map((o) => o.final.status);
    // Any other answer is listed with its body, so a failure says what the visitor was told.
    const unexpected = outcomes
      .filter((o) => o.final.status !== 201 && o.final.status !== 409)
      .map((o) => ({ status: o.final.status, body: o.final.body, time: o.request.time }));
    expect(unexpected).toEqual([]);
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(1);

    const stored = await readBookings(db.db, shop.profileId);
    expect(checkBookings(stored, everyOutcome, { isEveryAnswerFinal: true })).toEqual([]);
    // Any two live appointments of the professional whose times intersect (none may).
    const overlaps = (await db.db.execute(sql`
      select a.id from appointments a join appointments b
        on a.professional_id = b.professional_id and a.id < b.id
       and a.status <> 'cancelled' and b.status <> 'cancelled'
       and tsrange(a.appointment_date + a.start_time, a.appointment_date + a.end_time)
        && tsrange(b.appointment_date + b.start_time, b.appointment_date + b.end_time)
    `)) as unknown as { rows: unknown[] };
    expect(overlaps.rows).toEqual([]);
  });

  it('both instances deliver the mail queue: every booking mail goes out exactly once', async () => {
    const booked = everyOutcome.filter((o) => o.final.status === 201);
    expect(booked.length).toBeGreaterThanOrEqual(2);
    const clients = booked.map((o) => o.request.clientEmail);
    const toClient = (to: string) => smtp.received.filter((m) => m.to.includes(to));
    const notices = () =>
      smtp.received.filter((m) => m.to.includes(shop.email) && /agendamento/i.test(m.subject));
    await expect
      .poll(
        () => clients.every((to) => toClient(to).length > 0) && notices().length >= booked.length,
        {
          timeout: 30_000,
          interval: 250,
        },
      )
      .toBe(true);
    // Long enough for a second delivery by the other instance, were there one.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    for (const to of clients) expect(toClient(to), to).toHaveLength(1);
    expect(notices()).toHaveLength(booked.length);
  });
});
