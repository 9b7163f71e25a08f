// `npm run bench:notify-trigger`: what the change-notice trigger (migrations 0007 and 0022) costs
// one appointment insert, its occupied-time trigger and theirs included, measured by PostgreSQL
// itself (EXPLAIN ANALYZE) in rolled-back transactions, with the function as 0007 wrote it
// (the changed rows read by a text built and run with EXECUTE) and as 0022 writes it (static
// statements), alternating, on a small seeded database. CPU time of one backend, not throughput:
// far steadier on a shared host than a load run, though its moments still move it.
//
// Environment: BENCH_DATABASE_URL (admin URL; default TEST_DATABASE_URL, then
// postgres://postgres@127.0.0.1:5432/test), BENCH_KEEP_DB=1. The run creates and drops the
// database agendaki_bench_triggers.
import fs from 'node:fs';
import path from 'node:path';
import { openPostgres } from '../../apps/server/src/db/client.ts';
import { PG_URL, withClient, withDatabase } from './database.mjs';
import { seedDataset } from './seed.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const BENCH_DB = 'agendaki_bench_triggers';
const INSERTS = 100;
const ROUNDS = 3;

/** The function's definition in a migration file. */
function functionOf(migration) {
  const text = fs.readFileSync(path.join(root, 'apps/server/drizzle', migration), 'utf8');
  const match =
    /CREATE OR REPLACE FUNCTION agendaki_notify_professional_changed\(\)[\s\S]*?\n\$\$;/.exec(text);
  if (!match) throw new Error(`no agendaki_notify_professional_changed in ${migration}`);
  return match[0];
}

const VARIANTS = [
  {
    label: 'EXECUTE of a built text (0007)',
    definition: functionOf('0007_change_notifications.sql'),
  },
  { label: 'static statements (0022)', definition: functionOf('0022_static_change_notices.sql') },
];

const admin = (statement) => withClient(PG_URL, (client) => client.query(statement));

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** Execution time of each insert and of the appointment's own notice trigger, in ms. */
async function measure(client, target) {
  const total = [];
  const notice = [];
  for (let i = 0; i < INSERTS; i += 1) {
    await client.query('BEGIN');
    const { rows } = await client.query(
      `EXPLAIN (ANALYZE, COSTS OFF, SUMMARY ON, FORMAT JSON)
       INSERT INTO appointments (professional_id, client_id, service_id, appointment_date,
         start_time, end_time, total_price, buffer_minutes)
       VALUES ($1, $2, $3, date '2099-01-01' + $4::int, '10:00', '10:30', 50, 5)`,
      [target.professionalId, target.clientId, target.serviceId, i],
    );
    await client.query('ROLLBACK');
    const [plan] = rows[0]['QUERY PLAN'];
    total.push(plan['Execution Time']);
    const trigger = plan.Triggers.find((t) => t['Trigger Name'] === 'appointments_notify_inserted');
    notice.push(trigger.Time);
  }
  return { total: median(total), notice: median(notice) };
}

async function main() {
  await admin(`DROP DATABASE IF EXISTS "${BENCH_DB}" WITH (FORCE)`);
  await admin(`CREATE DATABASE "${BENCH_DB}"`);
  const url = withDatabase(PG_URL, BENCH_DB);
  try {
    const database = await openPostgres(url, { max: 2 });
    await database.migrate();
    await seedDataset(database, { professionals: 5, clients: 100, appointments: 1_000 }, () => {});
    await database.close();
    await withClient(url, async (client) => {
      const { rows } = await client.query(
        `SELECT c.professional_id, c.id AS client_id, s.id AS service_id
         FROM clients c JOIN services s ON s.professional_id = c.professional_id LIMIT 1`,
      );
      const target = {
        professionalId: rows[0].professional_id,
        clientId: rows[0].client_id,
        serviceId: rows[0].service_id,
      };
      console.log(
        `One appointment insert, median of ${INSERTS} per variant and round (ms of execution, triggers included):`,
      );
      for (let round = 1; round <= ROUNDS; round += 1) {
        for (const variant of VARIANTS) {
          await client.query(variant.definition);
          const result = await measure(client, target);
          console.log(
            `  round ${round}, ${variant.label}: insert ${result.total.toFixed(3)}, its notice trigger ${result.notice.toFixed(3)}`,
          );
        }
      }
    });
  } finally {
    if (!process.env.BENCH_KEEP_DB)
      await admin(`DROP DATABASE IF EXISTS "${BENCH_DB}" WITH (FORCE)`);
  }
}

await main();
