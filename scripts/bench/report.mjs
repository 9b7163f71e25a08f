// docs/benchmarks.md from the results of run.mjs: one page with what is measured, the targets,
// the last run's tables with its host, and how to run. The scale and reminders sections are
// written by their own scripts (sections.mjs) and kept as they are.
import fs from 'node:fs';
import { section, sectionOf } from './sections.mjs';

const TARGETS = {
  slotsP95Ms: 50,
  slotsCeilingShare: 0.3,
  bookingP95Ms: 100,
  // A booking's statements; the 7th counts the day's hold caps after the writes (decision 027).
  bookingStatements: 7,
  pgliteBookingP99Ms: 1000,
  publicJsGzipKb: 70,
  landingJsGzipKb: 15,
  sessionReadStatements: 2,
  sessionReadSpeedup: 3,
  lighthousePerformance: 95,
  lighthouseAccessibility: 100,
};

/** req/s on PostgreSQL on 2026-11-21, before decision 015 (5, 5 and 6 statements per request). */
const SESSION_READ_BASELINE = { agenda: 616, clients: 661, dashboard: 590 };
const SESSION_READS = Object.keys(SESSION_READ_BASELINE);

const fmt = (value, digits = 0) =>
  value === undefined || Number.isNaN(value) ? '—' : Number(value).toFixed(digits);
const int = (n) => n.toLocaleString('en-US');
const mark = (ok) => (ok ? '✅' : '❌');
const byKey = (phase, key) => phase?.endpoints?.find((e) => e.key === key);
const pageName = (p) => (p.key === 'manage' ? '`/agendamento/<token>`' : `\`${p.path}\``);

function endpointTable(phase) {
  const rows = phase.endpoints.map(
    (e) =>
      `| ${e.label} | ${e.connections} | ${fmt(e.requestsPerSecond)} | ${e.p95} | ${e.p99} | ` +
      `${e.errors} | ${e.queries} | ${fmt(e.ratio * 100)}% | ${fmt(e.serverCpuMsPerRequest, 2)} | ` +
      `${fmt(e.postgresCpuMsPerRequest, 2)} |`,
  );
  return [
    '| Endpoint | Conns | req/s | p95 ms | p99 ms | Errors | Statements | Of ceiling | Server CPU ms | PostgreSQL CPU ms |',
    '| --- | --: | --: | --: | --: | --: | --: | --: | --: | --: |',
    ...rows,
  ].join('\n');
}

