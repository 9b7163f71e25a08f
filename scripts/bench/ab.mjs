// `npm run bench:ab -- <commitA> <commitB>`: does commit B keep commit A's throughput? Each
// commit is checked out into a temporary git worktree, installed (node_modules hard-linked from
// this checkout when the lockfiles match, else `npm ci`) and built; each side gets a fresh
// PostgreSQL database seeded by that commit's own code (ab-seed.mjs, run from a copy of this
// folder inside the worktree: both commits must have the services seed.mjs calls). Both servers
// run on 127.0.0.1 and this process drives the same short load against A, then B, then A, then
// B… so that the host's drift falls on both sides.
// Prints and writes (.test-reports/bench-ab.md and .json, and the ab section of
// docs/benchmarks.md) requests/s per run, the median of the pairs' B/A ratios, and whether B
// keeps at least 75% of A's throughput; exits 1 if not.
//
// Environment: AB_A, AB_B (instead of the arguments), AB_ENDPOINTS (a comma list; the page's
// section is written only for all five), AB_PAIRS (3), AB_DURATION (s per endpoint and run,
// 10), AB_WARMUP (s before each, 5), AB_SCALE (dataset multiplier of `npm run bench`'s 500,000
// appointments, 0.2), BENCH_DATABASE_URL (as for `npm run bench`).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PG_URL, withClient, withDatabase } from './database.mjs';
import { defineEndpoints } from './endpoints.mjs';
import { runLoad } from './load.mjs';
import { writeSection } from './sections.mjs';
import { postgresCpuMs, startServer, waitQuiet } from './processes.mjs';
import { run } from '../lib.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const [argA, argB] = process.argv.slice(2);
const COMMITS = { A: argA ?? process.env.AB_A, B: argB ?? process.env.AB_B };
const PAIRS = Number(process.env.AB_PAIRS ?? 3);
const DURATION = Number(process.env.AB_DURATION ?? 10);
const WARMUP = Number(process.env.AB_WARMUP ?? 5);
const SCALE = Number(process.env.AB_SCALE ?? 0.2);
// Bookings a second the proofs of work are solved for (scripts/bench/run.mjs's BENCH_BOOKING_RATE).
const BOOKING_RATE = Number(process.env.BENCH_BOOKING_RATE ?? 200);
const ENDPOINTS = (process.env.AB_ENDPOINTS ?? 'booking,agenda,clients,dashboard,slots').split(',');
const KEEP = 0.75;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'agendaki-ab-'));
const began = Date.now();

const log = (message) =>
  console.log(`[${String(Math.round((Date.now() - began) / 1000)).padStart(4)} s] ${message}`);
const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** node_modules folders of this checkout's workspaces, relative to the root. */
const MODULE_DIRS = [
  'node_modules',
  'apps/server/node_modules',
  'apps/web/node_modules',
  'packages/shared/node_modules',
];

