import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timeToMinutes } from '@agendaki/shared';
import { clients } from '../src/db/schema';
import { createTestApp, type TestContext } from './helpers/app';
import {
  appointmentsOf,
  bookingBody,
  clientsOf,
  createBookableProfessional,
  postBooking,
  solvePow,
  type BookableProfessional,
} from './helpers/booking';
import { expectOneLockWaiter, testDatabaseKind } from './helpers/database';

/**
 * The promise under load (docs/product.md, The promise: no overlapping appointments): many visitors confirm the same time at once. On
 * PostgreSQL the requests go through a real listening server, so they truly run side by side
 * on the connection pool; on PGlite (one connection) through `inject`, all in flight together.
 */

let ctx: TestContext;
let shop: BookableProfessional;
let baseUrl: string;

beforeAll(async () => {
  // Behind a "proxy", so each simulated visitor has its own address for the per-IP limit.
  ctx = await createTestApp({ env: { TRUST_PROXY: 'true' } });
  shop = await createBookableProfessional(ctx, {
    services: [
      { name: 'Corte', price: 50, durationMinutes: 60 },
      { name: 'Barba', price: 30, durationMinutes: 30 },
    ],
  });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await ctx.close();
});

interface Answer {
  status: number;
  body: { code?: string; appointments?: { id: string }[]; bookingId?: string };
}

