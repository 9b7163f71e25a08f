import { toSearchTerm } from '@agendaki/shared';
import { eq, sql, type SQLWrapper } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles } from '../src/db/schema';
import * as clientsRepo from '../src/features/clients/repo';
import * as servicesRepo from '../src/features/services/repo';
import { createTestApp, type TestContext } from './helpers/app';
import { signUpProfessional, type SignedInProfessional } from './helpers/session';

/**
 * A search is one professional's, and so is its work (drizzle/0021): a neighbour with 20,000
 * clients and 2,000 services that all match the same term must not be read when this
 * professional searches. Before, the trigram indexes held every professional's rows under each
 * trigram, and a short term walked all of them (44,848 index entries for "ana" in the bench's
 * data, for a professional with 100 clients).
 */
let ctx: TestContext;
let pro: SignedInProfessional;
let profileId: string;
const OWN_CLIENTS = 200;
const OWN_MATCHING = 10;

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
  await run(sql`ANALYZE clients`);
  await run(sql`ANALYZE services`);
}, 180_000);
afterAll(async () => {
  await ctx.close();
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  Plans?: PlanNode[];
}

type PlanCacheMode = 'force_custom_plan' | 'force_generic_plan';

/**
 * Every node of the plan PostgreSQL ran for `query`, with what it read. The app sends its reads
 * as prepared statements (decision 022), which PostgreSQL may run on a generic plan that cannot
 * see the professional's id: the query is prepared with its parameters and run under each mode.
 */
async function executedPlan(query: SQLWrapper & { toSQL(): { sql: string; params: unknown[] } }) {
  const { sql: text, params } = query.toSQL();
  const literal = (value: unknown) =>
    typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`;
  const plans = new Map<PlanCacheMode, PlanNode[]>();
  await ctx.database.db.transaction(async (tx) => {
    await tx.execute(sql.raw(`PREPARE agendaki_search_scope AS ${text}`));
    for (const mode of ['force_custom_plan', 'force_generic_plan'] as const) {
      await tx.execute(sql.raw(`SET LOCAL plan_cache_mode = ${mode}`));
      const result = await tx.execute(
        sql.raw(
          `EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE agendaki_search_scope(${params.map(literal).join(', ')})`,
        ),
      );
      const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
      const cell = rows[0]!['QUERY PLAN'];
      const [top] = (typeof cell === 'string' ? JSON.parse(cell) : cell) as [{ Plan: PlanNode }];
      const nodes: PlanNode[] = [];
      const walk = (node: PlanNode) => {
        nodes.push(node);
        node.Plans?.forEach(walk);
      };
      walk(top.Plan);
      plans.set(mode, nodes);
    }
    await tx.execute(sql.raw('DEALLOCATE agendaki_search_scope'));
  });
  return plans;
}

/** The rows the plan's scans of `table` (its heap or its indexes) produced, over all loops. */
function rowsRead(nodes: PlanNode[], table: string): number {
  return nodes
    .filter(
      (node) => node['Relation Name'] === table || node['Index Name']?.startsWith(`${table}_`),
    )
    .reduce((sum, node) => sum + node['Actual Rows'] * node['Actual Loops'], 0);
}

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
      for (const [mode, nodes] of await executedPlan(query)) {
        expect(rowsRead(nodes, 'clients'), mode).toBeLessThanOrEqual(4 * OWN_CLIENTS);
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
    for (const [mode, nodes] of await executedPlan(clientIds)) {
      expect(rowsRead(nodes, 'clients'), mode).toBeLessThanOrEqual(2 * OWN_CLIENTS);
    }
    const serviceIds = servicesRepo.serviceIdsMatching(ctx.database.db, profileId, search);
    for (const [mode, nodes] of await executedPlan(serviceIds)) {
      expect(rowsRead(nodes, 'services'), mode).toBeLessThanOrEqual(2 * 6);
    }
    const found = await servicesRepo.serviceIdsMatching(ctx.database.db, profileId, search);
    expect(found).toHaveLength(2);
  });
});
