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
import { percentile } from './load.mjs';
import { startServer } from './processes.mjs';
import { PG_URL, withClient, withDatabase } from './database.mjs';
import { seedDataset } from './seed.mjs';
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
const SAMPLE_MS = 50;
const BACKGROUND_MS = 10_000;
/** The booking horizon's default (packages/shared/src/booking-rules.ts, horizonDays). */
const HORIZON_DAYS = 60;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'agendaki-bench-scale-'));
const began = Date.now();

const log = (message) =>
  console.log(`[${String(Math.round((Date.now() - began) / 1000)).padStart(4)} s] ${message}`);
const round1 = (n) => Math.round(n * 10) / 10;
const fmtInt = (n) => n.toLocaleString('en-US');

/** Calendar arithmetic on ISO dates (UTC midnight, no zone involved). */
const isoDay = (date) => date.toISOString().slice(0, 10);
const addDays = (iso, days) => isoDay(new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000));

/** The requests whose statements must not grow with the data. */
function defineEndpoints({ cookie, today, feedPath, slotsPath, managePath, schedule }) {
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  const sunday = addDays(today, -weekday);
  const firstOfMonth = `${today.slice(0, 7)}-01`;
  const lastMonthEnd = addDays(firstOfMonth, -1);
  const lastMonthStart = `${lastMonthEnd.slice(0, 7)}-01`;
  const session = { cookie };
  let visitor = 0;
  // Clients and calendar apps come from their own addresses; the public reads are limited per
  // address (the feed to 60 per 10 min).
  const visitorAddress = () => {
    visitor += 1;
    return { 'x-forwarded-for': `203.0.113.${1 + (visitor % 250)}` };
  };
  let slotsDay = 0;
  return [
    {
      key: 'reports',
      label: 'Relatórios `GET /api/reports`',
      path: '/api/reports',
      headers: () => session,
    },
    {
      key: 'csv',
      label: `CSV export of one month \`GET /api/reports/appointments.csv?from=${lastMonthStart}&to=${lastMonthEnd}\``,
      path: `/api/reports/appointments.csv?from=${lastMonthStart}&to=${lastMonthEnd}`,
      headers: () => session,
    },
    {
      key: 'agenda-day',
      label: 'Agenda day view `GET /api/agenda/calendar` (1 day)',
      path: `/api/agenda/calendar?from=${today}&to=${today}`,
      headers: () => session,
    },
    {
      key: 'agenda-week',
      label: 'Agenda week view `GET /api/agenda/calendar` (7 days)',
      path: `/api/agenda/calendar?from=${sunday}&to=${addDays(sunday, 6)}`,
      headers: () => session,
    },
    {
      key: 'feed',
      label: 'Calendar feed `GET /ics/<token>.ics`',
      path: feedPath,
      headers: visitorAddress,
    },
    {
      key: 'manage',
      label: "Client's manage page `GET /api/public/manage/<token>`",
      path: managePath,
      headers: visitorAddress,
    },
    {
      key: 'slots',
      label: `Slots of a day not read before \`GET /api/public/professionals/<link>/slots\`, with ${schedule.exceptions} date exceptions, ${schedule.timeOffDays} days off and ${schedule.blocks} blocks in the booking horizon`,
      // A new day each request: its busy times are not in the public read cache yet (the catalog
      // with the exceptions and days off is, after the first request).
      path: () => {
        slotsDay += 1;
        return slotsPath(addDays(today, 1 + ((slotsDay - 1) % (HORIZON_DAYS - 1))));
      },
      // Each size runs on a freshly started server: the same days, none cached yet.
      reset: () => {
        slotsDay = 0;
      },
      headers: visitorAddress,
    },
  ];
}

/** Zeroes the server's statement counter and waits until it has (one IPC round trip). */
async function resetCount(server) {
  server.resetQueries();
  await server.countQueries();
}

/** `REQUESTS` sequential requests: statements and latency of each. */
async function measureEndpoint(server, endpoint) {
  const target = () => (typeof endpoint.path === 'function' ? endpoint.path() : endpoint.path);
  endpoint.reset?.();
  // Warm-up (the first request compiles code paths and fills connection pools).
  for (let i = 0; i < 3; i += 1) {
    const res = await fetch(`${server.url}${target()}`, { headers: endpoint.headers() });
    const body = await res.arrayBuffer();
    if (res.status !== 200) {
      throw new Error(
        `${endpoint.key}: ${res.status} ${Buffer.from(body).toString().slice(0, 300)}`,
      );
    }
  }
  const counts = [];
  const latencies = [];
  let bytes = 0;
  for (let i = 0; i < REQUESTS; i += 1) {
    const url = `${server.url}${target()}`;
    await resetCount(server);
    const started = performance.now();
    const res = await fetch(url, { headers: endpoint.headers() });
    const body = await res.arrayBuffer();
    latencies.push(performance.now() - started);
    if (res.status !== 200) throw new Error(`${endpoint.key}: ${res.status}`);
    bytes = body.byteLength;
    counts.push(await server.countQueries());
  }
  const sorted = [...latencies].sort((a, b) => a - b);
  const frequency = new Map();
  for (const count of counts) frequency.set(count, (frequency.get(count) ?? 0) + 1);
  const distinct = [...frequency.keys()].sort((a, b) => a - b);
  // The most frequent count (the smallest on a tie): what one request sends. The server's
  // background work (pg-boss workers' polls) sometimes lands inside a request and adds one.
  const mode = distinct.reduce((best, n) => (frequency.get(n) > frequency.get(best) ? n : best));
  return {
    key: endpoint.key,
    label: endpoint.label,
    statements: distinct,
    min: distinct[0],
    mode,
    histogram: Object.fromEntries(frequency),
    p50: round1(percentile(sorted, 50)),
    p95: round1(percentile(sorted, 95)),
    responseBytes: bytes,
  };
}