async function send(body: Record<string, unknown>, index: number): Promise<Answer> {
  const ip = `172.16.${Math.floor(index / 250)}.${(index % 250) + 1}`;
  if (testDatabaseKind === 'postgres') {
    const res = await fetch(`${baseUrl}/api/public/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify({ ...body, pow: await solvePow(ctx, ip) }),
    });
    return { status: res.status, body: (await res.json()) as Answer['body'] };
  }
  const res = await postBooking(ctx, body, ip);
  return { status: res.statusCode, body: res.json() };
}

function countBy<T>(items: T[], key: (item: T) => string | number) {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}

describe(`simultaneous bookings (${testDatabaseKind})`, () => {
  it('50 visitors confirming one slot: exactly one booking, 49 × 409, one appointment', async () => {
    const date = '2026-11-23';
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        send(
          bookingBody(shop, { date, time: '10:00', clientEmail: `fila-${i}@exemplo.com.br` }),
          i,
        ),
      ),
    );
    expect(countBy(answers, (a) => a.status)).toEqual({ 201: 1, 409: 49 });
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.code === 'SLOT_TAKEN')).toBe(
      true,
    );
    const rows = await appointmentsOf(ctx, shop.profileId, date);
    expect(rows).toHaveLength(1);
    const winner = answers.find((a) => a.status === 201)!;
    expect(rows[0]!.id).toBe(winner.body.appointments![0]!.id);
    // The 49 refused visitors left no client behind.
    const fila = (await clientsOf(ctx, shop.profileId)).filter((c) => c.email?.startsWith('fila-'));
    expect(fila).toHaveLength(1);
  });

  it('overlapping multi-service bookings racing: never an overlap, never half a booking', async () => {
    const date = '2026-11-24';
    const [corte, barba] = shop.services.map((s) => s.id);
    const starts = ['09:00', '09:30', '10:00', '10:30', '13:00', '13:30', '14:00', '14:30'];
    const bodies = Array.from({ length: 32 }, (_, i) =>
      bookingBody(shop, {
        date,
        time: starts[i % starts.length],
        serviceIds: i % 2 === 0 ? [corte, barba] : [barba, corte],
        clientEmail: `corrida-${i}@exemplo.com.br`,
      }),
    );
    const answers = await Promise.all(bodies.map((body, i) => send(body, 100 + i)));
    expect(answers.every((a) => a.status === 201 || a.body.code === 'SLOT_TAKEN')).toBe(true);

    const won = answers.filter((a) => a.status === 201);
    expect(won.length).toBeGreaterThan(0);
    const rows = await appointmentsOf(ctx, shop.profileId, date);
    // Every accepted booking kept both appointments; refused ones kept none.
    expect(rows).toHaveLength(won.length * 2);
    expect(new Set(rows.map((r) => r.id))).toEqual(
      new Set(won.flatMap((a) => a.body.appointments!.map((x) => x.id))),
    );
    const ranges = rows
      .map((r) => [timeToMinutes(r.startTime), timeToMinutes(r.endTime)] as const)
      .sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < ranges.length; i += 1) {
      expect(ranges[i]![0]).toBeGreaterThanOrEqual(ranges[i - 1]![1]);
    }
    const racers = (await clientsOf(ctx, shop.profileId)).filter((c) =>
      c.email?.startsWith('corrida-'),
    );
    expect(racers).toHaveLength(won.length);
  });

  it('one new client booking 8 times at once, e-mail in any case: one client record', async () => {
    const date = '2026-11-26';
    const times = ['09:00', '10:00', '11:00', '13:00', '14:00', '15:00', '16:00', '17:00'];
    const answers = await Promise.all(
      times.map((time, i) =>
        send(
          bookingBody(shop, {
            date,
            time,
            clientEmail: i % 2 ? 'Mesma.Pessoa@Exemplo.com.br' : 'mesma.pessoa@exemplo.com.br',
            clientPhone: i === 5 ? '(11) 95555-0000' : null,
          }),
          300 + i,
        ),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201));
    const same = (await clientsOf(ctx, shop.profileId)).filter(
      (c) => c.email?.toLowerCase() === 'mesma.pessoa@exemplo.com.br',
    );
    expect(same).toHaveLength(1);
    // Phones are stored as digits and formatted where shown.
    expect(same[0]!.phone).toBe('+5511955550000');
    const rows = await appointmentsOf(ctx, shop.profileId, date);
    expect(rows.map((r) => r.clientId)).toEqual(Array(8).fill(same[0]!.id));
  });

  it('the same confirmation sent 10 times at once books once and answers alike', async () => {
    const body = bookingBody(shop, { date: '2026-11-25', time: '15:00' });
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => send(body, 200 + i)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(await appointmentsOf(ctx, shop.profileId, '2026-11-25')).toHaveLength(1);
  });

  it('one key sent at once with different times: one booking, the others 422', async () => {
    const date = '2026-11-27';
    const first = bookingBody(shop, { date, time: '09:00' });
    const times = ['09:00', '10:00', '11:00', '13:00', '14:00', '15:00'];
    const answers = await Promise.all(times.map((time, i) => send({ ...first, time }, 400 + i)));
    expect(countBy(answers, (a) => a.status)).toEqual({ 201: 1, 422: 5 });
    expect(
      answers
        .filter((a) => a.status === 422)
        .every((a) => a.body.code === 'IDEMPOTENCY_KEY_REUSED'),
    ).toBe(true);
    const rows = await appointmentsOf(ctx, shop.profileId, date);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(answers.find((a) => a.status === 201)!.body.appointments![0]!.id);
  });

  // The client's statement reads by e-mail and inserts in one snapshot: a client another booking
  // commits while it runs is invisible to it, its insert waits on the unique index and gives
  // way, and the client is then read and reused. Scripted on PostgreSQL: the other booking is a
  // transaction held open on a connection of its own.
  it.skipIf(testDatabaseKind !== 'postgres')(
    'a client created by a booking still open is reused once it commits, its empty phone filled in',
    async () => {
      const email = 'chegou.junto@exemplo.com.br';
      let otherHolds!: (id: string) => void;
      const otherHolding = new Promise<string>((resolve) => (otherHolds = resolve));
      let releaseOther!: () => void;
      const otherReleased = new Promise<void>((resolve) => (releaseOther = resolve));
      const other = ctx.database.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(clients)
          .values({ professionalId: shop.profileId, name: 'Chegou Junto', email })
          .returning({ id: clients.id });
        otherHolds(row!.id);
        await otherReleased;
      });
      const otherId = await otherHolding;
      const booking = send(
        bookingBody(shop, {
          date: '2026-11-30',
          time: '09:00',
          clientEmail: 'Chegou.Junto@Exemplo.com.br',
          clientPhone: '(11) 94444-0000',
        }),
        500,
      );
      try {
        await expectOneLockWaiter(ctx.database.db);
      } finally {
        releaseOther();
      }
      await other;
      const answer = await booking;
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      const same = (await clientsOf(ctx, shop.profileId)).filter(
        (c) => c.email?.toLowerCase() === email,
      );
      expect(same.map((c) => [c.id, c.phone])).toEqual([[otherId, '+5511944440000']]);
      const [appointment] = await appointmentsOf(ctx, shop.profileId, '2026-11-30');
      expect(appointment?.clientId).toBe(otherId);
    },
  );
});
