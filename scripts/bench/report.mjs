// docs/benchmarks.md from the results of run.mjs: one page with what is measured, the targets,
// the last run's tables with its host, and how to run. The scale and reminders sections are
// written by their own scripts (sections.mjs) and kept as they are.
import fs from 'node:fs';
import { section, sectionOf } from './sections.mjs';

// Only targets this host cannot move: counts, weights, scores and errors. Throughput is judged
// side by side against an older commit (`npm run bench:ab`, its section of the page), never
// against a number, which the neighbours on a shared host move by a factor of two in an hour.
const TARGETS = {
  // A booking's statements; the 7th counts the day's hold caps after the writes (decision 027).
  bookingStatements: 7,
  publicJsGzipKb: 70,
  landingJsGzipKb: 15,
  sessionReadStatements: 2,
  lighthousePerformance: 95,
  lighthouseAccessibility: 100,
};

const SESSION_READS = ['agenda', 'clients', 'dashboard'];

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
  const booking = byKey(postgres, 'booking');
  const pgliteBooking = byKey(pglite, 'booking');
  const rows = [];
  const row = (target, measured, ok) => rows.push(`| ${target} | ${measured} | ${mark(ok)} |`);
  if (booking) {
    row(
      `Create-booking at ${booking.connections} connections: no errors, ≤ ${TARGETS.bookingStatements} statements`,
      `${booking.errors} errors, ${booking.queries} statements`,
      booking.errors === 0 && booking.queries <= TARGETS.bookingStatements,
    );
  }
  if (pgliteBooking) {
    row(
      'PGlite create-booking: no errors',
      `${pgliteBooking.errors} errors`,
      pgliteBooking.errors === 0,
    );
  }
  const reads = SESSION_READS.map((key) => byKey(postgres, key)).filter(Boolean);
  if (reads.length > 0) {
    row(
      `Authenticated reads ≤ ${TARGETS.sessionReadStatements} statements`,
      reads.map((e) => `${e.key} ${e.queries}`).join(', '),
      reads.every((e) => e.queries <= TARGETS.sessionReadStatements),
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
      `Lighthouse mobile ${pageName(p)}: performance ≥ ${p.target ?? TARGETS.lighthousePerformance}, accessibility ${TARGETS.lighthouseAccessibility}`,
      `${p.performance} (runs ${p.performanceRuns.join(', ')}), ${p.accessibility}`,
      p.performance >= (p.target ?? TARGETS.lighthousePerformance) &&
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
    "What is measured: throughput of five endpoints side by side with an older commit (`npm run bench:ab`); a full run on a realistic dataset (`npm run bench`: 500 professionals, 500,000 appointments on PostgreSQL, a tenth on PGlite; the production server on 127.0.0.1 loaded with autocannon) for the statements each request sends, errors, the public pages' weight and Lighthouse (mobile); work that must not grow with the data (`bench:scale`); reminders falling due together (`bench:reminders`). Targets are counts, weights, scores and ratios, never absolute speeds: this shared 2-core host's neighbours move those by a factor of two within an hour.",
    '',
    '## Throughput, side by side: `npm run bench:ab`',
    '',
    "Commit A, then B, then A, then B, on the same host in the same quarter of an hour, three pairs; target: B keeps at least 75% of A's requests/s on each endpoint.",
    '',
    kept('ab'),
    '',
    '## Last full run: `npm run bench`',
    '',
    hostLine(results),
    '',
    targetRows(results),
    '',
    'The tables say what that run saw, not targets. "Of ceiling" is the share of a bare Fastify route\'s requests/s on the same host; CPU is milliseconds per request.',
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
    "npm run bench:ab -- <commitA> <commitB>   # does B keep A's throughput? about 12 min",
    'npm run bench              # the full run, about 13 min on 2 cores',
    'npm run bench:lighthouse   # Lighthouse alone: public pages, then signed in, about 20 min',
    'npm run bench:scale        # its section, 2–7 min',
    'npm run bench:reminders    # its section, about 3 min',
    '```',
    '',
    "Every script creates and drops its own database on `BENCH_DATABASE_URL` (default `TEST_DATABASE_URL`, then `postgres://postgres@127.0.0.1:5432/test`); `BENCH_KEEP_DB=1` keeps it. `bench:ab` checks each commit out into a temporary worktree, builds it and seeds it through this checkout's `scripts/bench` (knobs: `AB_PAIRS` 3, `AB_DURATION` 10 s, `AB_WARMUP` 5 s, `AB_SCALE` 0.2). `bench` knobs: `BENCH_DURATION` (10 s), `BENCH_WARMUP` (15 s, docs/decisions/025), `BENCH_SCALE`, `BENCH_ONLY=postgres|pglite`, `BENCH_SKIP_BUILD=1`, `BENCH_BOOKING_RATE` (200 proofs of work solved a second before each booking load); with `BENCH_ONLY` or another `BENCH_SCALE` it writes only `.test-reports/bench-results.json`.",
    '',
  ];
  fs.writeFileSync(file, lines.join('\n'));
}
