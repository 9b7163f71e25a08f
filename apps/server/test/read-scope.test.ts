import { toSearchTerm } from '@agendaki/shared';
import { eq, sql, type SQLWrapper } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles } from '../src/db/schema';
import * as appointmentsRepo from '../src/features/appointments/repo';
import { directoriesOf } from '../src/features/appointments/directories';
import * as clientsRepo from '../src/features/clients/repo';
import { getDashboardSummary } from '../src/features/dashboard/service';
import { createFixedClock } from '../src/lib/clock';
import * as servicesRepo from '../src/features/services/repo';
import { createTestApp, type TestContext } from './helpers/app';
import { executedPlans, indexPagesRead, rowsRead } from './helpers/plans';
import { signUpProfessional, type SignedInProfessional } from './helpers/session';

/**
 * A read does the work of its answer, on whichever plan PostgreSQL keeps for it.
 *
 * A search is one professional's, and so is its work (drizzle/0021): a neighbour with 20,000
 * clients and 2,000 services that all match the same term must not be read when this
 * professional searches. Before, the trigram indexes held every professional's rows under each
 * trigram, and a short term walked all of them (44,848 index entries for "ana" in the bench's
 * data, for a professional with 100 clients).
 *
 * A page of the agenda reads its page, not the professional's whole agenda: joined before it was
 * chosen, its generic plan sorted every appointment (decision 022).
 */
let ctx: TestContext;
let pro: SignedInProfessional;
let profileId: string;
const OWN_CLIENTS = 200;
const OWN_MATCHING = 10;
const OWN_APPOINTMENTS = 2000;

async function profileIdOf(email: string) {
  const [row] = await ctx.database.db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.email, email));
  return row!.id;
}

beforeAll(async () => {
  ctx = await createTestApp();
  pro = await signUpProfessional(ctx, { businessName: 'Studio Busca' });
  const neighbour = await signUpProfessional(ctx, { businessName: 'Studio Vizinho' });
  profileId = await profileIdOf(pro.email);
  const neighbourId = await profileIdOf(neighbour.email);
  const run = (query: SQLWrapper) => ctx.database.db.execute(query);
  await run(sql`
    INSERT INTO clients (professional_id, name, email, phone)
    SELECT ${neighbourId}, 'Ana Vizinha ' || n, 'ana' || n || '@exemplo.com.br', '11 9' || lpad(n::text, 8, '0')
    FROM generate_series(1, 20000) AS n`);
  await run(sql`
    INSERT INTO services (professional_id, name, price, duration_minutes)
    SELECT ${neighbourId}, 'Escova Vizinha ' || n, 50, 30 FROM generate_series(1, 2000) AS n`);
  await run(sql`
    INSERT INTO clients (professional_id, name, email, phone)
    SELECT ${profileId}, CASE WHEN n <= ${OWN_MATCHING} THEN 'Ana Própria ' ELSE 'Bruno Próprio ' END || n,
           'cliente' || n || '@exemplo.com.br', '21 9' || lpad(n::text, 8, '0')
    FROM generate_series(1, ${OWN_CLIENTS}) AS n`);
  await run(sql`
    INSERT INTO services (professional_id, name, price, duration_minutes)
    SELECT ${profileId}, CASE WHEN n <= 2 THEN 'Escova ' ELSE 'Corte ' END || n, 50, 30
    FROM generate_series(1, 6) AS n`);
  // 8 appointments a day, an hour apart, over 250 days: 2,000, each client's in turn.
  await run(sql`
    WITH c AS (SELECT id, row_number() OVER (ORDER BY id) AS k FROM clients WHERE professional_id = ${profileId}),
         s AS (SELECT id, row_number() OVER (ORDER BY id) AS k FROM services WHERE professional_id = ${profileId})
    INSERT INTO appointments (professional_id, client_id, service_id, appointment_date, start_time, end_time, total_price, status)
    SELECT ${profileId}, c.id, s.id, date '2026-01-05' + (n / 8),
           time '08:00' + (n % 8) * interval '1 hour', time '08:30' + (n % 8) * interval '1 hour',
           50, (ARRAY['scheduled', 'confirmed', 'completed', 'cancelled'])[1 + n % 4]
    FROM generate_series(0, ${OWN_APPOINTMENTS - 1}) AS n
    JOIN c ON c.k = 1 + n % ${OWN_CLIENTS}
    JOIN s ON s.k = 1 + n % 6`);
  await run(sql`ANALYZE clients`);
  await run(sql`ANALYZE services`);
  await run(sql`ANALYZE appointments`);
}, 180_000);
afterAll(async () => {
  await ctx.close();
});

