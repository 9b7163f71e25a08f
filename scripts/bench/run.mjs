// `npm run bench`: seeds a realistic dataset through the server's own code, starts the real
// server (127.0.0.1) on PostgreSQL and then on PGlite, loads six endpoints with autocannon,
// compares each with a bare Fastify ceiling, counts database statements and server CPU per
// request, weighs the public page and the landing, runs Lighthouse, and writes docs/benchmarks.md.
//
// Environment: BENCH_DURATION (s per endpoint, default 10), BENCH_WARMUP (s of load before each,
// default 15), BENCH_CEILING_DURATION (default 5), BENCH_SCALE (dataset multiplier, default 1),
// BENCH_ONLY=postgres|pglite, BENCH_SKIP_BUILD=1, BENCH_KEEP_DB=1, BENCH_DATABASE_URL
// (PostgreSQL server; default TEST_DATABASE_URL or the local one), BENCH_BOOKING_RATE (bookings
// a second whose proofs of work are solved before each booking load, default 200). A partial run
// (BENCH_ONLY, or a scale other than 1) writes .test-reports/bench-results.json only, not the page.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPostgres } from '../../apps/server/src/db/client.ts';
import { openDatabase } from '../../apps/server/src/db/open-database.ts';
import { defineEndpoints } from './endpoints.mjs';
import { percentile, runLoad } from './load.mjs';
import { postgresCpuMs, startCeiling, startServer, waitQuiet } from './processes.mjs';
import { writeReport } from './report.mjs';
import { measureLighthouse } from './lighthouse.mjs';
import { PG_URL, withClient, withDatabase } from './database.mjs';
import { seedDataset } from './seed.mjs';
import { DIST, measurePage, staticWeight } from './web.mjs';
import { run } from '../lib.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CEILING_DURATION = Number(process.env.BENCH_CEILING_DURATION ?? 5);
// Each endpoint's load runs this long before its measured run, so that the run measures the
// server as it runs after its first minutes, its code compiled. After 2 s of bookings V8's
// optimizing compiler still took 18% of the server's CPU in the measured run (perf, 2026-11-28),
// and 7% after 15 s. docs/decisions/025-bench-measures-a-warm-server.md.
const WARMUP = Number(process.env.BENCH_WARMUP ?? 15);
const CEILING_WARMUP = 3;
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
// Bookings a second the proofs of work are solved for before the load (about 0.1 s of CPU
// each); a run that books faster uses them up, and its last bookings are refused (400, errors).
const BOOKING_RATE = Number(process.env.BENCH_BOOKING_RATE ?? 200);
const BENCH_DB = 'agendaki_bench';
const PARTIAL = Boolean(process.env.BENCH_ONLY) || SCALE !== 1;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'agendaki-bench-'));
const began = Date.now();
const dist = path.join(work, 'dist');

const log = (message) =>
  console.log(`[${String(Math.round((Date.now() - began) / 1000)).padStart(4)} s] ${message}`);

const scaleFor = (kind) => {
  const factor = kind === 'postgres' ? SCALE : SCALE / 10;
  return {
    professionals: Math.max(2, Math.round(500 * factor)),
    clients: Math.round(50_000 * factor),
    appointments: Math.round(500_000 * factor),
  };
};

const withAdmin = (task) => withClient(PG_URL, task);

/** Whether the database runs on this machine (its CPU can then be read from /proc). */
function isLocal(url) {
  const host = new URL(url).hostname;
  return ['127.0.0.1', 'localhost', '::1', '[::1]', ''].includes(host);
}

