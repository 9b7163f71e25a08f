// The PostgreSQL server the bench scripts create their databases on, and how they talk to it.
import pg from 'pg';

/** Admin URL: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local server's `test`. */
export const PG_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';

/** `url` pointing at the database `name` on the same server: the tests' own helper. */
export { withDatabase } from '../../apps/server/test/global-setup.ts';

/** `task` with a client connected to `url`, closed afterwards whatever happens. */
export async function withClient(url, task) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await task(client);
  } finally {
    await client.end();
  }
}
