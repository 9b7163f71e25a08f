// docs/benchmarks.md from the results of run.mjs.
import fs from 'node:fs';
import { describeAudit } from './lighthouse.mjs';

const TARGETS = {
  slotsP95Ms: 50,
  slotsCeilingShare: 0.3,
  bookingP95Ms: 100,
  // Issue 17: a booking in at most 6 statements; on PGlite p99 ≤ 1 s at 50 connections; the
  // public page's first visit in at most 70 KB of gzipped JavaScript. Since decision 027 the
  // day's hold caps are counted in a 7th statement, after the writes' lock (issue 44).
  bookingStatements: 7,
  pgliteBookingP99Ms: 1000,
  publicJsGzipKb: 70,
  landingJsGzipKb: 15,
  // Issue 17: an authenticated read in at most 2 statements (the session checked once, then the
  // read; docs/decisions/015), at 3× the requests/s measured on 2026-11-21 on PostgreSQL.
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
const mark = (ok) => (ok ? '✅' : '❌');
const byKey = (phase, key) => phase?.endpoints?.find((e) => e.key === key);

function datasetLine(phase) {
  const s = phase.seed;
  return `${s.professionals.toLocaleString('en-US')} professionals, ${s.clients.toLocaleString('en-US')} clients, ${s.appointments.toLocaleString('en-US')} appointments (seeded in ${s.seconds} s)`;
}

function endpointTable(phase) {
  const rows = phase.endpoints.map(
    (e) =>
      `| ${e.label} | ${e.connections} | ${fmt(e.requestsPerSecond)} | ${e.p50} | ${e.p95} | ${e.p99} | ${e.errors}${e.timeouts ? ` (${e.timeouts} timeouts)` : ''} | ${e.queries}${e.maxQueries !== e.queries ? ` (max ${e.maxQueries})` : ''}${e.background ? ` + ${e.background} later` : ''} | ${fmt(e.statementsPerRequestUnderLoad, 2)} | ${fmt(e.ceilingRequestsPerSecond)} | ${fmt(e.ratio * 100)}% | ${fmt(e.responseBytes / 1024, 1)} KB | ${fmt(e.serverCpuMsPerRequest, 2)} | ${fmt(e.postgresCpuMsPerRequest, 2)} | ${fmt(e.loadGeneratorCpuMsPerRequest, 2)} | ${e.peakRssMb} MB | ${fmt(e.loadAverage, 1)} |`,
  );
  return [
    '| Endpoint | Conns | req/s | p50 ms | p95 ms | p99 ms | Errors | Queries/req | Statements/req under load | Ceiling req/s | Of ceiling | Response | Server CPU ms/req | PostgreSQL CPU ms/req | Load generator CPU ms/req | Peak RSS | Load |',
    '| --- | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: |',
    ...rows,
  ].join('\n');
}

/**
 * What a run's requests left for after it (a booking's mails: the outbox's worker, whose fetches
 * queue with the bookings', sends most of them once the load stops), outside its CPU figures.
 */
function leftBehind(endpoint) {
  if (endpoint.drainServerCpuMsPerRequest === undefined || endpoint.drainMs < 1000) return '';
  const postgres =
    endpoint.drainPostgresCpuMsPerRequest === undefined
      ? ''
      : ` and ${fmt(endpoint.drainPostgresCpuMsPerRequest, 2)} ms of PostgreSQL's`;
  return ` Those figures leave out most of the bookings' mails: the outbox's worker sent them in the ${fmt(endpoint.drainMs / 1000, 1)} s after the run (its last quiet half-second included), another ${fmt(endpoint.drainServerCpuMsPerRequest, 2)} ms of the server's CPU${postgres} per booking.`;
}

/**
 * "those of one such booking, in order: insert rate_limits, begin, … (2× select x)": the
 * statements count-queries.mjs named, consecutive repeats folded.
 */
function describeStatements(statements = []) {
  if (statements.length === 0) return 'the statements themselves were not recorded';
  const folded = [];
  for (const name of statements) {
    const last = folded.at(-1);
    if (last?.name === name) last.times += 1;
    else folded.push({ name, times: 1 });
  }
  const list = folded.map(({ name, times }) => (times > 1 ? `${times}× ${name}` : name));
  return `those of one such booking, in order: ${list.join(', ')}`;
}

/** With BENCH_CPU_PROF: where the server's busy CPU time went over the whole phase. */
function profileLines(phase) {
  if (!phase.profile) return [];
  const list = (items) => items.map((i) => `${i.name} ${i.share}%`).join(', ');
  return [
    `Server CPU profile (${phase.profile.busySeconds} s busy over the phase; shares of busy time): by package — ${list(phase.profile.packages)}; by function — ${list(phase.profile.functions.slice(0, 8))}.`,
    '',
  ];
}

/** CPU ms one request costs the whole machine (server, PostgreSQL, load generator), if measured. */
function machineCpuMs(e) {
  if (e.postgresCpuMsPerRequest === undefined) return undefined;
  return e.serverCpuMsPerRequest + e.postgresCpuMsPerRequest + e.loadGeneratorCpuMsPerRequest;
}

/**
 * That CPU in words, and the most the 2 cores could then serve: "server 0.61 + PostgreSQL 1.10 +
 * load generator 0.12 = 1.83 ms of CPU, at most 1093/s on these 2 cores".
 */
function machineCpu(e) {
  const total = machineCpuMs(e);
  if (total === undefined) return undefined;
  return `server ${fmt(e.serverCpuMsPerRequest, 2)} + PostgreSQL ${fmt(e.postgresCpuMsPerRequest, 2)} + load generator ${fmt(e.loadGeneratorCpuMsPerRequest, 2)} = ${fmt(total, 2)} ms of CPU, at most ${fmt(2000 / total)}/s on these 2 cores`;
}

/** Whether the machine's CPU bounds the reads, and which process spends most of it. */
function readsBoundLine(reads) {
  const measured = reads.filter((e) => machineCpuMs(e) !== undefined);
  if (measured.length === 0) return '';
  const used = Math.min(...measured.map((e) => (e.requestsPerSecond * machineCpuMs(e)) / 2000));
  const postgresLarger = measured.every((e) => e.postgresCpuMsPerRequest > e.serverCpuMsPerRequest);
  return ` Each kept the machine's 2 cores at least ${fmt(used * 100)}% busy with these three processes alone${postgresLarger ? ", and PostgreSQL's share is the larger" : ''}: ${used >= 0.8 ? 'the machine, not a wait, bounds them.' : 'not all of the wait is CPU.'} What ${TARGETS.sessionReadSpeedup}× would take on these 2 cores: ${measured.map((e) => `${e.key} ${fmt(2000 / (SESSION_READ_BASELINE[e.key] * TARGETS.sessionReadSpeedup), 2)} ms`).join(', ')} of CPU per request across the three, or the database on a host of its own.`;
}

/** What bounds the two throughput targets: the server's own CPU per request, against the need. */
function limitsLines(results) {
  const postgres = results.phases.find((p) => p.kind === 'postgres' && p.endpoints);
  const slots = byKey(postgres, 'slots');
  const booking = byKey(postgres, 'booking');
  if (!slots || !booking) return [];
  const lines = ['What bounds these numbers (PostgreSQL):', ''];
  const slotsNeed = slots.ceilingRequestsPerSecond * TARGETS.slotsCeilingShare;
  lines.push(
    `- Slots: ${fmt(slots.statementsPerRequestUnderLoad, 2)} statements per request under load (the public read cache, docs/decisions/005: a professional's catalog and busy times stay in memory until PostgreSQL notifies a change) and ${fmt(slots.serverCpuMsPerRequest, 2)} ms of server CPU per request, against ${fmt(slots.ceilingCpuMsPerRequest, 3)} ms for the bare route, which parses no query, checks nothing, sends no security headers and computes no slots. ${slots.ratio >= TARGETS.slotsCeilingShare ? `${fmt(TARGETS.slotsCeilingShare * 100)}% of the ceiling is ${fmt(slotsNeed)} req/s: met.` : `${fmt(TARGETS.slotsCeilingShare * 100)}% of the ceiling (${fmt(slotsNeed)} req/s) needs about ${fmt(1000 / slotsNeed, 3)} ms per request; the rest is Fastify's hooks and serialization, and more instances scale it out (docs/product.md, Deployment: stateless instances).`}`,
  );
  const needed = booking.connections / (TARGETS.bookingP95Ms / 1000);
  lines.push(
    `- Create-booking: at ${booking.connections} connections a p95 of ${TARGETS.bookingP95Ms} ms needs roughly ${fmt(needed)} bookings/s (Little's law). One booking sends ${booking.queries} statements (median of 15 sequential bookings; ${describeStatements(booking.statements)}; the mail worker's statements sometimes land inside the request) plus ${booking.background} after it for the worker, and ${fmt(booking.serverCpuMsPerRequest, 2)} ms of server CPU: this process tops out near ${fmt(1000 / booking.serverCpuMsPerRequest)}/s on its core while PostgreSQL and the load generator share the other${machineCpu(booking) ? ` (the whole machine: ${machineCpu(booking)})` : ''}.${leftBehind(booking)} ${booking.p95 <= TARGETS.bookingP95Ms ? 'Met.' : `Beyond that it is queueing. Since 2026-11-25 the two request counters are one statement, the professional's lock rides on the idempotency claim, the rules come with the exceptions and time off in one read, and the client is found or created in one; since 2026-11-26 the Pix sinal settings and the PSP's presence come with the cached catalog (migration 0020 notifies their changes) and the reminder's job and both mails' go in one insert; later that night the appointments, the stored answer, the manage link and both mails' outbox rows became one statement (db/write-batch.ts, decision 008), and in the morning the jobs (pg-boss's own insert, captured) and the booked minutes joined it, and the client found or created joined the claim's statement; since 2026-11-27 the mail worker reads, marks and completes a batch of mails in one statement each (it sent 3 per mail) and the claim and the write go under a name, parsed and planned once per connection (db/prepared.ts, executeNamed), and the rules read and the request counters, which ran unnamed and were built by drizzle on every booking, are built once per process and named (selectShared, executeShared); that evening the claim and the write were built once per shape too (db/prepared.ts Shaped, db/write-batch.ts ShapedWrite: each writer hands a key, a build with placeholders and its values), which took drizzle's building of SQL from 16% of the server's busy time in a V8 profile of a booking run to under 2% and the server's CPU per booking down by a fifth to a third in alternating runs. What is left besides BEGIN, COMMIT and the request counters (which must commit even when the booking fails): the claim under the lock, the rules read after it (on the claim's snapshot, taken before the lock was granted, a day closed a moment before would be missed), and that write. What bounds it is CPU, the server's and PostgreSQL's per booking (the whole machine's above), not round trips: sending BEGIN, the claim and the rules read in one round trip (node-postgres's pipeline mode, tried on 2026-11-27) changed neither process's CPU per booking: the waits, wake-ups and reads of a round trip cost nothing measurable here. Nor do the socket writes: BEGIN with the claim, and the write with COMMIT, each sent in one write (pipeline mode with the socket corked, tried the same day) left the server's CPU per booking where it was or above it, and \`perf\`, which samples CPU time where a V8 profile samples wall time (the \`writev\` a V8 profile showed at 30% was mostly its thread descheduled inside the call while PostgreSQL ran), puts the kernel at 9% of the server's CPU: the server's CPU is its JavaScript, spread over node-postgres, drizzle, Fastify and the booking's own work. PostgreSQL's share per booking (pg_stat_statements, 2026-11-27): the write 1.7 ms of execution under load (the occupied time and its no-overlap index, the foreign keys, the outbox's and the jobs' inserts, none above a third of it), the claim 0.6 ms (most of it the new client with its search index), and the mail worker's fetch, read, mark and completion 0.55 ms; the server's (a V8 profile, 2026-11-27 evening) is spread thin: node-postgres parsing the answers 8.5% of its busy time, Fastify's reply 6%, the mails and their .ics 5%, the offered time checked again 4.7%, zod 3.7%, the mail worker 2.9%, the JSON body 2.4%, libphonenumber 1.8%, garbage collection 2%, none of it a piece whose removal would halve it. What it would take: ${fmt(needed)} bookings/s is at most ${fmt(2000 / needed, 1)} ms of CPU per booking for the three processes on these 2 cores, and the server's one thread alone, at ${fmt(booking.serverCpuMsPerRequest, 2)} ms, tops out near ${fmt(1000 / booking.serverCpuMsPerRequest)}/s: so a database host of its own would not be enough alone. That and a second instance (docs/product.md, Deployment: stateless instances; the two-instance fault test proves bookings stay exact), or a booking that costs both processes about half what it does now.`} ${booking.errors === 0 ? 'Every booking succeeded (no conflict, no error).' : `${booking.errors} bookings failed.`}`,
  );
  const reads = SESSION_READS.map((key) => byKey(postgres, key)).filter(Boolean);
  if (reads.length > 0) {
    const each = reads
      .map(
        (e) =>
          `${e.key} ${e.queries} statements, ${machineCpu(e) ?? `${fmt(e.serverCpuMsPerRequest, 2)} ms of server CPU`} per request (${fmt(e.requestsPerSecond)}/s measured; ${TARGETS.sessionReadSpeedup}× the baseline is ${fmt(SESSION_READ_BASELINE[e.key] * TARGETS.sessionReadSpeedup)}/s)`,
      )
      .join('; ');
    lines.push(
      `- Authenticated reads: one statement checks the session with its user, profile and subscription (prepared once per connection), the read is the other (docs/decisions/015); the reads are built by drizzle once per shape with placeholders and sent as named statements PostgreSQL plans once, each shaped so that its generic plan reads only its answer (docs/decisions/022: the agenda picks its page before joining it, and its page's size and offset are unknown to every plan, since 2026-11-27; until then it was planned each time, 40% of PostgreSQL's CPU over an agenda run, perf), and a search reads only the professional's rows (decision 024, 2026-11-27: the client search read every account's matches): ${each}.${readsBoundLine(reads)}`,
    );
  }
  return lines;
}

function targetsTable(results) {
  const postgres = results.phases.find((p) => p.kind === 'postgres' && p.endpoints);
  const pglite = results.phases.find((p) => p.kind === 'pglite' && p.endpoints);
  const slots = byKey(postgres, 'slots');
  const booking = byKey(postgres, 'booking');
  const page = postgres?.page;
  const js = page?.jsGzipKb ?? postgres?.staticWeight?.jsGzipKb;
  const lines = ['| Target | Measured | |', '| --- | --- | :-: |'];
  if (slots) {
    lines.push(
      `| PostgreSQL slots p95 ≤ ${TARGETS.slotsP95Ms} ms | ${slots.p95} ms | ${mark(slots.p95 <= TARGETS.slotsP95Ms)} |`,
    );
    lines.push(
      `| PostgreSQL slots ≥ ${TARGETS.slotsCeilingShare * 100}% of the ceiling's throughput | ${fmt(slots.ratio * 100)}% (${fmt(slots.requestsPerSecond)} of ${fmt(slots.ceilingRequestsPerSecond)} req/s) | ${mark(slots.ratio >= TARGETS.slotsCeilingShare)} |`,
    );
  }
  if (booking) {
    lines.push(
      `| PostgreSQL create-booking p95 ≤ ${TARGETS.bookingP95Ms} ms at ${booking.connections} connections | ${booking.p95} ms (${booking.errors} errors) | ${mark(booking.p95 <= TARGETS.bookingP95Ms && booking.errors === 0)} |`,
    );
  }
  if (booking) {
    lines.push(
      `| PostgreSQL create-booking ≤ ${TARGETS.bookingStatements} statements | ${booking.queries} | ${mark(booking.queries <= TARGETS.bookingStatements)} |`,
    );
  }
  const pgliteBooking = byKey(pglite, 'booking');
  if (pgliteBooking) {
    lines.push(
      `| PGlite create-booking p99 ≤ ${TARGETS.pgliteBookingP99Ms / 1000} s at ${pgliteBooking.connections} connections | ${fmt(pgliteBooking.p99 / 1000, 2)} s (${pgliteBooking.errors} errors) | ${mark(pgliteBooking.p99 <= TARGETS.pgliteBookingP99Ms && pgliteBooking.errors === 0)} |`,
    );
  }
  if (postgres && pglite) {
    // The request's own statements (the median of 15 sequential requests). Those in the 300 ms
    // after it ("+ N later" in the tables) are not compared: besides a booking's mails they catch
    // whatever the job workers' polls send then, which put "+ 1 later" on an agenda read on one
    // database and not the other in a run of 2026-11-27 (the read sends 2 statements on both).
    const own = (e) => e?.queries;
    const same = postgres.endpoints.every((e) => own(byKey(pglite, e.key)) === own(e));
    const counts = postgres.endpoints.map((e) => `${e.key} ${own(e)}`).join(', ');
    lines.push(
      `| Bounded queries per request (the same count whatever the data size) | ${counts}; ${same ? 'identical' : 'different'} on ${postgres.seed.appointments.toLocaleString('en-US')} and on ${pglite.seed.appointments.toLocaleString('en-US')} appointments | ${mark(same)} |`,
    );
  }
  const reads = SESSION_READS.map((key) => byKey(postgres, key)).filter(Boolean);
  if (reads.length > 0) {
    // The median of 15 sequential requests; a larger count is shown with its statements (a
    // worker's poll can land in one request's window).
    const statements = Math.max(...reads.map((e) => e.queries));
    const most = (e) =>
      e.maxQueries !== e.queries
        ? ` (one of 15 sent ${e.maxQueries}: ${(e.maxStatements ?? []).join(', ') || 'not recorded'})`
        : '';
    lines.push(
      `| PostgreSQL authenticated reads ≤ ${TARGETS.sessionReadStatements} statements per request (median of 15) | ${reads.map((e) => `${e.key} ${e.queries}${most(e)}, ${fmt(e.serverCpuMsPerRequest, 2)} ms CPU`).join('; ')} | ${mark(statements <= TARGETS.sessionReadStatements)} |`,
    );
    const speedups = reads.map((e) => e.requestsPerSecond / SESSION_READ_BASELINE[e.key]);
    lines.push(
      `| PostgreSQL authenticated reads ≥ ${TARGETS.sessionReadSpeedup}× the req/s of 2026-11-21 (${SESSION_READS.map((k) => `${k} ${SESSION_READ_BASELINE[k]}`).join(', ')}) | ${reads.map((e, i) => `${e.key} ${fmt(e.requestsPerSecond)} (${fmt(speedups[i], 1)}×)`).join(', ')} | ${mark(speedups.every((x) => x >= TARGETS.sessionReadSpeedup))} |`,
    );
  }
  const landingJs = postgres?.landingWeight?.jsGzipKb;
  if (landingJs !== undefined) {
    lines.push(
      `| Landing \`/\` JS ≤ ${TARGETS.landingJsGzipKb} KB gzip, no dashboard chunk | ${landingJs} KB (${postgres.landingWeight.files.filter((f) => f.kind === 'js').length} scripts) | ${mark(landingJs <= TARGETS.landingJsGzipKb)} |`,
    );
  }
  if (js !== undefined) {
    lines.push(
      `| Public page JS ≤ ${TARGETS.publicJsGzipKb} KB gzip | ${js} KB | ${mark(js <= TARGETS.publicJsGzipKb)} |`,
    );
  }
  lines.push(...lighthouseTargetRows(results));
  return lines.join('\n');
}

function pageSection(results) {
  const postgres = results.phases.find((p) => p.kind === 'postgres');
  const page = postgres?.page;
  const s = postgres?.staticWeight;
  if (!s) return '## Public booking page weight\n\nNot measured (PostgreSQL phase skipped).';
  const lines = [
    '## Public booking page weight',
    '',
    `Gzip (level 9) sizes of what \`/book/<link>\` makes the browser download, from the web app built as \`npm run build\` builds it (build: ${results.build}).`,
    '',
    '| Measured how | JS gzip | CSS gzip | Files |',
    '| --- | --: | --: | --: |',
    `| Static: scripts, module preloads and CSS named in the page's HTML | ${s.jsGzipKb} KB | ${s.cssGzipKb} KB | ${s.files.length} |`,
  ];
  const landing = postgres?.landingWeight;
  if (landing) {
    lines.push(
      `| Landing \`/\` (prerendered HTML), static: what its HTML names | ${landing.jsGzipKb} KB | ${landing.cssGzipKb} KB | ${landing.files.length} |`,
    );
  }
  if (page && !page.skipped) {
    lines.push(
      `| Loaded in Chromium (lazy chunks included) | ${page.jsGzipKb} KB | ${page.cssGzipKb} KB | ${page.resources.length} |`,
    );
    lines.push(
      '',
      `Chromium on this machine, loopback, no throttling, 390×844: first contentful paint ${page.fcpMs} ms, largest contentful paint ${page.lcpMs} ms, DOMContentLoaded ${page.domContentLoadedMs} ms, load ${page.loadMs} ms.`,
    );
  } else if (page?.skipped) {
    lines.push('', `Chromium measurement skipped: ${page.skipped}.`);
  }
  return lines.join('\n');
}

/** Where a page stands in the tables: a manage page's token changes every run. */
const pageName = (p) => (p.key === 'manage' ? '`/agendamento/<token>`' : `\`${p.path}\``);
const indexes = (p) => (p.benchmarkIndexRuns ?? [p.benchmarkIndex]).join(', ');
/** The machine's CPU idle share in the 2 s before each run (host.mjs); older results have none. */
const idles = (p) =>
  p.hostIdleRuns ? p.hostIdleRuns.map((idle) => `${fmt(idle * 100)}%`).join(', ') : 'not measured';

/** Each measured page's two Lighthouse targets (lighthouse.mjs), for the targets table. */
function lighthouseTargetRows(results) {
  return (results.lighthouse?.pages ?? []).flatMap((p) => [
    `| Lighthouse mobile performance ≥ ${TARGETS.lighthousePerformance} on ${pageName(p)} (median of ${p.performanceRuns.length}; benchmarkIndex ${indexes(p)}; host idle before ${idles(p)}) | ${p.performance} (runs: ${p.performanceRuns.join(', ')}) | ${mark(p.performance >= TARGETS.lighthousePerformance)} |`,
    `| Lighthouse mobile accessibility ${TARGETS.lighthouseAccessibility} on ${pageName(p)} | ${p.accessibility} | ${mark(p.accessibility >= TARGETS.lighthouseAccessibility)} |`,
  ]);
}

function lighthouseSection(results) {
  const lighthouse = results.lighthouse;
  if (!lighthouse?.pages) {
    return `## Lighthouse (mobile)\n\nNot measured: ${lighthouse?.skipped ?? 'no result'}.`;
  }
  const seconds = (ms) => `${fmt(ms / 1000, 2)} s`;
  const rows = lighthouse.pages.map(
    (p) =>
      `| ${pageName(p)} | ${p.performance} (${p.performanceRuns.join(', ')}) | ${indexes(p)} | ${idles(p)} | ${p.accessibility} | ${p.bestPractices} | ${p.seo} | ${seconds(p.fcpMs)} | ${seconds(p.lcpMs)} | ${p.tbtMs} ms | ${fmt(p.cls, 3)} |`,
  );
  const notPassed = lighthouse.pages.map((p) => {
    const categories = [...new Set(p.failing.map((a) => a.category))];
    const parts = categories.map((category) => {
      const audits = p.failing.filter((a) => a.category === category);
      return `${category}: ${audits.map(describeAudit).join(', ')}`;
    });
    return `- ${pageName(p)}: ${parts.length ? parts.join('; ') : 'nothing'}.`;
  });
  const isUncompressed = lighthouse.pages.some((p) =>
    p.failing.some((a) => a.id === 'uses-text-compression'),
  );
  return [
    '## Lighthouse (mobile)',
    '',
    `Lighthouse ${lighthouse.version} in Debian's Chromium, headless, with its default mobile settings: a phone's screen, simulated slow 4G (150 ms round trip, 1.6 Mbps) and a 4× slower CPU. Against the server on a fresh PGlite with the demo professional (\`DEMO_DATA=true\`), on 127.0.0.1; the manage page is that of a booking made on the demo just before. Each page ran ${lighthouse.runs} times, each after waiting (at most a minute) for the machine to be at least 85% idle over 2 s, so that a run does not measure the aftermath of the load phases before it; the run with the median performance score stands for the page (every run's performance in brackets, and how idle the machine was just before each). The JSON reports are in \`.test-reports/lighthouse/\`; \`npm run bench:lighthouse\` runs this part alone in about two minutes.`,
    '',
    '| Page | Performance | benchmarkIndex | Host idle before | Accessibility | Best practices | SEO | FCP | LCP | TBT | CLS |',
    '| --- | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: |',
    ...rows,
    '',
    'What costs points in that run (performance: metrics below 0.9 and the savings Lighthouse estimates; elsewhere: audits below 1):',
    '',
    ...notPassed,
    ...(isUncompressed
      ? [
          '',
          "The server sends scripts and stylesheets uncompressed (`uses-text-compression`): on the simulated 1.6 Mbps link the raw bytes of React and the page's code are most of the time before the first paint. Gzip or Brotli on `/assets/` (files compressed at build time and served by `@fastify/static` with `preCompressed`) is the fix, on the server's side.",
        ]
      : []),
  ].join('\n');
}

function busyNote(results) {
  const loads = results.phases.flatMap((p) => p.endpoints ?? []).map((e) => e.loadAverage ?? 0);
  const worst = Math.max(0, ...loads);
  return worst > 2.5
    ? ` Other jobs shared the machine during this run (1-minute load average up to ${fmt(worst, 1)}, see the Load column): on an idle machine the figures would be higher.`
    : '';
}

const NOTES_START = '<!-- notes: kept by npm run bench -->';
const NOTES_END = '<!-- /notes -->';

/**
 * What was written by hand between the notes markers of the report being replaced (the causes
 * measured apart, what changed since the last run): a run regenerates the tables, not them.
 */
export function keptNotes(previous) {
  const start = previous.indexOf(NOTES_START);
  const end = previous.indexOf(NOTES_END, start);
  if (start < 0 || end < 0) return [];
  return [previous.slice(start, end + NOTES_END.length), ''];
}

export function writeReport(results, file) {
  const previous = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const phases = results.phases.filter((p) => p.endpoints);
  const pglite = results.phases.find((p) => p.kind === 'pglite' && p.endpoints);
  const skipped = results.phases.filter((p) => p.skipped);
  const m = results.machine;
  const sections = [
    '# Benchmarks',
    '',
    `Measured by \`npm run bench\` (scripts/bench/) on ${results.date.slice(0, 10)}: ${m.cores} × ${m.cpu}, ${m.memoryGb} GB, Node ${m.node}. The server, the load generator (autocannon) and the database share these ${m.cores} cores, so the numbers are a floor, not what a dedicated server would do.${busyNote(results)} ${results.settings.duration} s per endpoint after a ${results.settings.warmup} s warm-up; ceiling runs ${results.settings.ceilingDuration} s after ${results.settings.ceilingWarmup ?? 0} s of their own. Whole run: ${Math.round(results.totalSeconds / 60)} min.`,
    '',
    'Work that must not grow with the data (statements per request at 5,000 and 500,000 appointments of the reports, the agenda, the calendar feed, a manage page and the slots with exceptions, days off and blocks; memory of the account export): [benchmarks-scale.md](benchmarks-scale.md), by `npm run bench:scale`. 10,000 reminders falling due in the same minute, taken by two instances: [benchmarks-reminders.md](benchmarks-reminders.md), by `npm run bench:reminders`.',
    '',
    ...keptNotes(previous),
    '## Against the targets',
    '',
    targetsTable(results),
    '',
    ...limitsLines(results),
    '',
    ...phases.flatMap((phase) => [
      `## ${phase.kind === 'postgres' ? `PostgreSQL ${phase.serverVersion ?? ''}` : 'PGlite (embedded)'}`,
      '',
      `Dataset: ${datasetLine(phase)}. Server healthy ${phase.startMs} ms after spawn, ${phase.idleRssMb} MB RSS idle.`,
      '',
      endpointTable(phase),
      '',
      ...profileLines(phase),
    ]),
    ...skipped.map((p) => `${p.kind}: not measured — ${p.skipped}.\n`),
    '- **Ceiling**: a bare Fastify route on the same machine answering JSON of the same size as the endpoint (a POST parses a body of the same size first), same connections; "Of ceiling" is the endpoint\'s throughput as a share of it.',
    '- **Queries/req**: statements sent to the database while one request is served (BEGIN/COMMIT included), median of 15 sequential requests, counted by a preloaded module (`scripts/bench/count-queries.mjs`) without touching the server\'s code; "+ N later" is work the request leaves behind (a booking\'s two mails through the outbox).',
    "- **Statements/req under load**: every statement the server sent during the measured run (the outbox worker's included) divided by the requests answered. Below the sequential count when the public read cache answers (a catalog or a day of busy times read once, then kept until PostgreSQL notifies a change).",
    '- **Server CPU ms/req**: CPU time the server process (Node) spent per answered request during the run; 1000 divided by it is the most one core could serve, whatever the database does.',
    "- **PostgreSQL CPU ms/req**: CPU time every PostgreSQL process on this machine spent per answered request over the same run (backends, the WAL writer, the checkpointer; `/proc`), '—' for PGlite, which runs inside the server process. **Load generator CPU ms/req**: the benchmark's own process (autocannon). The three share the machine's 2 cores: 2000 divided by their sum is the most this machine could serve.",
    "- **Load**: the machine's 1-minute load average when the endpoint's run began; above 2 on these 2 cores, something besides the benchmark was competing for CPU.",
    '- **Errors**: non-2xx answers and socket errors, timeouts (no answer within 10 s) among them. Every booking request takes a different free slot computed while seeding, so a 409 would be an error here.',
    "- **PGlite** runs every statement in turn (one connection, in-process WebAssembly on the server's event loop, which it lets turn between statements so new connections are accepted while statements queue: docs/decisions/021): at 50 simultaneous bookings the requests queue, one booking's transaction after another. It is the zero-setup default for one professional on a laptop; production runs on PostgreSQL (README).",
    '- **Create-booking** requests come from distinct addresses (`X-Forwarded-For` with `TRUST_PROXY=true`), as real visitors do; from one address the booking limits per address and professional (20 requests per 10 min, 12 hours booked per day; docs/decisions/006-booking-rate-limits.md) answer 429.',
    '',
    ...(pglite
      ? [
          '## PGlite cold start',
          '',
          '| Data folder | Spawn → `/api/health` 200 |',
          '| --- | --: |',
          `| Fresh (initdb, migrations) | ${pglite.coldStartFreshMs} ms |`,
          `| Existing (${pglite.seed.appointments.toLocaleString('en-US')} appointments) | ${pglite.coldStartExistingMs} ms |`,
          '',
        ]
      : []),
    pageSection(results),
    '',
    lighthouseSection(results),
    '',
    '## How to reproduce',
    '',
    '```bash',
    'npm install',
    'npm run bench   # builds the web app, seeds, measures, rewrites this file (12–14 min on 2 cores)',
    '```',
    '',
    'PostgreSQL: `BENCH_DATABASE_URL` (default `TEST_DATABASE_URL`, then `postgres://postgres@127.0.0.1:5432/test`); the run creates and drops a database named `agendaki_bench` on that server. Knobs: `BENCH_DURATION` (seconds per endpoint), `BENCH_WARMUP` (seconds of load before each; 15), `BENCH_CEILING_DURATION`, `BENCH_SCALE` (0.1 for a quick run), `BENCH_ONLY=postgres|pglite`, `BENCH_SKIP_BUILD=1`, `BENCH_KEEP_DB=1`, `BENCH_CPU_PROF=<dir>` (a V8 CPU profile of the server per phase, summarized here; it samples wall time), `BENCH_PERF_MAP=1` (names the frames of JavaScript for `perf record -p <server pid>`, which samples CPU time). Raw numbers: `.test-reports/bench-results.json`.',
    '',
    "The dataset is written through the server's own code: the first professional signs up, confirms and signs in through the HTTP API; the others through the same services and repositories (user, credential, profile with its unique link, trial, week, services); clients and appointments in bulk through drizzle and the appointments repository, in transactions, under the same schema, checks and no-overlap constraint. Appointments spread over the past months and the coming 30 days, 4–7 a working day, statuses as a real agenda has them.",
    '',
  ];
  fs.writeFileSync(file, sections.join('\n'));
}