/** A few sequential requests, counting the statements each sends (count-queries.mjs). */
async function countQueries(server, endpoint) {
  const immediate = [];
  for (let i = 0; i < 15; i += 1) {
    const request = endpoint.next();
    server.resetQueries();
    const res = await fetch(`${server.url}${request.path}`, {
      method: request.method ?? 'GET',
      headers: request.headers,
      body: request.body,
    });
    await res.arrayBuffer();
    immediate.push(await server.countQueries());
    // Work the request left behind (the mail outbox after a booking) before the next one.
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  const median = (values) =>
    percentile(
      [...values].sort((a, b) => a - b),
      50,
    );
  return { queries: median(immediate), maxQueries: Math.max(...immediate) };
}

/**
 * Fresh statistics, as autovacuum keeps them on a PostgreSQL that has been up a while. This
 * machine's PostgreSQL runs with autovacuum off (its conf.d/90-ci.conf), and a 10 s run is
 * shorter than autovacuum's one-minute nap anyway.
 */
function analyzeDatabase(databaseUrl, statement) {
  return withClient(databaseUrl, (client) => client.query(statement));
}

async function measureEndpoint(server, ceiling, endpoint, { localPostgres, databaseUrl }) {
  // A booking needs a solved proof of work (decision 028), one per booking: solved here, before
  // the timed runs, for the sample, the warm-up, the run and the statement count.
  if (endpoint.prepare) {
    const requests = 1 + Math.ceil(BOOKING_RATE * (WARMUP + DURATION)) + 15;
    log(`${endpoint.key}: solving ${requests} proofs of work`);
    await endpoint.prepare(server.url, requests);
  }
  const sample = endpoint.next();
  const res = await fetch(`${server.url}${sample.path}`, {
    method: sample.method ?? 'GET',
    headers: sample.headers,
    body: sample.body,
  });
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status >= 400)
    throw new Error(`${endpoint.key}: ${res.status} ${body.toString().slice(0, 300)}`);
  const common = { url: server.url, connections: endpoint.connections, next: endpoint.next };
  await runLoad({ ...common, seconds: WARMUP });
  // autocannon leaves the warm-up's last requests in flight: the measured run starts once the
  // server has finished them, not behind them, and has sent the mails they queued.
  await waitQuiet(server);
  // The warm-up's bookings put the first rows in tables that were empty when the seed was
  // analyzed: the job queue's, the outbox and the manage links. Analyzed as a running server's
  // autovacuum would have them, once the queue is drained (analyzed with the warm-up's mails
  // still pending, pg-boss's fetch was planned for a queue of 98% pending jobs).
  if (databaseUrl) await analyzeDatabase(databaseUrl, 'ANALYZE');
  const loadAverage = os.loadavg()[0];
  const cpuBefore = server.cpuMs();
  const postgresCpuBefore = localPostgres ? postgresCpuMs() : 0;
  const load = await runLoad({ ...common, seconds: DURATION });
  const postgresCpu = localPostgres ? postgresCpuMs() - postgresCpuBefore : undefined;
  const serverCpuMs = server.cpuMs() - cpuBefore;
  // What the run left behind (a booking's mails) is sent before the statements are counted.
  await waitQuiet(server);
  const queries = await countQueries(server, endpoint);
  await waitQuiet(server);
  const ceilingLoad = {
    url: ceiling.url,
    connections: endpoint.connections,
    next: () => ({
      method: sample.method ?? 'GET',
      path: `/ceiling?bytes=${body.length}`,
      ...(sample.body
        ? { body: sample.body, headers: { 'content-type': 'application/json' } }
        : {}),
    }),
  };
  // The bare route warmed as the server was: its few lines compile within the first second.
  await runLoad({ ...ceilingLoad, seconds: CEILING_WARMUP });
  const ceilingResult = await runLoad({ ...ceilingLoad, seconds: CEILING_DURATION });
  const perRequest = (ms) => Math.round((ms / Math.max(1, load.requests)) * 100) / 100;
  const result = {
    key: endpoint.key,
    label: endpoint.label,
    ...load,
    ...queries,
    ceilingRequestsPerSecond: ceilingResult.requestsPerSecond,
    ratio: load.requestsPerSecond / ceilingResult.requestsPerSecond,
    loadAverage: Math.round(loadAverage * 10) / 10,
    // CPU the server process, and every PostgreSQL process on this machine, spent per request.
    serverCpuMsPerRequest: perRequest(serverCpuMs),
    ...(postgresCpu === undefined ? {} : { postgresCpuMsPerRequest: perRequest(postgresCpu) }),
  };
  log(
    `  ${endpoint.key}: ${result.requestsPerSecond.toFixed(0)} req/s, p95 ${result.p95} ms, ` +
      `p99 ${result.p99} ms, errors ${result.errors}, ${result.queries} statements, ` +
      `ceiling ${ceilingResult.requestsPerSecond.toFixed(0)} req/s, CPU ms/req: server ` +
      `${result.serverCpuMsPerRequest}, PostgreSQL ${result.postgresCpuMsPerRequest ?? '-'}`,
  );
  return result;
}

