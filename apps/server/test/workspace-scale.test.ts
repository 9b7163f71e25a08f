import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles } from '../src/db/schema';
import { createTestApp, type TestContext } from './helpers/app';
import { signUpProfessional, type SignedInProfessional } from './helpers/session';

/**
 * 50,000 appointments and 10,000 clients for one professional (plus a neighbour with data of
 * their own): every list the workspace asks for stays paginated, indexed and quick.
 */
let ctx: TestContext;
let pro: SignedInProfessional;
const LIMIT_MS = 1500;

beforeAll(async () => {
  ctx = await createTestApp();
  pro = await signUpProfessional(ctx);
  const [profile] = await ctx.database.db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.email, pro.email));
  const id = profile!.id;
  const run = (query: ReturnType<typeof sql>) => ctx.database.db.execute(query);
  await run(sql`
    INSERT INTO services (professional_id, name, price, duration_minutes)
    SELECT ${id}, 'Serviço ' || n, 50, 30 FROM generate_series(1, 20) AS n`);
  await run(sql`
    INSERT INTO clients (professional_id, name, email, phone, created_at)
    SELECT ${id}, 'Cliente Ção ' || n, 'cliente' || n || '@exemplo.com.br',
           '(11) 9' || lpad(n::text, 4, '0') || '-' || lpad((n * 7 % 10000)::text, 4, '0'),
           now() - n * interval '1 minute'
    FROM generate_series(1, 10000) AS n`);
  // 20 half-hour appointments a day from 08:00, over 2,500 days from 2023: 50,000 without overlap.
  await run(sql`
    WITH c AS (SELECT id, row_number() OVER (ORDER BY id) AS k FROM clients WHERE professional_id = ${id}),
         s AS (SELECT id, row_number() OVER (ORDER BY id) AS k FROM services WHERE professional_id = ${id})
    INSERT INTO appointments (professional_id, client_id, service_id, appointment_date, start_time, end_time, total_price, status)
    SELECT ${id}, c.id, s.id,
           date '2023-01-01' + (n / 20),
           time '08:00' + (n % 20) * interval '30 minutes',
           time '08:30' + (n % 20) * interval '30 minutes',
           50,
           (ARRAY['scheduled', 'confirmed', 'completed', 'cancelled'])[1 + n % 4]
    FROM generate_series(0, 49999) AS n
    JOIN c ON c.k = 1 + n % 10000
    JOIN s ON s.k = 1 + n % 20`);
  await run(sql`ANALYZE`);
}, 180_000);
afterAll(async () => {
  await ctx.close();
});

async function timed(url: string) {
  const started = performance.now();
  const res = await pro.request({ method: 'GET', url });
  const ms = performance.now() - started;
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.json(), ms };
}

describe('the workspace lists stay quick with many records', () => {
  it.each([
    ['/api/appointments', 50_000],
    ['/api/appointments?page=900', 50_000],
    ['/api/appointments?status=cancelled', 12_500],
    ['/api/appointments?period=week', 160],
    ['/api/appointments?search=cliente%20cao%20123', 5 * 11],
    ['/api/appointments?search=servico%2017', 2_500],
    ['/api/clients', 10_000],
    ['/api/clients?sort=name&page=100', 10_000],
    ['/api/clients?search=cao%209999', 1],
    ['/api/clients?search=90042', 1],
  ])('%s (total %i)', async (url, total) => {
    await timed(url); // warm the plan cache, as a running server would be
    const { body, ms } = await timed(url);
    expect(body.total).toBe(total);
    expect(body.items.length).toBeLessThanOrEqual(50);
    expect(ms, `${url} took ${Math.round(ms)} ms`).toBeLessThan(LIMIT_MS);
  });
});
