import { sql, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '../../src/db/client';

export interface PlanNode {
  'Node Type': string;
  'Parent Relationship'?: string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Shared Hit Blocks': number;
  'Shared Read Blocks': number;
  Plans?: PlanNode[];
}

export type PlanCacheMode = 'force_custom_plan' | 'force_generic_plan';

/**
 * The nodes of the plans PostgreSQL ran for `query`, on a custom plan (planned with the values)
 * and on a generic one (planned without them). The app sends its hot reads as prepared
 * statements (decision 022), which PostgreSQL may come to run on the generic plan: the query is
 * prepared with its parameters and run once under each mode. `mainOnly` leaves out what the
 * statement's subqueries (InitPlan, SubPlan) ran, such as a page's total.
 */
export async function executedPlans(
  database: Database,
  query: SQLWrapper & { toSQL(): { sql: string; params: unknown[] } },
  { mainOnly = false } = {},
): Promise<Map<PlanCacheMode, PlanNode[]>> {
  const { sql: text, params } = query.toSQL();
  const literal = (value: unknown) =>
    typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`;
  const plans = new Map<PlanCacheMode, PlanNode[]>();
  await database.db.transaction(async (tx) => {
    await tx.execute(sql.raw(`PREPARE agendaki_plan_probe AS ${text}`));
    for (const mode of ['force_custom_plan', 'force_generic_plan'] as const) {
      await tx.execute(sql.raw(`SET LOCAL plan_cache_mode = ${mode}`));
      const result = await tx.execute(
        sql.raw(
          `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) EXECUTE agendaki_plan_probe(${params.map(literal).join(', ')})`,
        ),
      );
      const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
      const cell = rows[0]!['QUERY PLAN'];
      const [top] = (typeof cell === 'string' ? JSON.parse(cell) : cell) as [{ Plan: PlanNode }];
      const nodes: PlanNode[] = [];
      const walk = (node: PlanNode) => {
        nodes.push(node);
        node.Plans?.filter(
          (child) =>
            !mainOnly ||
            (child['Parent Relationship'] !== 'InitPlan' &&
              child['Parent Relationship'] !== 'SubPlan'),
        ).forEach(walk);
      };
      walk(top.Plan);
      plans.set(mode, nodes);
    }
    await tx.execute(sql.raw('DEALLOCATE agendaki_plan_probe'));
  });
  return plans;
}

/** The rows the plan's scans of `table` (its heap or its indexes) produced, over all loops. */
export function rowsRead(nodes: PlanNode[], table: string): number {
  return nodes
    .filter(
      (node) => node['Relation Name'] === table || node['Index Name']?.startsWith(`${table}_`),
    )
    .reduce((sum, node) => sum + node['Actual Rows'] * node['Actual Loops'], 0);
}

/** The pages the plan's scans of the index `name` touched (in memory or read), over all loops. */
export function indexPagesRead(nodes: PlanNode[], name: string): number {
  return nodes
    .filter((node) => node['Index Name'] === name)
    .reduce((sum, node) => sum + node['Shared Hit Blocks'] + node['Shared Read Blocks'], 0);
}
