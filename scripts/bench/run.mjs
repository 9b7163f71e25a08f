// `npm run bench`: seeds a realistic dataset through the server's own code, starts the real
// server (127.0.0.1) on PostgreSQL and then on PGlite, loads six endpoints with autocannon,
// compares each with a bare Fastify ceiling, counts database statements and server CPU per
// request (the authenticated reads against their targets: ≤ 2 statements, 3× the old req/s),
// weighs the public page and the landing, times PGlite's cold start, and writes docs/benchmarks.md.
//
// Environment: BENCH_DURATION (s per endpoint, default 10), BENCH_WARMUP (s of load before each,
// default 15), BENCH_CEILING_DURATION (default 5),
// BENCH_SCALE (dataset multiplier, default 1), BENCH_ONLY=postgres|pglite, BENCH_SKIP_BUILD=1,
// BENCH_DATABASE_URL (PostgreSQL server; default TEST_DATABASE_URL or the local one),
// BENCH_ENDPOINTS=slots,booking (measure only these; the report then goes to .test-reports only).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPostgres } from '../../apps/server/src/db/client.ts';
import { openDatabase } from '../../apps/server/src/db/open-database.ts';
import { defineEndpoints } from './endpoints.mjs';
import { percentile, runLoad } from './load.mjs';
import { postgresCpuMs, startCeiling, startServer } from './processes.mjs';
import { summarizeProfile } from './profile.mjs';
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
const BENCH_DB = 'agendaki_bench';
const ONLY_ENDPOINTS = process.env.BENCH_ENDPOINTS?.split(',').map((key) => key.trim());
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

/**
 * Waits until the server sends no statement for half a second (at most `timeoutMs`): the mail
 * outbox a booking load fills is drained before anything else is measured or counted.
 */
async function waitQuiet(server, timeoutMs = 90_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    server.resetQueries();
    await new Promise((resolve) => setTimeout(resolve, 500));
    if ((await server.countQueries()) <= 1) return Date.now() - started;
  }
  return Date.now() - started;
}

/** A few sequential requests, counting the statements each sends (count-queries.mjs). */
async function countQueries(server, endpoint) {
  const immediate = [];
  const settled = [];
  const sent = [];
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
    sent.push(await server.statements());
    // Work the request left behind (the mail outbox after a booking).
    await new Promise((resolve) => setTimeout(resolve, 300));
    settled.push(await server.countQueries());
  }
  const median = (values) =>
    percentile(
      [...values].sort((a, b) => a - b),
      50,
    );
  const queries = median(immediate);
  return {
    queries,
    // Those of the first request that sent the median count, in order.
    statements: sent[immediate.indexOf(queries)] ?? [],
    maxQueries: Math.max(...immediate),
    // And those of the first that sent the most (a worker's statement may land in its window).
    maxStatements: sent[immediate.indexOf(Math.max(...immediate))] ?? [],
    background: Math.max(0, median(settled) - median(immediate)),
  };
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
  // autovacuum would have them (docs/benchmarks-history.md, 2026-11-27), once the queue is
  // drained: analyzed while the warm-up's mails were still pending, the mail partition read as
  // 98% pending jobs, which a running server's statistics never show, and pg-boss's fetch was
  // planned for that.
  if (databaseUrl) await analyzeDatabase(databaseUrl, 'ANALYZE');
  const loadAverage = os.loadavg()[0];
  const cpuBefore = server.cpuMs();
  const postgresCpuBefore = localPostgres ? postgresCpuMs() : 0;
  const loadCpuBefore = process.cpuUsage();
  server.resetQueries();
  const load = await runLoad({ ...common, seconds: DURATION, sample: server.rssMb });
  const loadCpu = process.cpuUsage(loadCpuBefore);
  const postgresCpu = localPostgres ? postgresCpuMs() - postgresCpuBefore : undefined;
  // Statements over the whole run per answered request: what the cache saves under real traffic
  // (the sequential count below is per request, cache hits included).
  const loadStatements = await server.countQueries();
  const serverCpuMs = server.cpuMs() - cpuBefore;
  // What the run left behind (a booking's mails, sent by the outbox's worker while the load
  // runs if it keeps up, else after it): its CPU until the server is quiet, outside the window.
  const drainServerCpuBefore = server.cpuMs();
  const drainPostgresCpuBefore = localPostgres ? postgresCpuMs() : 0;
  const drainMs = await waitQuiet(server);
  const drainServerCpuMs = server.cpuMs() - drainServerCpuBefore;
  const drainPostgresCpuMs = localPostgres ? postgresCpuMs() - drainPostgresCpuBefore : undefined;
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
  const ceilingCpuBefore = ceiling.cpuMs();
  const ceilingResult = await runLoad({ ...ceilingLoad, seconds: CEILING_DURATION });
  const result = {
    key: endpoint.key,
    label: endpoint.label,
    responseBytes: body.length,
    ...load,
    ...queries,
    ceilingRequestsPerSecond: ceilingResult.requestsPerSecond,
    ceilingP95: ceilingResult.p95,
    ceilingCpuMsPerRequest:
      Math.round(
        ((ceiling.cpuMs() - ceilingCpuBefore) / Math.max(1, ceilingResult.requests)) * 1000,
      ) / 1000,
    ratio: load.requestsPerSecond / ceilingResult.requestsPerSecond,
    loadAverage: Math.round(loadAverage * 10) / 10,
    // Node's share of the cost: CPU the server process spent per answered request.
    serverCpuMsPerRequest: Math.round((serverCpuMs / Math.max(1, load.requests)) * 100) / 100,
    // PostgreSQL's share (every postgres process on this machine) and the load generator's (this
    // process: autocannon) over the same run; the three share the machine's cores.
    ...(postgresCpu === undefined
      ? {}
      : {
          postgresCpuMsPerRequest:
            Math.round((postgresCpu / Math.max(1, load.requests)) * 100) / 100,
        }),
    loadGeneratorCpuMsPerRequest:
      Math.round(((loadCpu.user + loadCpu.system) / 1000 / Math.max(1, load.requests)) * 100) / 100,
    statementsPerRequestUnderLoad:
      Math.round((loadStatements / Math.max(1, load.requests)) * 100) / 100,
    drainMs,
    // The same per request for the work left after the window (its quiet last 500 ms included).
    drainServerCpuMsPerRequest:
      Math.round((drainServerCpuMs / Math.max(1, load.requests)) * 100) / 100,
    ...(drainPostgresCpuMs === undefined
      ? {}
      : {
          drainPostgresCpuMsPerRequest:
            Math.round((drainPostgresCpuMs / Math.max(1, load.requests)) * 100) / 100,
        }),
  };
  log(
    `  ${endpoint.key}: ${result.requestsPerSecond.toFixed(0)} req/s, p50 ${result.p50} ms, ` +
      `p95 ${result.p95} ms, p99 ${result.p99} ms, errors ${result.errors}, ` +
      `${result.queries} queries/req, ceiling ${ceilingResult.requestsPerSecond.toFixed(0)} req/s, ` +
      `CPU ms/req: server ${result.serverCpuMsPerRequest}, PostgreSQL ${result.postgresCpuMsPerRequest ?? '-'}, ` +
      `load generator ${result.loadGeneratorCpuMsPerRequest}; ` +
      `${result.statementsPerRequestUnderLoad} statements/req under load; left behind ` +
      `${result.drainMs} ms, CPU ms/req: server ${result.drainServerCpuMsPerRequest}, ` +
      `PostgreSQL ${result.drainPostgresCpuMsPerRequest ?? '-'}`,
  );
  return result;
}