function targetRows(results) {
  const postgres = results.phases.find((p) => p.kind === 'postgres' && p.endpoints);
  const pglite = results.phases.find((p) => p.kind === 'pglite' && p.endpoints);
  const slots = byKey(postgres, 'slots');
  const booking = byKey(postgres, 'booking');
  const pgliteBooking = byKey(pglite, 'booking');
  const rows = [];
  const row = (target, measured, ok) => rows.push(`| ${target} | ${measured} | ${mark(ok)} |`);
  if (slots) {
    row(`Slots p95 ≤ ${TARGETS.slotsP95Ms} ms`, `${slots.p95} ms`, slots.p95 <= TARGETS.slotsP95Ms);
    row(
      `Slots ≥ ${TARGETS.slotsCeilingShare * 100}% of a bare Fastify route's req/s`,
      `${fmt(slots.ratio * 100)}% (${fmt(slots.requestsPerSecond)} of ${fmt(slots.ceilingRequestsPerSecond)})`,
      slots.ratio >= TARGETS.slotsCeilingShare,
    );
  }
  if (booking) {
    row(
      `Create-booking p95 ≤ ${TARGETS.bookingP95Ms} ms at ${booking.connections} connections`,
      `${booking.p95} ms, ${fmt(booking.requestsPerSecond)}/s, ${booking.errors} errors`,
      booking.p95 <= TARGETS.bookingP95Ms && booking.errors === 0,
    );
    row(
      `Create-booking ≤ ${TARGETS.bookingStatements} statements`,
      String(booking.queries),
      booking.queries <= TARGETS.bookingStatements,
    );
  }
  if (pgliteBooking) {
    row(
      `PGlite create-booking p99 ≤ ${TARGETS.pgliteBookingP99Ms / 1000} s`,
      `${fmt(pgliteBooking.p99 / 1000, 2)} s, ${pgliteBooking.errors} errors`,
      pgliteBooking.p99 <= TARGETS.pgliteBookingP99Ms && pgliteBooking.errors === 0,
    );
  }
  const reads = SESSION_READS.map((key) => byKey(postgres, key)).filter(Boolean);
  if (reads.length > 0) {
    row(
      `Authenticated reads ≤ ${TARGETS.sessionReadStatements} statements`,
      reads.map((e) => `${e.key} ${e.queries}`).join(', '),
      reads.every((e) => e.queries <= TARGETS.sessionReadStatements),
    );
    const speedups = reads.map((e) => e.requestsPerSecond / SESSION_READ_BASELINE[e.key]);
    row(
      `Authenticated reads ≥ ${TARGETS.sessionReadSpeedup}× 2026-11-21 (${SESSION_READS.map((k) => `${k} ${SESSION_READ_BASELINE[k]}`).join(', ')} req/s)`,
      reads.map((e, i) => `${e.key} ${fmt(speedups[i], 1)}×`).join(', '),
      speedups.every((x) => x >= TARGETS.sessionReadSpeedup),
    );
  }
  if (postgres && pglite) {
    const same = postgres.endpoints.every((e) => byKey(pglite, e.key)?.queries === e.queries);
    row(
      'Statements per request the same at any data size',
      `${same ? 'same' : 'different'} at ${int(postgres.seed.appointments)} and ${int(pglite.seed.appointments)} appointments`,
      same,
    );
  }
  const landingJs = postgres?.landingWeight?.jsGzipKb;
  if (landingJs !== undefined)
    row(
      `Landing \`/\` JS ≤ ${TARGETS.landingJsGzipKb} KB gzip`,
      `${landingJs} KB`,
      landingJs <= TARGETS.landingJsGzipKb,
    );
  const js = postgres?.page?.jsGzipKb ?? postgres?.staticWeight?.jsGzipKb;
  if (js !== undefined)
    row(
      `Public page JS ≤ ${TARGETS.publicJsGzipKb} KB gzip`,
      `${js} KB`,
      js <= TARGETS.publicJsGzipKb,
    );
  for (const p of results.lighthouse?.pages ?? []) {
    row(
      `Lighthouse mobile ${pageName(p)}: performance ≥ ${TARGETS.lighthousePerformance}, accessibility ${TARGETS.lighthouseAccessibility}`,
      `${p.performance} (runs ${p.performanceRuns.join(', ')}), ${p.accessibility}`,
      p.performance >= TARGETS.lighthousePerformance &&
        p.accessibility >= TARGETS.lighthouseAccessibility,
    );
  }
  return ['| Target | Last run | |', '| --- | --- | :-: |', ...rows].join('\n');
}

function hostLine(results) {
  const m = results.machine;
  const postgres = results.phases.find((p) => p.kind === 'postgres' && p.serverVersion);
  const indexes = (results.lighthouse?.pages ?? []).flatMap((p) => p.benchmarkIndexRuns ?? []);
  const loads = results.phases.flatMap((p) => p.endpoints ?? []).map((e) => e.loadAverage ?? 0);
  return [
    `**Host**: ${m.cores} × ${m.cpu}, ${m.memoryGb} GB, Node ${m.node}`,
    postgres ? `, PostgreSQL ${postgres.serverVersion.split(' ')[0]}` : '',
    indexes.length
      ? `, Lighthouse benchmarkIndex ${Math.min(...indexes)}–${Math.max(...indexes)}`
      : '',
    `. Run on ${results.date.slice(0, 16).replace('T', ' ')} UTC in ${Math.round(results.totalSeconds / 60)} min; `,
    `each endpoint ${results.settings.warmup} s warm-up, then ${results.settings.duration} s measured; `,
    `highest 1-minute load average ${fmt(Math.max(0, ...loads), 1)}. `,
    'Server, database and load generator share the cores: the numbers are a floor.',
  ].join('');
}

