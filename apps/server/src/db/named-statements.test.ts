import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKind } from '../../test/helpers/database';
import type { Database } from './client';
import { NamingClient } from './named-statements';

// PostgreSQL only: PGlite is one in-process connection, parsed each time.
describe.runIf(testDatabaseKind === 'postgres')(
  'NamingClient: statements named by their text',
  () => {
    let database: Database;
    let pool: pg.Pool;
    beforeAll(async () => {
      database = await createTestDatabase();
      pool = new pg.Pool({
        connectionString: database.url,
        max: 1,
        Client: NamingClient as unknown as typeof pg.Client,
        mostNamedStatements: 3,
      } as pg.PoolConfig);
    });
    afterAll(async () => {
      await pool.end();
      await database.close();
    });

    const prepared = async (client: pg.PoolClient) =>
      (
        await client.query<{ statement: string }>(
          'select statement from pg_prepared_statements order by prepare_time',
        )
      ).rows.map((row) => row.statement);

    it('parses a statement with values once per connection, and not one without', async () => {
      const client = await pool.connect();
      try {
        for (const value of [1, 2, 3]) {
          const { rows } = await client.query('select $1::int + 1 as next', [value]);
          expect(rows).toEqual([{ next: value + 1 }]);
        }
        await client.query({ text: 'select $1::text as word', values: ['olá'] });
        await client.query('select 42 as plain');
        expect(await prepared(client)).toEqual([
          'select $1::int + 1 as next',
          'select $1::text as word',
        ]);
      } finally {
        client.release();
      }
    });

    it('survives a failed parse and a rolled-back transaction', async () => {
      const client = await pool.connect();
      try {
        await expect(client.query('select $1::int from nowhere', [1])).rejects.toThrow();
        await client.query('begin');
        await client.query('select $1::int + 1 as next', [5]);
        await expect(client.query('select 1/$1::int', [0])).rejects.toThrow(/division/);
        await client.query('rollback');
        const { rows } = await client.query('select $1::int + 1 as next', [6]);
        expect(rows).toEqual([{ next: 7 }]);
        // Three names at most: the division took the last; this one goes unnamed.
        await client.query('select $1::text || $2::text as joined', ['a', 'b']);
        expect(await prepared(client)).not.toContain('select $1::text || $2::text as joined');
      } finally {
        client.release();
      }
    });
  },
);
