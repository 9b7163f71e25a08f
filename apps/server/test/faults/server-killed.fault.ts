import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookingRequest,
  bookWithRetries,
  checkBookings,
  countStatuses,
  futureSlots,
  readBookings,
  runLoad,
  seedShop,
  sleep,
  type Outcome,
  type Shop,
} from './helpers/booking-load';
import {
  createFaultStore,
  openPgliteFolder,
  postgresUrl,
  type FaultStore,
} from './helpers/databases';
import { startServer, type ServerProcess } from './helpers/server-process';

const kind = postgresUrl ? 'postgres' : 'pglite';

/**
 * The server process is killed with SIGKILL (no shutdown, no flush) while visitors book two and
 * three services at once. A booking is one transaction (docs/product.md, Booking several services): on disk there must be
 * whole bookings or none, never some of a booking's appointments; every booking answered 201
 * must survive; and after a restart the visitors who got no answer can send the same request
 * again and end with exactly one booking each.
 */
describe(`the server killed with SIGKILL under load (${kind})`, () => {
  let store: FaultStore;
  let shop: Shop;
  let server: ServerProcess;

  beforeAll(async () => {
    store = await createFaultStore(kind);
    shop = await seedShop(store, [
      { name: 'Corte', price: 50, durationMinutes: 20 },
      { name: 'Barba', price: 30, durationMinutes: 20 },
      { name: 'Sobrancelha', price: 20, durationMinutes: 20 },
    ]);
  });
  afterAll(async () => {
    await server?.kill('SIGTERM');
    await store?.remove();
  });

  const startOnStore = () =>
    startServer({ databaseUrl: store.databaseUrl, dataDir: store.dataDir });

  async function inspectStore(outcomes: Outcome[], isEveryAnswerFinal: boolean) {
    const database =
      store.kind === 'pglite' ? await openPgliteFolder(store.dataDir) : await store.open();
    try {
      const stored = await readBookings(database.db, shop.profileId);
      return { stored, problems: checkBookings(stored, outcomes, { isEveryAnswerFinal }) };
    } finally {
      await database.close();
    }
  }

  it('leaves no booking half-written, loses no 201, and a retry after restart settles the rest', async () => {
    server = await startOnStore();
    await server.waitHealthy();
    const slots = futureSlots(60, 60);
    const ids = shop.services.map((s) => s.id);
    let count = 0;
    let booked = 0;
    let isDone = false;
    // Killed once the load is well under way: 40 bookings answered, or 10 s.
    const killer = (async () => {
      const started = Date.now();
      while (booked < 40 && Date.now() - started < 10_000) await sleep(20);
      isDone = true;
      await server.kill('SIGKILL');
    })();
    const outcomes = await runLoad({
      baseUrl: server.url,
      concurrency: 6,
      // Two or three services each: a half-written booking would show.
      nextRequest: () => bookingRequest(shop, slots.next().value!, ids.slice(0, 2 + (count++ % 2))),
      isDone: () => isDone,
      retryDeadline: () => 0,
      onOutcome: (outcome) => {
        if (outcome.final.status === 201) booked += 1;
      },
    });
    await killer;
    const statuses = countStatuses(outcomes.map((o) => o.final));
    console.log(
      `SIGKILL (${kind}): ${outcomes.length} bookings sent, answers ${JSON.stringify(statuses)}`,
    );
    expect(statuses['201'] ?? 0).toBeGreaterThan(5);
    expect(Object.keys(statuses).every((s) => s === '201' || s === '0')).toBe(true);

    // On disk, straight after the kill: whole bookings only, every 201 among them.
    const afterKill = await inspectStore(outcomes, false);
    expect(afterKill.problems).toEqual([]);
    const unanswered = outcomes.filter((o) => o.final.status !== 201);
    console.log(
      `SIGKILL (${kind}): ${afterKill.stored.requests.length} bookings on disk, ` +
        `${unanswered.length} visitors without an answer`,
    );

    // The server starts again on the same data; the visitors without an answer retry.
    server = await startOnStore();
    const restartMs = await server.waitHealthy();
    console.log(`SIGKILL (${kind}): healthy again ${restartMs} ms after the restart`);
    const retried = await Promise.all(
      unanswered.map((o) => bookWithRetries(server.url, o.request, Date.now() + 10_000)),
    );
    expect(retried.map((o) => o.final.status)).toEqual(retried.map(() => 201));
    const settled = outcomes.map((o) => retried.find((r) => r.request === o.request) ?? o);
    await server.kill('SIGTERM');

    const final = await inspectStore(settled, true);
    expect(final.problems).toEqual([]);
    expect(final.stored.requests).toHaveLength(outcomes.length);
    expect(final.stored.appointments).toHaveLength(
      outcomes.reduce((sum, o) => sum + o.request.serviceIds.length, 0),
    );
  });
});