/** The end-of-central-directory record: how many entries the ZIP says it has. */
function zipEndRecord(file) {
  const buffer = fs.readFileSync(file);
  for (let i = buffer.length - 22; i >= Math.max(0, buffer.length - 65_557); i -= 1) {
    if (buffer.readUInt32LE(i) !== 0x06054b50) continue;
    let entries = buffer.readUInt16LE(i + 10);
    // ZIP64: the count lives in the ZIP64 end record the locator before this one points at.
    if (entries === 0xffff && i >= 20 && buffer.readUInt32LE(i - 20) === 0x07064b50) {
      const zip64 = Number(buffer.readBigUInt64LE(i - 20 + 8));
      if (buffer.readUInt32LE(zip64) === 0x06064b50) {
        entries = Number(buffer.readBigUInt64LE(zip64 + 32));
      }
    }
    return { entries };
  }
  return undefined;
}

/** Downloads the account ZIP while sampling the server's RSS every 50 ms. */
async function measureExport(server, cookie, appointments, expectedLines) {
  // Settle: a few ordinary reads, then a pause, so "idle" is a server that has served.
  for (let i = 0; i < 3; i += 1) {
    await (await fetch(`${server.url}/api/me`, { headers: { cookie } })).arrayBuffer();
  }
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const idleSamples = [];
  for (let i = 0; i < 5; i += 1) {
    idleSamples.push(server.rssMb());
    await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
  }
  const idle = Math.max(...idleSamples);
  let peak = idle;
  let samples = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, server.rssMb());
    samples += 1;
  }, SAMPLE_MS);
  const file = path.join(work, `export-${appointments}.zip`);
  const out = fs.createWriteStream(file);
  const started = performance.now();
  let bytes = 0;
  let status;
  try {
    const res = await fetch(`${server.url}/api/account/export`, { headers: { cookie } });
    status = res.status;
    for await (const chunk of res.body) {
      bytes += chunk.length;
      if (!out.write(chunk)) await new Promise((resolve) => out.once('drain', resolve));
    }
  } finally {
    clearInterval(sampler);
    await new Promise((resolve) => out.end(resolve));
  }
  const seconds = (performance.now() - started) / 1000;
  peak = Math.max(peak, server.rssMb());
  if (status !== 200) throw new Error(`export: ${status}`);

  const end = zipEndRecord(file);
  let listed = [];
  let appointmentLines = -1;
  let appointmentsCsvMb = 0;
  let unzipError;
  try {
    const listing = execFileSync('unzip', ['-l', file], { encoding: 'utf8' });
    listed = listing
      .split('\n')
      .map((line) => /^\s*\d+\s+\S+\s+\S+\s+(.+\.csv)\s*$/.exec(line)?.[1])
      .filter(Boolean);
    const csvName = listed.find((name) => name.startsWith('agendamentos'));
    if (csvName) {
      const text = execFileSync('unzip', ['-p', file, csvName], {
        maxBuffer: 1024 ** 3,
        encoding: 'utf8',
      });
      appointmentsCsvMb = round1(Buffer.byteLength(text) / 1024 ** 2);
      appointmentLines = text.split(/\r?\n/).filter((line) => line.length > 0).length - 1;
    }
  } catch (error) {
    unzipError = String(error.message ?? error).slice(0, 200);
  }
  fs.rmSync(file, { force: true });
  const complete =
    end !== undefined &&
    end.entries === listed.length &&
    listed.length >= 5 &&
    appointmentLines === expectedLines &&
    !unzipError;
  return {
    appointments,
    idleMb: Math.round(idle),
    peakMb: Math.round(peak),
    deltaMb: Math.round(peak - idle),
    samples,
    sizeMb: round1(bytes / 1024 ** 2),
    seconds: round1(seconds),
    entries: end?.entries ?? 0,
    files: listed,
    appointmentLines,
    appointmentsCsvMb,
    complete,
    ...(unzipError ? { unzipError } : {}),
  };
}

