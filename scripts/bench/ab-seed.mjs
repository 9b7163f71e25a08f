// One side of the A/B comparison (ab.mjs): run from a copy of scripts/bench placed inside that
// side's worktree, so the dataset goes through that commit's own migrations and code. Migrates
// and seeds the PostgreSQL database at argv[2] to the scale in argv[3] (a JSON object), and
// writes what the load needs (session, links, free slots) to the file argv[4].
import fs from 'node:fs';
import { openPostgres } from '../../apps/server/src/db/client.ts';
import { withClient } from './database.mjs';
import { seedDataset } from './seed.mjs';

const [url, scale, out] = process.argv.slice(2);
const database = await openPostgres(url, { max: 3 });
try {
  await database.migrate();
  const data = await seedDataset(database, JSON.parse(scale), () => {}, 2);
  fs.writeFileSync(out, JSON.stringify(data));
} finally {
  await database.close();
}
await withClient(url, (client) => client.query('VACUUM ANALYZE'));
// The seed's app may leave a timer behind; this process has nothing more to do.
process.exit(0);