async function benchDatabase(kind, ceiling) {
  const scale = scaleFor(kind);
  const dataDir = path.join(work, kind);
  fs.mkdirSync(dataDir, { recursive: true });
  const phase = { kind, scale };
  let databaseUrl;

  if (kind === 'postgres') {
    await withAdmin(async (admin) => {
      await admin.query(`DROP DATABASE IF EXISTS "${BENCH_DB}" WITH (FORCE)`);
      await admin.query(`CREATE DATABASE "${BENCH_DB}"`);
      phase.serverVersion = (await admin.query('SHOW server_version')).rows[0].server_version;
    });
    databaseUrl = withDatabase(PG_URL, BENCH_DB);
  }

  log(`${kind}: seeding ${JSON.stringify(scale)}`);
  const database =
    kind === 'postgres'
      ? await openPostgres(databaseUrl, { max: 3 })
      : await openDatabase({ DATA_DIR: dataDir });
  if (kind === 'postgres') await database.migrate();
  const data = await seedDataset(database, scale, log, kind === 'postgres' ? 2 : 1);
  await database.close();
  phase.seed = { ...data.counts, seconds: Math.round(data.seconds) };
  log(`${kind}: seeded in ${Math.round(data.seconds)} s`);
  if (kind === 'postgres') {
    await analyzeDatabase(databaseUrl, 'VACUUM ANALYZE');
  }

  const server = await startServer({
    env: {
      WEB_DIST_DIR: dist,
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    logPath: path.join(work, `${kind}.log`),
  });
  phase.startMs = server.startMs;
  phase.idleRssMb = Math.round(server.rssMb());
  log(`${kind}: server healthy in ${server.startMs} ms, RSS ${phase.idleRssMb} MB`);

  try {
    phase.endpoints = [];
    for (const endpoint of defineEndpoints(data)) {
      phase.endpoints.push(
        await measureEndpoint(server, ceiling, endpoint, {
          localPostgres: kind === 'postgres' && isLocal(databaseUrl),
          databaseUrl,
        }),
      );
    }
    if (kind === 'postgres') {
      log('web: loading the public page in Chromium');
      const pageUrl = `${server.url}/book/${data.professionals[1].customLink}`;
      phase.staticWeight = staticWeight(await (await fetch(pageUrl)).text(), dist);
      // The landing `/`: prerendered, no script (docs/decisions/015).
      phase.landingWeight = staticWeight(await (await fetch(`${server.url}/`)).text(), dist);
      phase.page = await measurePage(pageUrl, dist).catch((error) => ({ skipped: error.message }));
    }
  } finally {
    await server.stop();
  }
  if (kind === 'postgres' && !process.env.BENCH_KEEP_DB) {
    await withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS "${BENCH_DB}" WITH (FORCE)`));
  }
  return phase;
}

async function main() {
  const results = {
    date: new Date().toISOString(),
    machine: {
      cpu: os.cpus()[0]?.model ?? 'desconhecido',
      cores: os.cpus().length,
      memoryGb: Math.round(os.totalmem() / 1024 ** 3),
      node: process.version,
    },
    settings: {
      duration: DURATION,
      ceilingDuration: CEILING_DURATION,
      warmup: WARMUP,
      ceilingWarmup: CEILING_WARMUP,
      scale: SCALE,
    },
    phases: [],
  };

  // Built into a private folder (the same `vite build` as `npm run build`): a rebuild of
  // apps/web/dist by anyone else during the run cannot change what is measured.
  if (process.env.BENCH_SKIP_BUILD) {
    fs.cpSync(DIST, dist, { recursive: true });
    results.build = 'skipped (a copy of apps/web/dist)';
  } else {
    log('web: vite build');
    const code = await run(process.execPath, ['scripts/build-web.mjs', dist], { cwd: root });
    if (code !== 0) throw new Error('a build do app web falhou');
    results.build = 'ok';
  }
  if (!fs.existsSync(path.join(dist, 'index.html')))
    throw new Error('o app web não foi construído');

  const ceiling = await startCeiling();
  try {
    const kinds = process.env.BENCH_ONLY ? [process.env.BENCH_ONLY] : ['postgres', 'pglite'];
    for (const kind of kinds) {
      if (kind === 'postgres') {
        const reachable = await withAdmin(async () => true).catch(() => false);
        if (!reachable) {
          log(`postgres: ${PG_URL} não responde; pulando PostgreSQL`);
          results.phases.push({ kind, skipped: `PostgreSQL não responde em ${PG_URL}` });
          continue;
        }
      }
      results.phases.push(await benchDatabase(kind, ceiling));
    }
  } finally {
    await ceiling.stop();
  }
  if (!PARTIAL) {
    log('web: Lighthouse (mobile) em /book/demo, / e uma página de agendamento');
    results.lighthouse = await measureLighthouse({ dist, work, log }).catch((error) => ({
      skipped: error.message,
    }));
  }
  results.totalSeconds = Math.round((Date.now() - began) / 1000);
  fs.mkdirSync(path.join(root, '.test-reports'), { recursive: true });
  fs.writeFileSync(
    path.join(root, '.test-reports/bench-results.json'),
    JSON.stringify(results, null, 2),
  );
  if (PARTIAL) {
    log('medição parcial: .test-reports/bench-results.json');
    return;
  }
  writeReport(results, path.join(root, 'docs/benchmarks.md'));
  // Tables aligned as the repository's formatter wants them (npm run format:check).
  await run('npx', ['prettier', '--log-level', 'warn', '--write', 'docs/benchmarks.md'], {
    cwd: root,
  });
  log(`docs/benchmarks.md escrito (${results.totalSeconds} s no total)`);
}

try {
  await main();
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
