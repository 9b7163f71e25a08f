import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import {
  bookingRequest,
  checkBookings,
  countStatuses,
  futureSlots,
  postBooking,
  readBookings,
  runLoad,
  seedShop,
  sleep,
  type Shop,
} from './helpers/booking-load';
import {
  createFaultStore,
  postgresUrl,
  simulateRestart,
  type FaultStore,
} from './helpers/databases';
import { startServer, type ServerProcess } from './helpers/server-process';

/**
 * PostgreSQL goes away twice while visitors book: every connection of the server's database is
 * terminated and new ones are refused for a while (helpers/databases.ts `simulateRestart`,
 * chosen over restarting the machine's shared cluster). The server must come back by itself,
 * and the bookings must be exactly what the visitors were told.
 */
describe.skipIf(!postgresUrl)('PostgreSQL restarted under booking load', () => {
  let store: FaultStore;
  let server: ServerProcess;
  let shop: Shop;
  let db: Database;

  beforeAll(async () => {
    store = await createFaultStore('postgres');
    shop = await seedShop(store, [{ name: 'Corte', price: 40, durationMinutes: 30 }]);
    server = await startServer({ databaseUrl: store.databaseUrl, dataDir: store.dataDir });
    await server.waitHealthy();
  });
  afterAll(async () => {
    await server?.kill('SIGTERM');
    await db?.close();
    await store?.remove();
  });

  it('recovers by itself; every 201 exists exactly once and nothing exists without a 201', async () => {
    const slots = futureSlots(30, 30);
    const serviceIds = [shop.services[0]!.id];
    let isDone = false;
    const restarts: number[] = [];
    const faults = (async () => {
      await sleep(1_500);
      restarts.push(await simulateRestart(store.databaseName!, 2_000));
      await sleep(1_500);
      restarts.push(await simulateRestart(store.databaseName!, 1_000));
      await sleep(1_500);
      isDone = true;
    })();
    const outcomes = await runLoad({
      baseUrl: server.url,
      concurrency: 6,
      nextRequest: () => bookingRequest(shop, slots.next().value!, serviceIds),
      isDone: () => isDone,
      retryDeadline: () => Date.now() + 20_000,
      pauseMs: 10,
    });
    await faults;

    const attempts = outcomes.flatMap((o) => o.attempts);
    const statuses = countStatuses(attempts);
    console.log(
      `postgres restart: ${outcomes.length} bookings, attempts by status ${JSON.stringify(statuses)}, ` +
        `backends terminated ${restarts.join(' + ')}`,
    );
    // The server never went down with the database, and the faults hit requests in flight.
    expect(server.isAlive(), `the server died:\n${server.tail()}`).toBe(true);
    expect(restarts.every((n) => n > 0)).toBe(true);
    expect(attempts.some((a) => a.status >= 500 || a.status === 0)).toBe(true);
    // While the database was away, every refused booking said so: 503 with Retry-After, in
    // pt-BR, never a 500 nor a dropped connection.
    const refused = attempts.filter((a) => a.status !== 201);
    expect(refused.length).toBeGreaterThan(0);
    expect(
      refused.filter(
        (a) =>
          a.status !== 503 ||
          a.body?.code !== 'SERVICE_UNAVAILABLE' ||
          a.body.message !==
            'Serviço temporariamente indisponível. Tente novamente em instantes.' ||
          a.retryAfter === undefined,
      ),
    ).toEqual([]);
    expect(await server.waitHealthy(10_000)).toBeLessThan(10_000);
    // Every visitor got a final answer: 201 (their slot was free).
    expect(outcomes.filter((o) => o.final.status !== 201).map((o) => o.final)).toEqual([]);

    db = await store.open();
    const stored = await readBookings(db.db, shop.profileId);
    expect(checkBookings(stored, outcomes, { isEveryAnswerFinal: true })).toEqual([]);
    expect(stored.requests).toHaveLength(outcomes.length);
    expect(stored.appointments).toHaveLength(outcomes.length);

    // And the next visitor is served at once.
    const after = await postBooking(
      server.url,
      bookingRequest(shop, slots.next().value!, serviceIds),
    );
    expect(after.status).toBe(201);
  });
});
