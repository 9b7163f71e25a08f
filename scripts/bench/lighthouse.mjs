// Lighthouse scores of the public booking page (/book/demo), the landing (/) and a client's manage
// page (/agendamento/<token>, from a booking made on the demo before the runs): mobile, as
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
import { startServer } from './processes.mjs';
import { solvedPow } from './pow.mjs';
import { DIST } from './web.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const CHROMIUM = '/usr/bin/chromium';
const LIGHTHOUSE_CLI = path.join(root, 'node_modules/lighthouse/cli/index.js');
export const LIGHTHOUSE_REPORTS = path.join(root, '.test-reports/lighthouse');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

export const LIGHTHOUSE_PAGES = [
  { key: 'book', label: 'Public booking page', path: '/book/demo' },
  { key: 'landing', label: 'Landing', path: '/' },
  { key: 'manage', label: 'Manage page', path: null },
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

/** One Lighthouse run in a fresh headless Chromium; resolves with the parsed report. */
async function runLighthouse(url, outputPath) {
  const args = [
    LIGHTHOUSE_CLI,
    url,
    `--only-categories=${CATEGORIES.join(',')}`,
    '--output=json',
    `--output-path=${outputPath}`,
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage',
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

const score = (lhr, category) => {
  const value = lhr.categories[category]?.score;
  return typeof value === 'number' ? Math.round(value * 100) : undefined;
};

/**
 * Audits of the report that cost points: below 1 in accessibility, best practices and SEO; in
 * performance, the metrics below 0.9 and the audits Lighthouse says would save metric time.
 */
function notPassed(lhr) {
  const failing = [];
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score === undefined) continue;
      if (['notApplicable', 'manual', 'informative'].includes(audit.scoreDisplayMode)) continue;
      const savings = Object.entries(audit.metricSavings ?? {}).filter(([, ms]) => ms > 0);
      if (category === 'performance') {
        const isSlowMetric = ref.group === 'metrics' && audit.score < 0.9;
        if (!isSlowMetric && (savings.length === 0 || ref.group === 'hidden')) continue;
      } else if (audit.score >= 1) {
        continue;
      }
      failing.push({
        category,
        id: ref.id,
        title: audit.title,
        score: audit.score,
        displayValue: audit.displayValue,
        savings: Object.fromEntries(savings.map(([metric, ms]) => [metric, Math.round(ms)])),
      });
    }
  }
  return failing;
}

function summarize(lhr, reportPath) {
  const metric = (id) => lhr.audits[id]?.numericValue;
  return {
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    bestPractices: score(lhr, 'best-practices'),
    seo: score(lhr, 'seo'),
    fcpMs: Math.round(metric('first-contentful-paint')),
    lcpMs: Math.round(metric('largest-contentful-paint')),
    tbtMs: Math.round(metric('total-blocking-time')),
    cls: Math.round(metric('cumulative-layout-shift') * 1000) / 1000,
    speedIndexMs: Math.round(metric('speed-index')),
    benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? 0),
    warnings: lhr.runWarnings ?? [],
    failing: notPassed(lhr),
    report: path.relative(root, reportPath),
  };
}