/**
 * What a real week adds to the slots (issue 11), through the professional's own API: a date
 * exception every third day of the booking horizon (every fourth of them closed), a week off,
 * and two blocks a day (lunch and a late break; a block over an appointment is refused, 409,
 * and not counted). Before that, a client books a free time on the public page: its manage link.
 */
async function prepareRealWeek(server, { cookie, today, slot }) {
  const api = async (method, path, body, expected) => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: { cookie, 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.9' },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    if (!expected.includes(res.status)) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return { status: res.status, json: text ? JSON.parse(text) : undefined };
  };
  const booked = await api(
    'POST',
    '/api/public/bookings',
    {
      professionalId: slot.profileId,
      serviceIds: [slot.serviceId],
      date: slot.date,
      time: slot.time,
      clientName: 'Cliente Benchmark',
      clientEmail: 'cliente.scale@exemplo.com.br',
      clientPhone: '11 91234-5678',
      notes: null,
      idempotencyKey: crypto.randomUUID(),
    },
    [201],
  );
  const managePath = `/api/public/manage/${new URL(booked.json.manageUrl).pathname.split('/').pop()}`;
  let exceptions = 0;
  for (let day = 2; day < HORIZON_DAYS; day += 3) {
    exceptions += 1;
    const windows = exceptions % 4 === 0 ? [] : [{ startTime: '10:00', endTime: '16:00' }];
    await api(
      'PUT',
      `/api/availability/exceptions/${addDays(today, day)}`,
      { windows, note: 'Horário especial' },
      [200],
    );
  }
  const timeOffDays = 7;
  await api(
    'POST',
    '/api/availability/time-off',
    {
      startDate: addDays(today, 20),
      endDate: addDays(today, 20 + timeOffDays - 1),
      note: 'Férias',
    },
    [201],
  );
  let blocks = 0;
  for (let day = 0; day < HORIZON_DAYS; day += 1) {
    for (const [startTime, endTime] of [
      ['12:00', '13:00'],
      ['17:30', '18:00'],
    ]) {
      const { status } = await api(
        'POST',
        '/api/blocks',
        { date: addDays(today, day), startTime, endTime, note: 'Pausa' },
        [201, 409],
      );
      if (status === 201) blocks += 1;
    }
  }
  return { managePath, schedule: { exceptions, timeOffDays, blocks } };
}

function countAppointments(url, profileId) {
  return withClient(url, async (client) =>
    Number(
      (
        await client.query('SELECT count(*) AS n FROM appointments WHERE professional_id = $1', [
          profileId,
        ])
      ).rows[0].n,
    ),
  );
}

/**
 * Grows the professional's agenda to `target` appointments, back in time before the earliest
 * one, in statements of at most 50,000 rows.
 */
async function growTo(url, profileId, target) {
  await withClient(url, async (client) => {
    const count = async () =>
      Number(
        (
          await client.query('SELECT count(*) AS n FROM appointments WHERE professional_id = $1', [
            profileId,
          ])
        ).rows[0].n,
      );
    let current = await count();
    while (current < target) {
      const rows = Math.min(50_000, target - current);
      await client.query(
        `WITH svc AS (
           SELECT array_agg(id ORDER BY name) AS ids, array_agg(price ORDER BY name) AS prices,
                  array_agg(duration_minutes ORDER BY name) AS durations
           FROM services WHERE professional_id = $1 AND is_active
         ), cli AS (
           SELECT array_agg(id ORDER BY id) AS ids FROM clients WHERE professional_id = $1
         ), base AS (
           SELECT min(appointment_date) - 1 AS day FROM appointments WHERE professional_id = $1
         )
         INSERT INTO appointments
           (professional_id, client_id, service_id, appointment_date, start_time, end_time,
            total_price, status)
         SELECT $1,
                cli.ids[1 + (i * 7919) % cardinality(cli.ids)],
                svc.ids[1 + i % cardinality(svc.ids)],
                base.day - (i / 23),
                make_time(i % 23, 0, 0),
                make_time(i % 23, 0, 0)
                  + make_interval(mins => svc.durations[1 + i % cardinality(svc.ids)]),
                svc.prices[1 + i % cardinality(svc.ids)],
                CASE WHEN i % 10 = 3 THEN 'cancelled' WHEN i % 17 = 5 THEN 'no_show'
                     ELSE 'completed' END
         FROM generate_series(0, $2::int - 1) AS i, svc, cli, base`,
        [profileId, rows],
      );
      current = await count();
      log(`  ${fmtInt(current)} appointments`);
    }
    // Fresh statistics, as autovacuum would have them on an agenda that grew over years.
    await client.query('VACUUM ANALYZE');
  });
}

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
    await growTo(url, profileId, SMALL);

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
          const measured = await measureExport(server, cookie, appointments, stored);
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
            const measured = await measureEndpoint(server, endpoint);
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
    await growTo(url, profileId, EXPORT_SIZE);
    await measureSize(EXPORT_SIZE, { requests: false, exportZip: true });
    log(`growing to ${fmtInt(LARGE)} appointments`);
    const growStarted = Date.now();
    await growTo(url, profileId, LARGE);
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