describe("a search reads the professional's own rows only", () => {
  it.each(['ana', 'Ana Pró', '9000'])(
    'the client page searching "%s" reads no neighbour client',
    async (term) => {
      const search = toSearchTerm(term);
      const query = clientsRepo.clientsPageQuery(ctx.database.db, profileId, {
        search,
        sort: 'recent',
        limit: 20,
        offset: 0,
      });
      // The page and its total each read at most the professional's clients, on either plan.
      for (const [mode, nodes] of await executedPlans(ctx.database, query)) {
        expect(rowsRead(nodes, 'clients'), mode).toBeLessThanOrEqual(4 * OWN_CLIENTS);
        // The neighbour's 20,000 clients were inserted after the index was built: those still in
        // its pending list (every search reads it whole) stay few (drizzle/0021). With the
        // default 4 MB list, about 400 were read here.
        expect(indexPagesRead(nodes, 'clients_search_trgm_idx'), mode).toBeLessThanOrEqual(60);
      }
      const rows = await query;
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every(({ row }) => row.professionalId === profileId)).toBe(true);
    },
  );

  it("the agenda's search by client and by service reads no neighbour row", async () => {
    const search = toSearchTerm('escova');
    const clientIds = clientsRepo.clientIdsMatching(
      ctx.database.db,
      profileId,
      toSearchTerm('ana'),
    );
    for (const [mode, nodes] of await executedPlans(ctx.database, clientIds)) {
      expect(rowsRead(nodes, 'clients'), mode).toBeLessThanOrEqual(2 * OWN_CLIENTS);
    }
    const serviceIds = servicesRepo.serviceIdsMatching(ctx.database.db, profileId, search);
    for (const [mode, nodes] of await executedPlans(ctx.database, serviceIds)) {
      expect(rowsRead(nodes, 'services'), mode).toBeLessThanOrEqual(2 * 6);
    }
    const found = await servicesRepo.serviceIdsMatching(ctx.database.db, profileId, search);
    expect(found).toHaveLength(2);
  });
});

describe('a page of the agenda reads its page', () => {
  const LIMIT = 20;
  const OFFSET = 40;
  it.each([
    ['every appointment', {}],
    ['one status', { status: 'completed' as const }],
    ['a range of dates', { from: '2026-02-01', to: '2026-04-30' }],
  ])('%s: the page, not the agenda, on either plan', async (_label, filter) => {
    const { db } = ctx.database;
    const query = appointmentsRepo.appointmentsPageQuery(
      db,
      profileId,
      directoriesOf(db, profileId),
      {
        ...filter,
        limit: LIMIT,
        offset: OFFSET,
      },
    );
    // The total's own count reads every match (an index-only scan): left out.
    for (const [mode, nodes] of await executedPlans(ctx.database, query, { mainOnly: true })) {
      // The offset's rows and the page's, and at most a day more (the order's last key sorts
      // within a date and time the index gives).
      expect(rowsRead(nodes, 'appointments'), mode).toBeLessThanOrEqual(OFFSET + LIMIT + 8);
      // The page's clients only, planned with the values: joined before the page was cut, every
      // appointment up to the page's end had its client read (61 here). The generic plan, blind
      // to the page's size, may make one pass over the professional's own clients instead (its
      // heap and index nodes each count them), never over the neighbour's 20,000.
      const clientsBound = mode === 'force_custom_plan' ? LIMIT : 2 * OWN_CLIENTS;
      expect(rowsRead(nodes, 'clients'), mode).toBeLessThanOrEqual(clientsBound);
    }
    const rows = await query;
    expect(rows).toHaveLength(LIMIT);
    expect(rows[0]!.total).toBeGreaterThan(OFFSET + LIMIT);
  });
});

