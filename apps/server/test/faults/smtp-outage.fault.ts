import { count, eq } from 'drizzle-orm';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../src/db/schema';
import { findFreePort, startSmtpServer } from '../helpers/smtp';
import {
  bookingRequest,
  futureSlots,
  postBooking,
  seedShop,
  sleep,
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
const BOOKINGS = 4;

/**
 * SMTP is down while clients book (nothing listens on its port): every booking must still
 * succeed, and the mails must go out by themselves once SMTP is back — through the durable
 * outbox and the worker's retry (docs/decisions/004-mail-outbox-and-db-rate-limits.md). The first retry comes 30 s after the
 * failed attempt, so this test waits for it on the real clock.
 */
describe(`SMTP down while clients book (${kind})`, () => {
  let store: FaultStore;
  let shop: Shop;
  let server: ServerProcess;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
  /** Mails the seed left in the outbox (the sign-up's confirmation): they fail too. */
  let seededMails: number;

  beforeAll(async () => {
    store = await createFaultStore(kind);
    shop = await seedShop(store, [{ name: 'Corte', price: 50, durationMinutes: 30 }]);
    const database = await store.open();
    try {
      const [row] = await database.db.select({ mails: count() }).from(mailOutbox);
      seededMails = row!.mails;
    } finally {
      await database.close();
    }
  });
  afterAll(async () => {
    await server?.kill('SIGTERM');
    await smtp?.close();
    await store?.remove();
  });

  it('bookings succeed, and their mails go out once SMTP is back', async () => {
    const smtpPort = await findFreePort();
    server = await startServer({
      databaseUrl: store.databaseUrl,
      dataDir: store.dataDir,
      env: {
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        MAIL_FROM: 'Agendaki <agenda@exemplo.com.br>',
      },
    });
    await server.waitHealthy();

    const slots = futureSlots(30, 30);
    const requests = Array.from({ length: BOOKINGS }, () =>
      bookingRequest(shop, slots.next().value!, [shop.services[0]!.id]),
    );
    for (const request of requests) {
      const res = await postBooking(server.url, request);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }

    // The worker tried every mail (two per booking, and the seed's) and failed: SMTP is really
    // down. Waiting for fewer would let a booking's mail be tried first once SMTP is back.
    const failedMails = () =>
      new Set(
        fs
          .readFileSync(server.logPath, 'utf8')
          .split('\n')
          .filter((line) => line.includes('mail will be retried'))
          .map((line) => (JSON.parse(line) as { mailId: string }).mailId),
      ).size;
    const deadline = Date.now() + 20_000;
    while (failedMails() < seededMails + 2 * BOOKINGS) {
      expect(Date.now(), `sends did not fail as expected:\n${server.tail()}`).toBeLessThan(
        deadline,
      );
      await sleep(200);
    }
    expect(smtp).toBeUndefined();

    smtp = await startSmtpServer(smtpPort);
    const clients = requests.map((r) => r.clientEmail);
    const isDelivered = () =>
      clients.every((to) => smtp!.received.some((m) => m.to.includes(to))) &&
      smtp!.received.filter((m) => m.to.includes(shop.email) && /agendamento/i.test(m.subject))
        .length >= BOOKINGS;
    const waitUntil = Date.now() + 75_000;
    while (!isDelivered()) {
      expect(Date.now(), `mails not delivered:\n${server.tail()}`).toBeLessThan(waitUntil);
      await sleep(500);
    }
    await sleep(1_000);

    // Each client got one confirmation, with its calendar file; the professional one notice each.
    for (const to of clients) {
      const mails = smtp.received.filter((m) => m.to.includes(to));
      expect(mails, to).toHaveLength(1);
      expect(mails[0]!.raw).toContain('text/calendar');
    }
    const notices = smtp.received.filter(
      (m) => m.to.includes(shop.email) && /agendamento/i.test(m.subject),
    );
    expect(notices).toHaveLength(BOOKINGS);

    // The outbox agrees: sent, after at least one failed attempt.
    await server.kill('SIGTERM');
    const database =
      store.kind === 'pglite' ? await openPgliteFolder(store.dataDir) : await store.open();
    try {
      for (const to of clients) {
        const [row] = await database.db
          .select()
          .from(mailOutbox)
          .where(eq(mailOutbox.toAddress, to));
        expect(row).toMatchObject({ status: 'sent' });
        expect(row!.attempts).toBeGreaterThanOrEqual(2);
      }
    } finally {
      await database.close();
    }
  });
});
