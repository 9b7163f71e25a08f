// What a first visit downloads, run after `vite build` (apps/web `npm run build`): for the
// public booking page (book.html), the prerendered landing `/` (landing.html, made by
// scripts/prerender-landing.mjs) and the app (index.html), the JavaScript of the entry
// and of every module it imports statically (the page cannot start without them), and the
// CSS the HTML links, each gzipped as the server's compression would. Chunks loaded later
// with import() (the calendar, the confirmation dialog) are not counted.
// The booking page must stay within its limit (issue 17: 70 KB gzip on a cheap phone), the
// landing within 15 KB (issue 17: the dashboard bundle is not loaded on `/`); over either, this
// script exits 1 and so does the build.
//
//   node scripts/report-bundle-size.mjs [distDir]   (default: apps/web/dist)
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const KB = 1024;
const BOOKING_JS_LIMIT_KB = 70;
const LANDING_JS_LIMIT_KB = 15;

const distDir = path.resolve(
  process.argv[2] ?? path.join(import.meta.dirname, '..', 'apps', 'web', 'dist'),
);

/** "/assets/x.js" in the HTML, or "./x.js" inside a chunk, as a path inside distDir. */
function resolveAsset(reference, fromFile) {
  const clean = reference.split(/[?#]/)[0];
  return clean.startsWith('/')
    ? path.join(distDir, clean)
    : path.resolve(path.dirname(fromFile), clean);
}

function attribute(tag, name) {
  return new RegExp(`\\s${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1];
}

/** The scripts, module preloads and style sheets an HTML page references. */
function readHtmlAssets(htmlPath) {
  const html = fs.readFileSync(htmlPath, 'utf8');
  const scripts = [];
  const styles = [];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attribute(tag, 'src');
    if (src && /type\s*=\s*["']module["']/i.test(tag)) scripts.push(resolveAsset(src, htmlPath));
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = attribute(tag, 'rel')?.toLowerCase();
    const href = attribute(tag, 'href');
    if (!href) continue;
    if (rel === 'modulepreload') scripts.push(resolveAsset(href, htmlPath));
    if (rel === 'stylesheet') styles.push(resolveAsset(href, htmlPath));
  }
  return { scripts, styles };
}

/**
 * Static imports of a built chunk (`import{a as b}from"./x.js"`, `import"./x.js"`,
 * `export{…}from"./x.js"`); `import("./x.js")` is a later download and does not match.
 */
function staticImports(file, code) {
  const found = [];
  for (const match of code.matchAll(
    /(?:\bimport|\bexport)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+)["']/g,
  )) {
    const specifier = match[1];
    if (specifier.startsWith('.') || specifier.startsWith('/')) {
      found.push(resolveAsset(specifier, file));
    }
  }
  return found;
}

/** Every JS file reachable from `entries` through static imports, each counted once. */
function collectScripts(entries) {
  const seen = new Set();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.shift();
    if (seen.has(file)) continue;
    if (!fs.existsSync(file)) throw new Error(`arquivo referenciado não existe: ${file}`);
    seen.add(file);
    queue.push(...staticImports(file, fs.readFileSync(file, 'utf8')));
  }
  return [...seen];
}

function gzipBytes(files) {
  return files.reduce(
    (total, file) => total + gzipSync(fs.readFileSync(file), { level: 9 }).length,
    0,
  );
}

const formatKb = (bytes) =>
  (bytes / KB).toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

function measurePage(htmlName) {
  const htmlPath = path.join(distDir, htmlName);
  if (!fs.existsSync(htmlPath)) return undefined;
  const { scripts, styles } = readHtmlAssets(htmlPath);
  const files = collectScripts(scripts);
  return {
    jsBytes: gzipBytes(files),
    cssBytes: gzipBytes([...new Set(styles)]),
    files: files.map((file) => path.relative(distDir, file)),
  };
}

/** docs/decisions/014: the day and week views and Relatórios may add 60 KB gzip of JS. */
const CALENDAR_AND_REPORTS_LIMIT_KB = 60;
const ADDED_CHUNKS = [/^agenda-calendar-page-.*\.js$/, /^reports-.*\.js$/];
/** What a signed-in professional has already downloaded: the entry and the Agenda's list. */
const EXISTING_CHUNKS = [/^appointments-.*\.js$/, /^home-.*\.js$/];

/**
 * The JavaScript the grid views and Relatórios add (their lazy chunks and what only they
 * import, not the entry nor the Agenda's list), and their CSS, gzipped.
 */
function measureAdditions() {
  const assets = path.join(distDir, 'assets');
  if (!fs.existsSync(assets)) return undefined;
  const names = fs.readdirSync(assets);
  const pick = (patterns) =>
    names
      .filter((name) => patterns.some((p) => p.test(name)))
      .map((name) => path.join(assets, name));
  const added = pick(ADDED_CHUNKS);
  if (added.length === 0) return undefined;
  const index = readHtmlAssets(path.join(distDir, 'index.html'));
  const existing = new Set(collectScripts([...index.scripts, ...pick(EXISTING_CHUNKS)]));
  const files = collectScripts(added).filter((file) => !existing.has(file));
  const css = names
    .filter((name) => /^(reports|agenda-calendar-page|chart-card|bar-chart)-.*\.css$/.test(name))
    .map((name) => path.join(assets, name));
  return { jsBytes: gzipBytes(files), cssBytes: gzipBytes(css), files };
}

/** Issue 48: the Agenda's first visit, JavaScript and CSS (bench:lighthouse weighs the real one). */
const AGENDA_FIRST_VISIT_LIMIT_KB = 140;
/** The dashboard's frame, the Agenda's route and its first view (the day's calendar). */
const AGENDA_CHUNKS = [
  /^dashboard-layout-[\w-]{8}\.js$/,
  /^appointments-[\w-]{8}\.js$/,
  /^agenda-calendar-page-[\w-]{8}\.js$/,
];

function measureAgendaFirstVisit() {
  const index = readHtmlAssets(path.join(distDir, 'index.html'));
  const assets = path.join(distDir, 'assets');
  const chunks = fs
    .readdirSync(assets)
    .filter((name) => AGENDA_CHUNKS.some((pattern) => pattern.test(name)))
    .map((name) => path.join(assets, name));
  return gzipBytes(collectScripts([...index.scripts, ...chunks])) + gzipBytes(index.styles);
}

/**
 * The public pages' first visit builds no Intl formatter: a fresh tab's first one loads the
 * locale's data, 35–96 ms of its main thread here, and those pages format while they hydrate
 * (docs/decisions/023; packages/shared/src/format.ts writes money and dates out). The manage
 * page's chunk counts: it is what `/agendamento/<token>` draws first.
 */
function findIntlOnFirstVisit(booking) {
  const assets = path.join(distDir, 'assets');
  const managePage = fs
    .readdirSync(assets)
    .filter((name) => /^manage-page-.*\.js$/.test(name))
    .map((name) => path.join(assets, name));
  const files = collectScripts([
    ...booking.files.map((file) => path.join(distDir, file)),
    ...managePage,
  ]);
  return files
    .filter((file) =>
      /\bIntl\.[A-Z]|\.toLocale(?:String|DateString|TimeString)\(/.test(
        fs.readFileSync(file, 'utf8'),
      ),
    )
    .map((file) => path.relative(distDir, file));
}

function main() {
  const booking = measurePage('book.html');
  if (!booking) {
    console.error(`book.html não encontrado em ${distDir}: a build gerou a página pública?`);
    return 1;
  }
  const landing = measurePage('landing.html');
  if (!landing) {
    console.error(`landing.html não encontrado em ${distDir}: a build pré-renderizou a landing?`);
    return 1;
  }
  const app = measurePage('index.html');
  const isOver = booking.jsBytes > BOOKING_JS_LIMIT_KB * KB;
  const isLandingOver = landing.jsBytes > LANDING_JS_LIMIT_KB * KB;
  console.log(
    `Página pública: JS ${formatKb(booking.jsBytes)} KB gzip (limite ${BOOKING_JS_LIMIT_KB} KB), ` +
      `CSS ${formatKb(booking.cssBytes)} KB gzip, ${booking.files.length} arquivos JS na primeira visita`,
  );
  console.log(
    `Landing (landing.html): JS ${formatKb(landing.jsBytes)} KB gzip (limite ${LANDING_JS_LIMIT_KB} KB), ` +
      `CSS ${formatKb(landing.cssBytes)} KB gzip, ${landing.files.length} arquivos JS na primeira visita`,
  );
  if (app) {
    console.log(
      `Painel e login (index.html): JS ${formatKb(app.jsBytes)} KB gzip, ` +
        `CSS ${formatKb(app.cssBytes)} KB gzip`,
    );
    const agendaBytes = measureAgendaFirstVisit();
    console.log(
      `Agenda, primeira visita: JS e CSS ${formatKb(agendaBytes)} KB gzip ` +
        `(limite ${AGENDA_FIRST_VISIT_LIMIT_KB} KB)`,
    );
    if (agendaBytes > AGENDA_FIRST_VISIT_LIMIT_KB * KB) {
      console.error(
        `A primeira visita da Agenda passou de ${AGENDA_FIRST_VISIT_LIMIT_KB} KB gzip: veja os ` +
          'imports estáticos de dashboard-layout e da rota da Agenda (zod, Radix, date-fns).',
      );
      return 1;
    }
  }
  const additions = measureAdditions();
  if (additions) {
    console.log(
      `Agenda em dia/semana e Relatórios: JS ${formatKb(additions.jsBytes)} KB gzip ` +
        `(limite ${CALENDAR_AND_REPORTS_LIMIT_KB} KB), CSS ${formatKb(additions.cssBytes)} KB gzip`,
    );
    if (additions.jsBytes > CALENDAR_AND_REPORTS_LIMIT_KB * KB) {
      console.error(
        `A agenda em calendário e os Relatórios passaram de ${CALENDAR_AND_REPORTS_LIMIT_KB} KB gzip de JavaScript.`,
      );
      return 1;
    }
  }
  if (process.env.BUNDLE_REPORT_VERBOSE) {
    for (const file of [...booking.files, ...landing.files]) console.log(`  ${file}`);
  }
  if (isOver) {
    console.error(
      `A página pública passou do limite de ${BOOKING_JS_LIMIT_KB} KB gzip de JavaScript: ` +
        'veja o que entrou nos imports estáticos de src/book-main.tsx.',
    );
    return 1;
  }
  const withIntl = findIntlOnFirstVisit(booking);
  if (withIntl.length > 0) {
    console.error(
      `A primeira visita da página pública cria formatadores Intl (${withIntl.join(', ')}): ` +
        'use formatCurrencyFromCents, formatWeekday e formatLongIsoDate de @agendaki/shared.',
    );
    return 1;
  }
  if (isLandingOver) {
    console.error(
      `A landing passou do limite de ${LANDING_JS_LIMIT_KB} KB gzip de JavaScript: ` +
        'veja os scripts de dist/landing.html (scripts/prerender-landing.mjs).',
    );
    return 1;
  }
  return 0;
}

process.exitCode = main();
