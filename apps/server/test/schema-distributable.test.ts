import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { createTestDatabase, testDatabaseKind } from './helpers/database';

/**
 * The schema stays distributable by professional (docs/scaling.md): on Citus, a table sharded
 * by `professional_id` can enforce a primary key, a unique index or an exclusion constraint only
 * if it includes `professional_id` (compared with `=` in an exclusion). This reads the live,
 * migrated schema, so a new table or constraint that breaks the rule fails here.
 */
interface UniqueRule {
  tableName: string;
  name: string;
  kind: string;
  /** Column names in key order; null for an expression element. */
  columns: (string | null)[];
  /** The operator of each element of an exclusion constraint; null otherwise. */
  operators: string[] | null;
}

/**
 * node-postgres answers `{ rows }`, PGlite's drizzle driver the same shape. The arrays are cast
 * to text[]: node-postgres leaves a name[] as its literal ("{professional_id,NULL}").
 */
function rowsOf(result: unknown): UniqueRule[] {
  return (result as { rows: UniqueRule[] }).rows;
}

async function readProfessionalOwnedRules(database: Database): Promise<UniqueRule[]> {
  // Unique indexes cover primary keys, unique constraints and plain unique indexes alike.
  const indexes = await database.db.execute(sql`
    select t.relname as "tableName", i.relname as "name",
      case when x.indisprimary then 'primary key' else 'unique' end as "kind",
      array(
        select a.attname::text from unnest(x.indkey::int2[]) with ordinality k(attnum, n)
        left join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum
        order by k.n
      ) as "columns",
      null as "operators"
    from pg_index x
    join pg_class i on i.oid = x.indexrelid
    join pg_class t on t.oid = x.indrelid
    join pg_namespace s on s.oid = t.relnamespace
    where s.nspname = 'public' and x.indisunique
      and exists (select 1 from pg_attribute p where p.attrelid = t.oid
        and p.attname = 'professional_id' and not p.attisdropped)`);
  const exclusions = await database.db.execute(sql`
    select t.relname as "tableName", c.conname as "name", 'exclusion' as "kind",
      array(
        select a.attname::text from unnest(c.conkey) with ordinality k(attnum, n)
        left join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum
        order by k.n
      ) as "columns",
      array(
        select o.oprname::text from unnest(c.conexclop) with ordinality e(opr, n)
        join pg_operator o on o.oid = e.opr order by e.n
      ) as "operators"
    from pg_constraint c
    join pg_class t on t.oid = c.conrelid
    join pg_namespace s on s.oid = t.relnamespace
    where s.nspname = 'public' and c.contype = 'x'
      and exists (select 1 from pg_attribute p where p.attrelid = t.oid
        and p.attname = 'professional_id' and not p.attisdropped)`);
  return [...rowsOf(indexes), ...rowsOf(exclusions)];
}

function leavesOutProfessional(rule: UniqueRule): boolean {
  const at = rule.columns.indexOf('professional_id');
  if (at < 0) return true;
  return rule.operators !== null && rule.operators[at] !== '=';
}

describe(`schema distributable by professional_id (${testDatabaseKind})`, () => {
  let database: Database;
  let rules: UniqueRule[];
  beforeAll(async () => {
    database = await createTestDatabase();
    rules = await readProfessionalOwnedRules(database);
  });
  afterAll(() => database.close());

  it('reads the constraints of the professional-owned tables', () => {
    // The reading itself works: the known ones are there, with their columns.
    expect(rules).toContainEqual(
      expect.objectContaining({
        name: 'occupied_times_no_overlap',
        kind: 'exclusion',
        columns: ['professional_id', null],
        operators: ['=', '&&'],
      }),
    );
    expect(rules).toContainEqual(
      expect.objectContaining({ tableName: 'clients', kind: 'primary key' }),
    );
  });

  it('has no primary key, unique index or exclusion constraint without professional_id', () => {
    const violations = rules
      .filter(leavesOutProfessional)
      .map((rule) => `${rule.tableName}: ${rule.kind} ${rule.name} (${rule.columns.join(', ')})`);
    expect(violations).toEqual([]);
  });
});