async function benchDatabase(kind, ceiling) {
  const scale = scaleFor(kind);
  const dataDir = path.join(work, kind);
  fs.mkdirSync(dataDir, { recursive: true });
  const phase = { kind, scale };
  let databaseUrl;

  if (kind === 'pglite') {
    // Cold start on a fresh data folder (initdb and migrations), before anything else.
    const fresh = path.join(work, 'pglite-fresh');
    const server = await startServer({
      env: { DATA_DIR: fresh, WEB_DIST_DIR: dist },
      logPath: path.join(work, 'pglite-fresh.log'),
    });
    phase.coldStartFreshMs = server.startMs;
    await server.stop();
    log(`pglite: cold start on a fresh data folder ${server.startMs} ms`);
  } else {
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

  const serverStarted = Date.now();
  const server = await startServer({
    env: {
      WEB_DIST_DIR: dist,
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    logPath: path.join(work, `${kind}.log`),
  });
  phase.startMs = server.startMs;
  if (kind === 'pglite') phase.coldStartExistingMs = server.startMs;
  phase.idleRssMb = Math.round(server.rssMb());
  log(`${kind}: server healthy in ${server.startMs} ms, RSS ${phase.idleRssMb} MB`);

  try {
    phase.endpoints = [];
    for (const endpoint of defineEndpoints(data)) {
      if (ONLY_ENDPOINTS && !ONLY_ENDPOINTS.includes(endpoint.key)) continue;
      phase.endpoints.push(
        await measureEndpoint(server, ceiling, endpoint, {
          localPostgres: kind === 'postgres' && isLocal(databaseUrl),
          databaseUrl,
        }),
      );
    }
    if (kind === 'postgres' && !ONLY_ENDPOINTS) {
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
  if (process.env.BENCH_CPU_PROF)
    phase.profile = summarizeProfile(process.env.BENCH_CPU_PROF, serverStarted);
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
  if (!ONLY_ENDPOINTS) {
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
  if (ONLY_ENDPOINTS) {
    log(`medição parcial (${ONLY_ENDPOINTS.join(', ')}): .test-reports/bench-results.json`);
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
