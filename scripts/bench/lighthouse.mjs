// Lighthouse scores of the public booking page (/book/demo), the landing (/), a client's manage
// page (/agendamento/<token>, from a booking made on the demo before the runs) and, signed in as a
// professional with a week of appointments (signed-in.mjs), /dashboard and /dashboard/appointments
// (issue 48: performance ≥ 90 there, ≥ 95 on the public pages): mobile, as
// Lighthouse emulates it by default (Moto G Power screen, slow 4G and 4× CPU, simulated),
// headless in Debian's Chromium, against the real server on a fresh PGlite with the demo
// professional (DEMO_DATA=true). Each page runs LIGHTHOUSE_RUNS times (default 3) and the run
// with the median performance score stands for the page: this machine is shared, and one run's
// performance moves by several points. Every JSON report goes to .test-reports/lighthouse/.
//
// Part of `npm run bench` (run.mjs), and alone: `npm run bench:lighthouse` builds the web app
// into a temporary folder (BENCH_SKIP_BUILD=1: a copy of apps/web/dist), runs both pages and
// prints the scores with every audit that is not passed; LIGHTHOUSE_URL=http://127.0.0.1:PORT
// measures a server already running instead (it must have the demo professional).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { run } from '../lib.mjs';
import { waitForQuietHost } from './host.mjs';
import { measureAgendaWeight } from './dashboard-weight.mjs';
import { CATEGORIES, printResults, summarize } from './lighthouse-audits.mjs';
import { freePort, startServer } from './processes.mjs';
import { solvedPow } from './pow.mjs';
import { launchSignedInChromium, signInProfessional } from './signed-in.mjs';
import { DIST } from './web.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const CHROMIUM = '/usr/bin/chromium';
const LIGHTHOUSE_CLI = path.join(root, 'node_modules/lighthouse/cli/index.js');
export const LIGHTHOUSE_REPORTS = path.join(root, '.test-reports/lighthouse');

export const LIGHTHOUSE_PAGES = [
  { key: 'book', label: 'Public booking page', path: '/book/demo', target: 95 },
  { key: 'landing', label: 'Landing', path: '/', target: 95 },
  { key: 'manage', label: 'Manage page', path: null, target: 95 },
  { key: 'dashboard', label: 'Home, signed in', path: '/dashboard', target: 90, signedIn: true },
  {
    key: 'agenda',
    label: 'Agenda, signed in',
    path: '/dashboard/appointments',
    target: 90,
    signedIn: true,
  },
];

/**
 * Books the demo professional's first free time in the next two weeks through the public API, as
 * a client's phone does, and answers the manage page's path from the booking's answer.
 */