function phaseSection(phase) {
  const s = phase.seed;
  const name = phase.kind === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)';
  return [
    `### ${name}: ${int(s.professionals)} professionals, ${int(s.clients)} clients, ${int(s.appointments)} appointments`,
    '',
    endpointTable(phase),
    '',
  ];
}

export function writeReport(results, file) {
  const previous = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const kept = (name) => sectionOf(previous, name) ?? section(name, 'Not run yet.');
  const phases = results.phases.filter((p) => p.endpoints);
  const skipped = results.phases.filter((p) => p.skipped);
  const lines = [
    '# Benchmarks',
    '',
    "`npm run bench` seeds a realistic dataset through the server's own code (500 professionals, 500,000 appointments on PostgreSQL; a tenth on PGlite), starts the production server on 127.0.0.1 and loads six endpoints with autocannon: the public page, the slots, create-booking (50 connections, every request a different free slot and address), the agenda, the client search and the dashboard. Per endpoint it reports throughput, latency, errors, the statements one request sends (counted by a preloaded module, `scripts/bench/count-queries.mjs`), its share of a bare Fastify route's throughput (\"Of ceiling\"), and the CPU milliseconds the server and PostgreSQL spent per request. It also weighs the public page's JavaScript and runs Lighthouse (mobile) on three pages.",
    '',
    '## Last run',
    '',
    hostLine(results),
    '',
    targetRows(results),
    '',
    ...phases.flatMap(phaseSection),
    ...skipped.map((p) => `${p.kind}: not measured (${p.skipped}).\n`),
    '## Work that must not grow with the data: `npm run bench:scale`',
    '',
    kept('scale'),
    '',
    '## Reminders falling due together: `npm run bench:reminders`',
    '',
    kept('reminders'),
    '',
    '## How to run',
    '',
    '```bash',
    'npm run bench              # the whole page above, about 13 min on 2 cores',
    'npm run bench:lighthouse   # Lighthouse alone, about 2 min',
    'npm run bench:scale        # its section, 2–7 min',
    'npm run bench:reminders    # its section, about 3 min',
    "npm run bench:ab -- <commitA> <commitB>   # does B keep A's throughput?",
    '```',
    '',
    'Every script creates and drops its own database on `BENCH_DATABASE_URL` (default `TEST_DATABASE_URL`, then `postgres://postgres@127.0.0.1:5432/test`); `BENCH_KEEP_DB=1` keeps it. `npm run bench` knobs: `BENCH_DURATION` (s per endpoint, 10), `BENCH_WARMUP` (s of load before each, 15: docs/decisions/025), `BENCH_SCALE` (0.1 for a quick run), `BENCH_ONLY=postgres|pglite`, `BENCH_SKIP_BUILD=1`, `BENCH_BOOKING_RATE` (bookings a second whose proofs of work are solved before each booking load, 200; about 0.05 to 0.1 s of CPU each). A run with `BENCH_ONLY` or a `BENCH_SCALE` other than 1 writes only `.test-reports/bench-results.json`, not this page.',
    '',
    "`npm run bench:ab -- <commitA> <commitB>` (or `AB_A`, `AB_B`) compares two commits on this host: each is checked out into a temporary git worktree, installed (this checkout's node_modules hard-linked when the lockfiles match, else `npm ci`) and built, and gets a fresh PostgreSQL database seeded by its own code through this checkout's `scripts/bench` (so both commits must still have the services `seed.mjs` calls). Both servers run on 127.0.0.1; the same load of create-booking, agenda, client search, dashboard and slots runs against A, then B, then A, then B, `AB_PAIRS` times (3), each endpoint `AB_WARMUP` s (5) then `AB_DURATION` s (10), on a dataset of `AB_SCALE` (0.2) times the one above. It prints and writes `.test-reports/bench-ab.md`: each run's requests/s, the median of the pairs' B/A ratios, and whether B keeps at least 75% of A's throughput (exit 1 if not). Alternating runs are the only fair comparison on a shared host, whose speed drifts by the hour. About 2 min of setup, then 75 s per run with the defaults.",
    '',
  ];
  fs.writeFileSync(file, lines.join('\n'));
}