/** Hard links of this checkout's node_modules (no space, seconds), or `npm ci` if they differ. */
async function install(dir) {
  const lock = (repo) => fs.readFileSync(path.join(repo, 'package-lock.json'), 'utf8');
  if (lock(dir) !== lock(root)) {
    log(`  npm ci in ${dir} (its package-lock.json differs from this checkout's)`);
    if ((await run('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir })) !== 0)
      throw new Error(`npm ci falhou em ${dir}`);
    return 'npm ci';
  }
  for (const sub of MODULE_DIRS) {
    if (!fs.existsSync(path.join(root, sub))) continue;
    execFileSync('cp', ['-al', path.join(root, sub), path.join(dir, sub)]);
    // Caches a build rewrites in place would write through the links into this checkout.
    for (const cache of ['.vite', '.vite-temp', '.cache'])
      fs.rmSync(path.join(dir, sub, cache), { recursive: true, force: true });
  }
  return 'node_modules linked (same lockfile)';
}

/** One side: worktree, install, build, fresh database seeded by its own code, its server. */
async function prepare(side) {
  const commit = git('rev-parse', '--verify', `${COMMITS[side]}^{commit}`);
  const dir = path.join(work, side);
  git('worktree', 'add', '--quiet', '--detach', dir, commit);
  const prepared = { side, commit, dir, subject: git('log', '-1', '--format=%s', commit) };
  log(`${side}: ${commit.slice(0, 10)} ${prepared.subject}`);
  prepared.install = await install(dir);
  log(`${side}: npm run build`);
  if ((await run('npm', ['run', 'build', '--silent'], { cwd: dir })) !== 0)
    throw new Error(`a build de ${side} falhou`);
  // This folder's copy inside the worktree: its imports of ../../apps/server are that commit's.
  const driver = path.join(dir, 'scripts/bench-ab');
  fs.cpSync(import.meta.dirname, driver, { recursive: true });
  const name = `agendaki_ab_${side.toLowerCase()}`;
  await withClient(PG_URL, async (admin) => {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
  });
  prepared.database = name;
  prepared.databaseUrl = withDatabase(PG_URL, name);
  const scale = {
    professionals: Math.max(2, Math.round(500 * SCALE)),
    clients: Math.round(50_000 * SCALE),
    appointments: Math.round(500_000 * SCALE),
  };
  log(`${side}: seeding ${JSON.stringify(scale)}`);
  const out = path.join(work, `${side}-data.json`);
  const args = ['--import', 'tsx', path.join(driver, 'ab-seed.mjs'), prepared.databaseUrl];
  const code = await run(process.execPath, [...args, JSON.stringify(scale), out], { cwd: dir });
  if (code !== 0) throw new Error(`o seed de ${side} falhou`);
  // One set of endpoints per side for the whole comparison: its bookings keep taking new slots.
  const all = defineEndpoints(JSON.parse(fs.readFileSync(out, 'utf8')));
  prepared.endpoints = ENDPOINTS.map((key) => all.find((endpoint) => endpoint.key === key));
  prepared.server = await startServer({
    repo: dir,
    counter: path.join(driver, 'count-queries.mjs'),
    logPath: path.join(work, `${side}-server.log`),
    env: {
      DATABASE_URL: prepared.databaseUrl,
      DATA_DIR: path.join(work, `${side}-data`),
      WEB_DIST_DIR: path.join(dir, 'apps/web/dist'),
    },
  });
  log(`${side}: server healthy on ${prepared.server.url}`);
  return prepared;
}

/**
 * One run against one side: each endpoint warmed, then measured; requests/s by endpoint, and the
 * CPU ms a request of the server and of every PostgreSQL process on this host.
 */
async function measure(side) {
  const result = {};
  const cpu = {};
  for (const endpoint of side.endpoints) {
    const common = { url: side.server.url, connections: endpoint.connections, next: endpoint.next };
    // Bookings carry a solved proof of work (decision 028), solved before the timed runs.
    await endpoint.prepare?.(side.server.url, Math.ceil(BOOKING_RATE * (WARMUP + DURATION)));
    await runLoad({ ...common, seconds: WARMUP });
    await waitQuiet(side.server);
    const before = { server: side.server.cpuMs(), postgres: postgresCpuMs() };
    const load = await runLoad({ ...common, seconds: DURATION });
    // CPU a request within the run, queue workers included: where the throughput went.
    const perRequest = (ms) => Math.round((ms / Math.max(1, load.requests)) * 100) / 100;
    cpu[endpoint.key] = {
      server: perRequest(side.server.cpuMs() - before.server),
      postgres: perRequest(postgresCpuMs() - before.postgres),
    };
    // The run's bookings leave mails behind; the next endpoint starts once they are sent.
    await waitQuiet(side.server);
    if (load.errors > 0) throw new Error(`${side.side} ${endpoint.key}: ${load.errors} erros`);
    result[endpoint.key] = Math.round(load.requestsPerSecond);
  }
  log(`  ${side.side}: ${ENDPOINTS.map((key) => `${key} ${result[key]}`).join(', ')} req/s`);
  return { result, cpu };
}

function report(sides, runs, cpu) {
  // Median CPU ms a request of one side: server + PostgreSQL.
  const cpuOf = (side, key) =>
    ['server', 'postgres'].map((part) => median(cpu[side].map((run) => run[key][part])).toFixed(1));
  const rows = ENDPOINTS.map((key) => {
    const a = runs.A.map((r) => r[key]);
    const b = runs.B.map((r) => r[key]);
    const ratio = median(a.map((value, i) => b[i] / value));
    const cpuText = `${cpuOf('A', key).join(' + ')} → ${cpuOf('B', key).join(' + ')}`;
    return { key, a, b, cpu: cpuText, ratio: Math.round(ratio * 100) / 100, keeps: ratio >= KEEP };
  });
  const { A, B } = sides;
  const lines = [
    `# A/B: ${A.commit.slice(0, 10)} (A) against ${B.commit.slice(0, 10)} (B)`,
    '',
    `A: ${A.subject}  `,
    `B: ${B.subject}  `,
    `${new Date().toISOString()}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}, ` +
      `Node ${process.version}; ${PAIRS} pairs run A, B, A, B…; ${WARMUP} s warm-up and ` +
      `${DURATION} s per endpoint and run; dataset ×${SCALE}; PostgreSQL, a database per side.`,
    '',
    '| Endpoint | A req/s per run | B req/s per run | CPU ms a request, A → B | Median B/A | B keeps ≥ 75% |',
    '| --- | --: | --: | --: | --: | :-: |',
    ...rows.map(
      (row) =>
        `| ${row.key} | ${row.a.join(', ')} | ${row.b.join(', ')} | ${row.cpu} | ` +
        `${row.ratio.toFixed(2)} | ${row.keeps ? 'yes' : '**no**'} |`,
    ),
    '',
    'CPU: medians of the server process + every PostgreSQL process on the host, within the runs.',
    '',
  ];
  return { rows, markdown: lines.join('\n') };
}

const sides = {};
async function cleanUp() {
  for (const side of Object.values(sides)) {
    await side.server?.stop();
    if (side.database)
      await withClient(PG_URL, (admin) =>
        admin.query(`DROP DATABASE IF EXISTS "${side.database}" WITH (FORCE)`),
      ).catch(() => {});
  }
  for (const side of ['A', 'B']) {
    if (fs.existsSync(path.join(work, side)))
      execFileSync('git', ['worktree', 'remove', '--force', path.join(work, side)], { cwd: root });
  }
  git('worktree', 'prune');
  fs.rmSync(work, { recursive: true, force: true });
}

async function main() {
  if (!COMMITS.A || !COMMITS.B) {
    console.error('uso: npm run bench:ab -- <commitA> <commitB> (ou AB_A=… AB_B=…)');
    process.exitCode = 2;
    return;
  }
  // Prepared one after the other: each build takes both cores.
  sides.A = await prepare('A');
  sides.B = await prepare('B');
  const runs = { A: [], B: [] };
  const cpu = { A: [], B: [] };
  for (let pair = 1; pair <= PAIRS; pair += 1) {
    log(`pair ${pair} of ${PAIRS}`);
    for (const side of ['A', 'B']) {
      const measured = await measure(sides[side]);
      runs[side].push(measured.result);
      cpu[side].push(measured.cpu);
    }
  }
  const { rows, markdown } = report(sides, runs, cpu);
  fs.mkdirSync(path.join(root, '.test-reports'), { recursive: true });
  fs.writeFileSync(path.join(root, '.test-reports/bench-ab.md'), markdown);
  fs.writeFileSync(
    path.join(root, '.test-reports/bench-ab.json'),
    JSON.stringify({ A: sides.A.commit, B: sides.B.commit, runs, cpu, rows }, null, 2),
  );
  console.log(`\n${markdown}`);
  log('.test-reports/bench-ab.md escrito');
  // The page's section (a run of every endpoint): the table without its title, and the command.
  if (!process.env.AB_ENDPOINTS) {
    const command = `npm run bench:ab -- ${COMMITS.A} ${COMMITS.B}`;
    writeSection('ab', `${markdown.split('\n').slice(2).join('\n')}\nAgain: \`${command}\`.`);
    log('docs/benchmarks.md, seção ab, escrita');
  }
  if (rows.some((row) => !row.keeps)) process.exitCode = 1;
}

process.once('SIGINT', () => {
  void cleanUp().finally(() => process.exit(130));
});
try {
  await main();
} finally {
  await cleanUp();
}