/** `runs` Lighthouse runs of one page; the run with the median performance score stands. */
async function measurePage(baseUrl, page, runs, log) {
  const samples = [];
  for (let index = 1; index <= runs; index += 1) {
    const reportPath = path.join(LIGHTHOUSE_REPORTS, `${page.key}-${index}.json`);
    // A run right after a load phase would measure its aftermath (a database still checkpointing
    // or vacuuming, a server still answering queued requests): wait for a quiet machine first.
    const host = await waitForQuietHost();
    // Lighthouse sometimes loses the trace on a loaded machine (NO_NAVSTART): one more try.
    const lhr = await runLighthouse(`${baseUrl}${page.path}`, reportPath).catch((error) => {
      log(`  lighthouse ${page.path} #${index}: ${error.message.split('\n')[0]}; de novo`);
      return runLighthouse(`${baseUrl}${page.path}`, reportPath);
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

/** Lighthouse on each page of the server at `baseUrl`. */
export async function measureLighthouseAt(baseUrl, { log = console.log, runs } = {}) {
  if (!fs.existsSync(CHROMIUM)) return { skipped: `Chromium não encontrado em ${CHROMIUM}` };
  if (!fs.existsSync(LIGHTHOUSE_CLI)) return { skipped: 'lighthouse não instalado (npm install)' };
  const count = runs ?? Number(process.env.LIGHTHOUSE_RUNS ?? 3);
  fs.rmSync(LIGHTHOUSE_REPORTS, { recursive: true, force: true });
  fs.mkdirSync(LIGHTHOUSE_REPORTS, { recursive: true });
  const pages = [];
  for (const page of LIGHTHOUSE_PAGES) {
    const pagePath = page.path ?? (await bookDemo(baseUrl));
    pages.push(await measurePage(baseUrl, { ...page, path: pagePath }, count, log));
  }
  const version = JSON.parse(
    fs.readFileSync(path.join(root, 'node_modules/lighthouse/package.json'), 'utf8'),
  ).version;
  return { version, runs: count, pages };
}

/**
 * Starts the server on a fresh PGlite in `work` with the demo professional, serving `dist`,
 * and runs Lighthouse on each page. Resolves with `{ skipped }` when Chromium is missing.
 */
export async function measureLighthouse({ dist, work, log = console.log, runs }) {
  if (!fs.existsSync(CHROMIUM)) return { skipped: `Chromium não encontrado em ${CHROMIUM}` };
  const server = await startServer({
    env: { DATA_DIR: path.join(work, 'lighthouse-data'), WEB_DIST_DIR: dist, DEMO_DATA: 'true' },
    logPath: path.join(work, 'lighthouse-server.log'),
  });
  try {
    return await measureLighthouseAt(server.url, { log, runs });
  } finally {
    await server.stop();
  }
}

/** "uses-text-compression (Est savings of 265 KiB; FCP −1050 ms, LCP −1200 ms)". */
export function describeAudit(audit) {
  const savings = Object.entries(audit.savings ?? {}).map(([metric, ms]) => `${metric} −${ms} ms`);
  const notes = [audit.displayValue, savings.join(', ')].filter(Boolean).join('; ');
  return notes ? `${audit.id} (${notes})` : audit.id;
}

function printResults(results) {
  if (results.skipped) {
    console.log(`Lighthouse não medido: ${results.skipped}`);
    return;
  }
  console.log(
    `\nLighthouse ${results.version}, mobile; mediana de ${results.runs} execuções (desempenho de cada uma entre colchetes)`,
  );
  for (const page of results.pages) {
    console.log(
      `\n${page.path}  performance ${page.performance} [${page.performanceRuns.join(', ')}] · accessibility ${page.accessibility} · best practices ${page.bestPractices} · SEO ${page.seo}`,
    );
    console.log(
      `  FCP ${page.fcpMs} ms · LCP ${page.lcpMs} ms · TBT ${page.tbtMs} ms · CLS ${page.cls} · Speed Index ${page.speedIndexMs} ms · benchmarkIndex ${page.benchmarkIndexRuns.join(', ')} · host idle before each run ${page.hostIdleRuns.map((idle) => `${Math.round(idle * 100)}%`).join(', ')}`,
    );
    for (const audit of page.failing) console.log(`  - ${audit.category}: ${describeAudit(audit)}`);
    for (const warning of page.warnings) console.log(`  ! ${warning}`);
    console.log(`  relatório: ${page.report}`);
  }
}

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'agendaki-lighthouse-'));
  try {
    // LIGHTHOUSE_URL: a server already running (with the demo professional), nothing built.
    if (process.env.LIGHTHOUSE_URL) {
      const results = await measureLighthouseAt(process.env.LIGHTHOUSE_URL.replace(/\/$/, ''));
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