describe("the agenda's page size and offset, unknown to every plan", () => {
  it.each([
    ['every appointment', {}],
    ['a search', { search: 'ana' }],
  ])(
    '%s: planned with its values, the page is estimated as on the generic plan',
    async (_label, filter: { search?: string }) => {
      const { db } = ctx.database;
      const term = filter.search ? toSearchTerm(filter.search) : undefined;
      const query = appointmentsRepo.appointmentsPageQuery(
        db,
        profileId,
        directoriesOf(db, profileId),
        {
          search: term && {
            clientIds: clientsRepo.clientIdsMatching(db, profileId, term),
            serviceIds: servicesRepo.serviceIdsMatching(db, profileId, term),
          },
          limit: 20,
          offset: 0,
        },
      );
      // PostgreSQL plans a prepared statement with its values 5 times, then keeps the generic
      // plan unless it looks dearer. Seeing a size of 20 and an offset of 0, the page looked 6
      // times cheaper planned with them (the generic plan counts each as a tenth of the agenda),
      // so the agenda was planned again on every request, and planning cost more than running
      // it (docs/benchmarks.md). The page's estimate must not hang on them.
      const plans = await executedPlans(ctx.database, query, { mainOnly: true });
      const pageRows = (mode: 'force_custom_plan' | 'force_generic_plan') =>
        plans
          .get(mode)!
          .filter((node) => node['Node Type'] === 'Limit')
          .map((node) => (node as unknown as { 'Plan Rows': number })['Plan Rows']);
      expect(pageRows('force_custom_plan')).toEqual(pageRows('force_generic_plan'));
      expect(pageRows('force_custom_plan')).toHaveLength(1);
    },
  );
});

describe("the dashboard's next appointments, picked before they are joined", () => {
  // Its plan is measured by the bench (docs/benchmarks.md): on these few rows PostgreSQL's plans
  // for the old shape and the new read alike. What this holds is the answer of the new shape.
  it('the five kept ones from now, in order, with their client and service', async () => {
    const [profile] = await ctx.database.db
      .select({ userId: profiles.userId, timezone: profiles.timezone })
      .from(profiles)
      .where(eq(profiles.id, profileId));
    // 2026-03-02 at 10:30 in São Paulo: that day's 11:00 and 15:00 are cancelled (every fourth).
    const clock = createFixedClock('2026-03-02T13:30:00Z');
    const summary = await getDashboardSummary(
      { db: ctx.database.db, clock },
      { ...profile!, profileId, email: pro.email },
    );
    expect(profile!.timezone).toBe('America/Sao_Paulo');
    expect(
      summary.upcoming.map((upcoming) => `${upcoming.appointmentDate} ${upcoming.startTime}`),
    ).toEqual([
      '2026-03-02 12:00',
      '2026-03-02 13:00',
      '2026-03-02 14:00',
      '2026-03-03 08:00',
      '2026-03-03 09:00',
    ]);
    for (const upcoming of summary.upcoming) {
      expect(upcoming.clientName).toMatch(/^(Ana Própria|Bruno Próprio) \d+$/);
      expect(upcoming.serviceName).toMatch(/^(Escova|Corte) \d$/);
      expect(['scheduled', 'confirmed', 'completed']).toContain(upcoming.status);
    }
  });
});
