// `npm run bench:scale`: work that must not grow with the data, measured on PostgreSQL at two
// sizes of one professional's agenda (issues 15, 16 and 17 item 6), written to its section of
// docs/benchmarks.md (sections.mjs).
//
// 1. Statements per request of the Relatórios (`GET /api/reports`), the CSV export of one
//    month, the Agenda's day and week calendar, the calendar feed (`/ics/<token>.ics`), a
//    client's manage page and the public slots of days not read before (with date exceptions,
//    a week off and blocks: prepareRealWeek), each over 50 sequential requests with p50/p95
//    latency, at 5,000 and then at 500,000
//    appointments. The count most requests sent and the smallest must both be equal between
//    the sizes (a pg-boss poll landing inside a request adds one now and then): exit 1 if not.
// 2. `GET /api/account/export` (the streamed ZIP) at 5,000 and at 100,000 appointments: the
//    server's RSS (/proc/<pid>/status) sampled every 50 ms during the download against its RSS
//    just before; the ZIP checked complete (its end record, `unzip -l`, and the appointments CSV
//    has one line per appointment). Target: peak within 100 MB of idle (exit 1 if missed).
//
// One professional signs up, confirms and signs in through the HTTP API (seed.mjs), gets 5,000
// appointments through the server's own repositories (seed.mjs), and then grows by SQL
// (`INSERT … SELECT generate_series`) back in time before the first one: one appointment an
// hour from 00:00 to 22:00, 30 or 60 minutes as its service lasts, four services, the
// professional's clients in turn, completed with every 10th cancelled and every 17th a no-show.
// The rows go through the schema's checks, the occupied_times trigger and its no-overlap
// constraint like any other.
//
// Environment: BENCH_DATABASE_URL (admin URL; default TEST_DATABASE_URL, then
// postgres://postgres@127.0.0.1:5432/test), BENCH_SCALE_REQUESTS (default 50), BENCH_KEEP_DB=1.
// The run creates and drops the database agendaki_bench_scale on that server.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPostgres } from '../../apps/server/src/db/client.ts';
import { startServer } from './processes.mjs';
import { PG_URL, withClient, withDatabase } from './database.mjs';
import { seedDataset } from './seed.mjs';
import { measureExport } from './scale-export.mjs';
import { countAppointments, growTo, prepareRealWeek } from './scale-data.mjs';
import { defineEndpoints, measureEndpoint, resetCount } from './scale-requests.mjs';
import { PAGE, writeSection } from './sections.mjs';
import { run } from '../lib.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const BENCH_DB = 'agendaki_bench_scale';
const REQUESTS = Number(process.env.BENCH_SCALE_REQUESTS ?? 50);
const SMALL = 5_000;
const EXPORT_SIZE = 100_000;
const LARGE = 500_000;
const CLIENTS = 300;
const MEMORY_TARGET_MB = 100;
const BACKGROUND_MS = 10_000;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'agendaki-bench-scale-'));
const began = Date.now();

const log = (message) =>
  console.log(`[${String(Math.round((Date.now() - began) / 1000)).padStart(4)} s] ${message}`);
const round1 = (n) => Math.round(n * 10) / 10;
const fmtInt = (n) => n.toLocaleString('en-US');

function host(serverVersion) {
  const cpuinfo = fs.readFileSync('/proc/cpuinfo', 'utf8');
  const meminfo = fs.readFileSync('/proc/meminfo', 'utf8');
  return {
    nproc: Number(execFileSync('nproc', { encoding: 'utf8' }).trim()),
    cpu: /model name\s*:\s*(.+)/.exec(cpuinfo)?.[1]?.trim() ?? 'unknown',
    memoryGb: round1(Number(/MemTotal:\s+(\d+)/.exec(meminfo)?.[1] ?? 0) / 1024 ** 2),
    node: process.version,
    postgres: serverVersion,
  };
}