async function bookDemo(baseUrl) {
  const json = async (response) => {
    if (!response.ok)
      throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const demo = await json(await fetch(`${baseUrl}/api/public/professionals/demo`));
  const serviceId = demo.services[0].id;
  for (let day = 1; day <= 14; day += 1) {
    const date = new Date(`${demo.today}T12:00:00Z`);
    date.setUTCDate(date.getUTCDate() + day);
    const iso = date.toISOString().slice(0, 10);
    const { slots } = await json(
      await fetch(
        `${baseUrl}/api/public/professionals/demo/slots?date=${iso}&serviceIds=${serviceId}`,
      ),
    );
    if (slots.length === 0) continue;
    const booked = await json(
      await fetch(`${baseUrl}/api/public/bookings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: baseUrl },
        body: JSON.stringify({
          professionalId: demo.profile.id,
          serviceIds: [serviceId],
          date: iso,
          time: slots[0],
          clientName: 'Cliente Lighthouse',
          clientEmail: 'cliente.lighthouse@exemplo.com.br',
          clientPhone: '11 91234-5678',
          notes: null,
          idempotencyKey: crypto.randomUUID(),
          pow: await solvedPow(baseUrl),
        }),
      }),
    );
    return new URL(booked.manageUrl).pathname;
  }
  throw new Error('a demonstração não tem horário livre nas próximas duas semanas');
}

/**
 * One Lighthouse run in a fresh headless Chromium (or the one listening on `port`, which holds
 * a session); resolves with the parsed report.
 */
async function runLighthouse(url, outputPath, port) {
  const args = [
    LIGHTHOUSE_CLI,
    url,
    `--only-categories=${CATEGORIES.join(',')}`,
    '--output=json',
    `--output-path=${outputPath}`,
    port
      ? `--port=${port}`
      : '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage',
    '--quiet',
  ];
  const stderr = [];
  const code = await new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      env: { ...process.env, CHROME_PATH: CHROMIUM },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr.on('data', (chunk) => stderr.push(chunk));
    child.on('exit', (exitCode) => resolve(exitCode ?? 1));
    child.on('error', () => resolve(127));
  });
  if (code !== 0 || !fs.existsSync(outputPath)) {
    throw new Error(`o Lighthouse falhou em ${url}: ${Buffer.concat(stderr).toString().trim()}`);
  }
  const lhr = JSON.parse(fs.readFileSync(outputPath, 'utf8'));
  if (lhr.runtimeError) throw new Error(`Lighthouse em ${url}: ${lhr.runtimeError.message}`);
  return lhr;
}

/**
 * A run signed in: a fresh Chromium profile with the session's cookies (Lighthouse resets the
 * caches and service workers, never cookies), so the app's own requests carry the session.
 */
async function runSignedIn(url, reportPath, session) {
  const port = await freePort();
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agendaki-lighthouse-profile-'));
  const browser = await launchSignedInChromium({ ...session, port, userDataDir });
  try {
    return await runLighthouse(url, reportPath, port);
  } finally {
    await browser.close();
    fs.rmSync(userDataDir, { recursive: true, force: true });
  }
}

/** `runs` Lighthouse runs of one page; the run with the median performance score stands. */
async function measurePage(baseUrl, page, runs, log, session) {
  const once = (reportPath) =>
    page.signedIn
      ? runSignedIn(`${baseUrl}${page.path}`, reportPath, { ...session, baseUrl })
      : runLighthouse(`${baseUrl}${page.path}`, reportPath);
  const samples = [];
  for (let index = 1; index <= runs; index += 1) {
    const reportPath = path.join(LIGHTHOUSE_REPORTS, `${page.key}-${index}.json`);
    // A run right after a load phase would measure its aftermath (a database still checkpointing
    // or vacuuming, a server still answering queued requests): wait for a quiet machine first.
    const host = await waitForQuietHost();
    // Lighthouse sometimes loses the trace on a loaded machine (NO_NAVSTART): one more try.
    const lhr = await once(reportPath).catch((error) => {
      log(`  lighthouse ${page.path} #${index}: ${error.message.split('\n')[0]}; de novo`);
      return once(reportPath);
    });
    samples.push({ ...summarize(lhr, reportPath), hostIdle: host.idleShare });
    const last = samples.at(-1);
    log(
      `  lighthouse ${page.path} #${index}: performance ${last.performance}, accessibility ${last.accessibility}, LCP ${last.lcpMs} ms, TBT ${last.tbtMs} ms, benchmarkIndex ${last.benchmarkIndex}, host ${Math.round(host.idleShare * 100)}% idle before (waited ${Math.round(host.waitedMs / 1000)} s)`,
    );
  }
  const ordered = [...samples].sort((a, b) => a.performance - b.performance);
  const median = ordered[Math.floor((ordered.length - 1) / 2)];
  return {
    ...page,
    ...median,
    performanceRuns: samples.map((sample) => sample.performance),
    benchmarkIndexRuns: samples.map((sample) => sample.benchmarkIndex),
    hostIdleRuns: samples.map((sample) => sample.hostIdle),
  };
}

/**
 * Lighthouse on each page of the server at `baseUrl`; the signed-in pages need the server's log
 * (`serverLog`, level info) to confirm the professional's account, and are left out without it.
 */
export async function measureLighthouseAt(
  baseUrl,
  { log = console.log, runs, serverLog, distDir = DIST } = {},
) {
  if (!fs.existsSync(CHROMIUM)) return { skipped: `Chromium não encontrado em ${CHROMIUM}` };
  if (!fs.existsSync(LIGHTHOUSE_CLI)) return { skipped: 'lighthouse não instalado (npm install)' };
  const count = runs ?? Number(process.env.LIGHTHOUSE_RUNS ?? 3);
  fs.rmSync(LIGHTHOUSE_REPORTS, { recursive: true, force: true });
  fs.mkdirSync(LIGHTHOUSE_REPORTS, { recursive: true });
  const pages = [];
  // LIGHTHOUSE_ONLY=dashboard,agenda,weight: those alone (keys of LIGHTHOUSE_PAGES; weight:
  // the Agenda's first and repeat visit, dashboard-weight.mjs).
  const only = process.env.LIGHTHOUSE_ONLY?.split(',');
  const chosen = LIGHTHOUSE_PAGES.filter((page) => !only || only.includes(page.key));
  const wantsWeight = !only || only.includes('weight');
  const session =
    serverLog && (wantsWeight || chosen.some((page) => page.signedIn))
      ? await signInProfessional(baseUrl, serverLog)
      : undefined;
  const agendaWeight =
    session && wantsWeight ? await measureAgendaWeight(baseUrl, session, distDir) : undefined;
  for (const page of chosen) {
    if (page.signedIn && !session) continue;
    const pagePath = page.path ?? (await bookDemo(baseUrl));
    pages.push(await measurePage(baseUrl, { ...page, path: pagePath }, count, log, session));
  }
  const version = JSON.parse(
    fs.readFileSync(path.join(root, 'node_modules/lighthouse/package.json'), 'utf8'),
  ).version;
  return { version, runs: count, pages, agendaWeight };
}

/**
 * Starts the server on a fresh PGlite in `work` with the demo professional, serving `dist`,
 * and runs Lighthouse on each page. Resolves with `{ skipped }` when Chromium is missing.
 */
export async function measureLighthouse({ dist, work, log = console.log, runs }) {
  if (!fs.existsSync(CHROMIUM)) return { skipped: `Chromium não encontrado em ${CHROMIUM}` };
  const serverLog = path.join(work, 'lighthouse-server.log');
  const server = await startServer({
    env: {
      DATA_DIR: path.join(work, 'lighthouse-data'),
      WEB_DIST_DIR: dist,
      DEMO_DATA: 'true',
      // The mails' links (the sign-up's confirmation) are logged at level info.
      LOG_LEVEL: 'info',
    },
    logPath: serverLog,
  });
  try {
    return await measureLighthouseAt(server.url, { log, runs, serverLog, distDir: dist });
  } finally {
    await server.stop();
  }
}

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'agendaki-lighthouse-'));
  try {
    // LIGHTHOUSE_URL: a server already running (with the demo professional), nothing built.
    // LIGHTHOUSE_SERVER_LOG: its log at level info, for the signed-in pages.
    if (process.env.LIGHTHOUSE_URL) {
      const results = await measureLighthouseAt(process.env.LIGHTHOUSE_URL.replace(/\/$/, ''), {
        serverLog: process.env.LIGHTHOUSE_SERVER_LOG,
      });
      printResults(results);
      return;
    }
    const dist = path.join(work, 'dist');
    if (process.env.BENCH_SKIP_BUILD) {
      if (!fs.existsSync(path.join(DIST, 'index.html')))
        throw new Error('apps/web/dist não existe: rode npm run build');
      fs.cpSync(DIST, dist, { recursive: true });
    } else {
      // A private build: a rebuild of apps/web/dist by someone else cannot change what is measured.
      const code = await run(process.execPath, ['scripts/build-web.mjs', dist], { cwd: root });
      if (code !== 0) throw new Error('a build do app web falhou');
    }
    const results = await measureLighthouse({ dist, work });
    fs.mkdirSync(LIGHTHOUSE_REPORTS, { recursive: true });
    fs.writeFileSync(
      path.join(LIGHTHOUSE_REPORTS, 'summary.json'),
      JSON.stringify(results, null, 2),
    );
    printResults(results);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