async function main() {
  const results = { date: new Date().toISOString(), sizes: [], exports: [] };
  const reachable = await withClient(PG_URL, async () => true).catch(() => false);
  if (!reachable) throw new Error(`PostgreSQL não responde em ${PG_URL}`);
  await withClient(PG_URL, async (admin) => {
    await admin.query(`DROP DATABASE IF EXISTS "${BENCH_DB}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${BENCH_DB}"`);
    results.host = host((await admin.query('SHOW server_version')).rows[0].server_version);
  });
  const url = withDatabase(PG_URL, BENCH_DB);
  try {
    log(`seeding one professional with ${fmtInt(SMALL)} appointments`);
    const database = await openPostgres(url, { max: 2 });
    await database.migrate();
    const data = await seedDataset(
      database,
      { professionals: 1, clients: CLIENTS, appointments: SMALL },
      log,
    );
    await database.close();
    const { cookie, profileId } = data.session;
    await growTo(url, profileId, SMALL, log);

    const uploads = path.join(work, 'uploads');
    fs.mkdirSync(uploads);
    const start = async (label) => {
      const server = await startServer({
        env: { DATABASE_URL: url, DATA_DIR: uploads, WEB_DIST_DIR: uploads },
        logPath: path.join(work, 'server.log'),
      });
      log(`${label}: server healthy in ${server.startMs} ms, RSS ${Math.round(server.rssMb())} MB`);
      return server;
    };

    let endpoints;
    const measureSize = async (appointments, { requests, exportZip }) => {
      const server = await start(`${fmtInt(appointments)} appointments`);
      try {
        if (!endpoints) {
          const res = await fetch(`${server.url}/api/settings/calendar-feed`, {
            method: 'POST',
            headers: { cookie },
          });
          if (res.status !== 201)
            throw new Error(`calendar feed: ${res.status} ${await res.text()}`);
          const feedPath = new URL((await res.json()).httpsUrl).pathname;
          const slot = data.freeSlots.find((free) => free.date > data.today);
          const { managePath, schedule } = await prepareRealWeek(server, {
            cookie,
            today: data.today,
            slot,
          });
          results.schedule = schedule;
          log(
            `  real week: ${schedule.exceptions} exceptions, ${schedule.timeOffDays} days off, ${schedule.blocks} blocks`,
          );
          const { customLink, serviceIds } = data.professionals[0];
          endpoints = defineEndpoints({
            cookie,
            today: data.today,
            feedPath,
            managePath,
            schedule,
            slotsPath: (date) =>
              `/api/public/professionals/${customLink}/slots?date=${date}&serviceIds=${serviceIds[0]}`,
          });
        }
        if (exportZip) {
          // The size is nominal: the manage page's booking (prepareRealWeek) adds one at first.
          const stored = await countAppointments(url, profileId);
          const measured = await measureExport(server, {
            cookie,
            appointments,
            expectedLines: stored,
            work,
          });
          log(
            `  export: idle ${measured.idleMb} MB, peak ${measured.peakMb} MB (+${measured.deltaMb}), ` +
              `${measured.sizeMb} MB in ${measured.seconds} s, ${measured.entries} entries, ` +
              `${fmtInt(measured.appointmentLines)} appointment lines, complete ${measured.complete}`,
          );
          results.exports.push(measured);
        }
        if (requests) {
          const size = { appointments, loadAverage: round1(os.loadavg()[0]), endpoints: [] };
          // What the server sends with no request at all: the pg-boss workers' polls.
          await resetCount(server);
          await new Promise((resolve) => setTimeout(resolve, BACKGROUND_MS));
          size.backgroundStatements = await server.countQueries();
          log(
            `  background: ${size.backgroundStatements} statements in ${BACKGROUND_MS / 1000} s idle`,
          );
          for (const endpoint of endpoints) {
            const measured = await measureEndpoint(server, endpoint, REQUESTS);
            log(
              `  ${endpoint.key}: ${measured.mode} statements (seen ${measured.statements.join('/')}), ` +
                `p50 ${measured.p50} ms, p95 ${measured.p95} ms, ${measured.responseBytes} B`,
            );
            size.endpoints.push(measured);
          }
          results.sizes.push(size);
        }
      } finally {
        await server.stop();
      }
    };

    await measureSize(SMALL, { requests: true, exportZip: true });
    log(`growing to ${fmtInt(EXPORT_SIZE)} appointments`);
    await growTo(url, profileId, EXPORT_SIZE, log);
    await measureSize(EXPORT_SIZE, { requests: false, exportZip: true });
    log(`growing to ${fmtInt(LARGE)} appointments`);
    const growStarted = Date.now();
    await growTo(url, profileId, LARGE, log);
    results.growSeconds = Math.round((Date.now() - growStarted) / 1000);
    await measureSize(LARGE, { requests: true, exportZip: false });
  } finally {
    if (!process.env.BENCH_KEEP_DB) {
      await withClient(PG_URL, (admin) =>
        admin.query(`DROP DATABASE IF EXISTS "${BENCH_DB}" WITH (FORCE)`),
      );
    }
  }

  results.totalSeconds = Math.round((Date.now() - began) / 1000);
  const [small, large] = results.sizes;
  results.mismatches = small.endpoints
    .filter((e, i) => e.mode !== large.endpoints[i].mode || e.min !== large.endpoints[i].min)
    .map((e) => e.key);
  results.memoryMisses = results.exports
    .filter((e) => e.deltaMb > MEMORY_TARGET_MB)
    .map((e) => e.appointments);
  results.incomplete = results.exports.filter((e) => !e.complete).map((e) => e.appointments);

  fs.mkdirSync(path.join(root, '.test-reports'), { recursive: true });
  fs.writeFileSync(
    path.join(root, '.test-reports/bench-scale-results.json'),
    JSON.stringify(results, null, 2),
  );
  writeSection('scale', renderSection(results));
  await run('npx', ['prettier', '--log-level', 'warn', '--write', PAGE], { cwd: root });
  log(`docs/benchmarks.md, seção scale, escrita (${results.totalSeconds} s no total)`);

  console.log('\nStatements per request (5,000 → 500,000 appointments):');
  for (const [i, e] of small.endpoints.entries()) {
    console.log(
      `  ${e.key.padEnd(12)} ${e.mode} (seen ${e.statements.join('/')}) → ${large.endpoints[i].mode} (seen ${large.endpoints[i].statements.join('/')})`,
    );
  }
  let failed = false;
  if (results.mismatches.length > 0) {
    console.error(`FALHOU: statements differ between sizes: ${results.mismatches.join(', ')}`);
    failed = true;
  }
  if (results.memoryMisses.length > 0) {
    console.error(`FALHOU: export memory over ${MEMORY_TARGET_MB} MB of idle`);
    failed = true;
  }
  if (results.incomplete.length > 0) {
    console.error(`FALHOU: incomplete export ZIP at ${results.incomplete.join(', ')}`);
    failed = true;
  }
  if (failed) process.exitCode = 1;
}

/** The page's section: what is checked, the last result, and what missed. */
function renderSection(results) {
  const [small, large] = results.sizes;
  const h = results.host;
  const counts = small.endpoints
    .map(
      (e, i) =>
        `${e.key} ${e.mode}${e.mode === large.endpoints[i].mode ? '' : ` → ${large.endpoints[i].mode}`}`,
    )
    .join(', ');
  const exports = results.exports
    .map(
      (e) =>
        `+${e.deltaMb} MB at ${fmtInt(e.appointments)}${e.complete ? '' : ' (ZIP incomplete)'}`,
    )
    .join(', ');
  const ok = (missed) => (missed ? '❌' : '✅');
  return [
    `One professional's agenda at ${fmtInt(small.appointments)} and then ${fmtInt(large.appointments)} appointments: the statements of ${REQUESTS} sequential requests of the reports, the CSV export, the agenda's day and week, the calendar feed, a manage page and the slots (with exceptions, days off and blocks) must be the same at both sizes; the account export's ZIP must stream, its server RSS within ${MEMORY_TARGET_MB} MB of idle. Exit 1 on a miss.`,
    '',
    `Last run ${results.date.slice(0, 10)} (${h.nproc} × ${h.cpu}, PostgreSQL ${h.postgres.split(' ')[0]}, ${Math.round(results.totalSeconds / 60)} min):`,
    '',
    `- ${ok(results.mismatches.length > 0)} Statements per request: ${counts}${results.mismatches.length ? `; differ for ${results.mismatches.join(', ')}` : ', the same at both sizes'}.`,
    `- ${ok(results.memoryMisses.length > 0 || results.incomplete.length > 0)} Export RSS over idle: ${exports}.`,
  ].join('\n');
}

try {
  await main();
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
