// Mutation check of the attack, concurrency and fault tests (`npm run test:mutations`; not part
// of `npm test`). Issue 7: those tests must pass, and must FAIL when the protection they test is
// removed. Each mutation (listed in scripts/mutations/*.mjs, one file per area; the tests they
// expect to fail in scripts/mutations/_tests.mjs) removes one protection with a small edit,
// runs the one test file meant to notice, expects it to fail, and restores the file (always:
// also on errors and Ctrl-C). Ends with a table and exits non-zero when a mutation was missed,
// a find text is no longer found exactly once (scripts/mutations/_match.mjs: by its words and
// symbols in order, whatever the layout), a mutated file no longer typechecks, or a test
// does not pass without its mutation (baseline).
//
//   npm run test:mutations                       every mutation (~11 min; ~8 with TEST_DATABASE_URL)
//   npm run test:mutations -- --only=csrf,pool   mutations whose name contains a word
//   npm run test:mutations -- --list             the mutations, nothing run
//   npm run test:mutations -- --no-baseline      skip the unmutated runs of each test
//   npm run test:mutations -- --check            only check that each mutation applies and compiles
//   npm run test:mutations -- --verbose          stream the test output (default: a log file)
//
// Server tests run on what TEST_DATABASE_URL says (PGlite when unset); the PostgreSQL-only fault
// tests always run on PostgreSQL: TEST_DATABASE_URL, else CI_POSTGRES_URL, else the local one.
// Logs: .test-reports/mutations/<mutation>.log. If this process is killed with SIGKILL, a file
// may stay mutated: `git checkout -- <file>` restores it (the script refuses to start on
// changed files, so HEAD is the original).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { locate, replaceOnce } from './mutations/_match.mjs';

const root = path.resolve(import.meta.dirname, '..');
const reportsDir = path.join(root, '.test-reports', 'mutations');
const vitestBin = path.join(root, 'node_modules', '.bin', 'vitest');
const POSTGRES_URL =
  process.env.TEST_DATABASE_URL ||
  process.env.CI_POSTGRES_URL ||
  'postgres://postgres@127.0.0.1:5432/test';
/** A safety net only: vitest's own timeouts end a stuck test long before. */
const RUN_TIMEOUT_MS = 15 * 60_000;

// ------------------------------------------------------------------ the tests

// ------------------------------------------------------------------ the mutations

/**
 * Each list file's default export: `{ name, protection, file, find, replace, test, also? }`.
 * `find` must be found exactly once in `file` (by _match.mjs); it is replaced by `replace`. Each
 * mutation is the protection removed the way a careless change would remove it, and still
 * typechecks. A protection held in two layers lists the second in `also` (same shape): one
 * layer alone removed proves nothing while the other holds.
 */
const listDir = path.join(import.meta.dirname, 'mutations');
const MUTATIONS = [];
for (const name of fs.readdirSync(listDir).sort()) {
  if (!name.endsWith('.mjs') || name.startsWith('_')) continue;
  const list = (await import(pathToFileURL(path.join(listDir, name)).href)).default;
  MUTATIONS.push(...list.map((mutation) => ({ ...mutation, list: name })));
}
const names = MUTATIONS.map((m) => m.name);
const twice = names.find((name, index) => names.indexOf(name) !== index);
if (twice) {
  console.error(`Duas mutações com o nome ${twice}: os nomes são a chave de --only e dos logs.`);
  process.exit(1);
}

// ------------------------------------------------------------------ arguments

const args = process.argv.slice(2);
const flag = (name) => args.includes(`--${name}`);
const only = args
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',')
  .filter(Boolean);
const selected = only ? MUTATIONS.filter((m) => only.some((w) => m.name.includes(w))) : MUTATIONS;
const isVerbose = flag('verbose');
const isCheckOnly = flag('check');

const testLabel = (test) =>
  `${path.relative('apps/server/test', test.file)}${test.postgres ? ' [postgres]' : ''}`;

if (flag('list')) {
  for (const m of selected)
    console.log(`${m.name.padEnd(44)} ${testLabel(m.test).padEnd(36)} ${m.protection}`);
  process.exit(0);
}
if (selected.length === 0) {
  console.error(`Nenhuma mutação corresponde a --only=${only?.join(',')}.`);
  process.exit(1);
}

// ------------------------------------------------------------------ restoring, always

/** The files currently mutated and their original texts; written back on every way out. */
let active = [];
/** The running test's process group, ended on Ctrl-C. */
let child;

function restore() {
  for (const { abs, original } of active) fs.writeFileSync(abs, original);
  active = [];
}

function killChild(signal) {
  if (!child || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

/** Set by Ctrl-C (or SIGTERM): the file is restored, the running test ended, nothing more runs. */
let isStopping = false;

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    restore();
    if (isStopping) return;
    isStopping = true;
    console.error(`\n${signal}: arquivo restaurado; encerrando.`);
    if (!child) process.exit(130);
    killChild('SIGTERM');
    setTimeout(() => {
      killChild('SIGKILL');
      process.exit(130);
    }, 5_000).unref();
  });
}
process.on('exit', restore);
process.on('uncaughtException', (error) => {
  restore();
  killChild('SIGKILL');
  console.error(error);
  process.exit(1);
});

// ------------------------------------------------------------------ checks before starting

const files = [
  ...new Set(selected.flatMap((m) => [m, ...(m.also ?? [])].map((edit) => edit.file))),
].filter((file) => fs.existsSync(path.join(root, file)));
const dirty = spawnSync('git', ['status', '--porcelain', '--', ...files], {
  cwd: root,
  encoding: 'utf8',
});
if (dirty.status !== 0) {
  console.error(`git status falhou:\n${dirty.stderr}`);
  process.exit(1);
}
if (dirty.stdout.trim()) {
  console.error(
    'Recusado: arquivos que as mutações editam têm alterações não commitadas:\n' +
      `${dirty.stdout}Faça commit, stash ou restaure-os antes (a restauração volta ao texto lido).`,
  );
  process.exit(1);
}
for (const test of new Set(selected.map((m) => m.test))) {
  if (!fs.existsSync(path.join(root, test.file))) {
    console.error(`Teste não encontrado: ${test.file}`);
    process.exit(1);
  }
}

// ------------------------------------------------------------------ typecheck of a mutated file

/**
 * The TypeScript diagnostics of one file, in a program over its tsconfig. Programs are reused
 * (only the changed file is parsed again) and only that file is checked, so a mutation costs
 * about a second after the first.
 */
const programs = new Map();
function diagnosticsOf(abs) {
  const configPath = ts.findConfigFile(path.dirname(abs), ts.sys.fileExists);
  if (!configPath) return [];
  let entry = programs.get(configPath);
  if (!entry) {
    const parsed = ts.getParsedCommandLineOfConfigFile(
      configPath,
      {},
      {
        ...ts.sys,
        onUnRecoverableConfigFileDiagnostic: () => {},
      },
    );
    const host = ts.createCompilerHost(parsed.options, true);
    const cache = new Map();
    host.getSourceFile = (fileName, languageVersion) => {
      const text = ts.sys.readFile(fileName);
      if (text === undefined) return undefined;
      const hit = cache.get(fileName);
      if (hit && hit.text === text) return hit.sourceFile;
      const sourceFile = ts.createSourceFile(fileName, text, languageVersion, true);
      cache.set(fileName, { text, sourceFile });
      return sourceFile;
    };
    entry = { parsed, host, program: undefined };
    programs.set(configPath, entry);
  }
  entry.program = ts.createProgram({
    rootNames: entry.parsed.fileNames,
    options: entry.parsed.options,
    host: entry.host,
    oldProgram: entry.program,
  });
  const sourceFile = entry.program.getSourceFile(abs);
  if (!sourceFile) return [];
  return [
    ...entry.program.getSyntacticDiagnostics(sourceFile),
    ...entry.program.getSemanticDiagnostics(sourceFile),
  ].map((d) => {
    const { line } = d.file?.getLineAndCharacterOfPosition(d.start ?? 0) ?? { line: -1 };
    return `${path.relative(root, abs)}:${line + 1} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
}

// ------------------------------------------------------------------ running one test

function slug(text) {
  return text.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '');
}

/** Runs a test file; resolves with its exit code and what vitest's JSON report says. */
function runTest(test, logName) {
  fs.mkdirSync(reportsDir, { recursive: true });
  const jsonPath = path.join(reportsDir, `${logName}.json`);
  const logPath = path.join(reportsDir, `${logName}.log`);
  fs.rmSync(jsonPath, { force: true });
  const config =
    test.kind === 'fault' ? ['-c', 'apps/server/vitest.faults.config.ts'] : ['--project', 'server'];
  const argv = [
    'run',
    ...config,
    test.file,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${jsonPath}`,
  ];
  const env = { ...process.env };
  if (test.postgres) env.TEST_DATABASE_URL = POSTGRES_URL;
  if (!isVerbose) Object.assign(env, { NO_COLOR: '1', FORCE_COLOR: '0' });
  const log = isVerbose ? undefined : fs.openSync(logPath, 'w');
  const started = Date.now();
  return new Promise((resolve) => {
    // Its own process group, so Ctrl-C or a timeout also ends the servers a fault test started.
    child = spawn(vitestBin, argv, {
      cwd: root,
      env,
      detached: true,
      stdio: isVerbose ? 'inherit' : ['ignore', log, log],
    });
    const timer = setTimeout(() => killChild('SIGKILL'), RUN_TIMEOUT_MS);
    const finish = (code) => {
      clearTimeout(timer);
      if (isStopping) {
        restore();
        process.exit(130);
      }
      if (log !== undefined) fs.closeSync(log);
      child = undefined;
      let report;
      try {
        report = JSON.parse(fs.readFileSync(jsonPath, 'utf8'));
      } catch {
        report = undefined;
      }
      const assertions = (report?.testResults ?? []).flatMap((file) => file.assertionResults ?? []);
      resolve({
        code,
        seconds: (Date.now() - started) / 1000,
        logPath: isVerbose ? undefined : path.relative(root, logPath),
        passed: assertions.filter((a) => a.status === 'passed').length,
        failed: assertions.filter((a) => a.status === 'failed').map((a) => a.title),
        fileErrors: (report?.testResults ?? [])
          .filter((file) => file.status === 'failed' && file.message)
          .map((file) => file.message.split('\n')[0]),
      });
    };
    child.on('exit', (code, signal) => finish(code ?? (signal ? 1 : 0)));
    child.on('error', () => finish(127));
  });
}

// ------------------------------------------------------------------ the run

const started = Date.now();
const rows = [];
const baselines = new Map();
const testKey = (test) => `${test.file}|${test.postgres}`;

console.log(`${selected.length} mutações; logs em ${path.relative(root, reportsDir)}/\n`);

if (!flag('no-baseline') && !isCheckOnly) {
  const tests = [...new Map(selected.map((m) => [testKey(m.test), m.test])).values()];
  console.log('Sem mutação, cada teste deve passar:');
  for (const test of tests) {
    const result = await runTest(test, `baseline-${slug(testLabel(test))}`);
    const isGreen = result.code === 0 && result.passed > 0 && result.failed.length === 0;
    baselines.set(testKey(test), isGreen);
    console.log(
      `  ${isGreen ? 'passa ' : 'FALHA '} ${testLabel(test)} (${result.seconds.toFixed(0)} s, ${result.passed} testes)` +
        (isGreen
          ? ''
          : ` — ${result.logPath ?? ''} ${result.fileErrors[0] ?? result.failed[0] ?? ''}`),
    );
  }
  console.log('');
}

for (const [index, mutation] of selected.entries()) {
  const row = { mutation, result: '', seconds: 0, detail: '' };
  rows.push(row);
  process.stdout.write(
    `[${index + 1}/${selected.length}] ${mutation.name} → ${testLabel(mutation.test)} ... `,
  );
  const edits = [mutation, ...(mutation.also ?? [])].map((edit) => {
    const found = locate(root, edit);
    const abs = path.join(root, found.file);
    return { ...edit, ...found, abs, original: fs.readFileSync(abs, 'utf8') };
  });
  const moved = edits.filter((edit) => edit.movedFrom);
  const stale = edits.find((edit) => edit.count !== 1);
  if (stale) {
    row.result = 'STALE';
    row.detail = `o texto procurado aparece ${stale.count} vezes em ${stale.file} (deve aparecer 1; ${mutation.list})`;
  } else if (baselines.get(testKey(mutation.test)) === false) {
    row.result = 'BASELINE FAILED';
    row.detail = 'o teste já falha sem a mutação: não prova nada';
  } else {
    const typed = edits.filter((edit) => /\.tsx?$/.test(edit.abs));
    const before = new Set(typed.flatMap((edit) => diagnosticsOf(edit.abs)));
    active = edits.map(({ abs, original }) => ({ abs, original }));
    try {
      for (const edit of edits) {
        fs.writeFileSync(edit.abs, replaceOnce(edit.original, edit.find, edit.replace));
      }
      const introduced = typed
        .flatMap((edit) => diagnosticsOf(edit.abs))
        .filter((d) => !before.has(d));
      if (introduced.length > 0) {
        row.result = 'INVALID';
        row.detail = `a mutação não compila: ${introduced.join('; ')}`;
      } else if (isCheckOnly) {
        row.result = 'applies';
        row.detail = 'aplica e compila (--check: teste não executado)';
      } else {
        const result = await runTest(mutation.test, slug(mutation.name));
        row.seconds = result.seconds;
        if (result.code === 0) {
          row.result = 'MISSED';
          row.detail = `${result.passed} testes passaram com a proteção removida (${result.logPath ?? ''})`;
        } else if (result.failed.length > 0) {
          row.result = 'caught';
          row.detail = result.failed.slice(0, 2).join(' | ');
        } else {
          row.result = 'ERROR';
          row.detail = `o teste falhou sem uma asserção falhar: ${result.fileErrors[0] ?? 'sem relatório'} (${result.logPath ?? ''})`;
        }
      }
    } finally {
      restore();
    }
  }
  if (moved.length > 0) {
    const where = moved.map((edit) => `${edit.movedFrom} → ${edit.file}`).join(', ');
    row.detail += ` (o texto mudou de arquivo: ${where}; atualize ${mutation.list})`;
  }
  console.log(`${row.result}${row.seconds ? ` (${row.seconds.toFixed(0)} s)` : ''}`);
}

// ------------------------------------------------------------------ the table

const table = [
  ['mutation', 'test', 'result', 'time'],
  ...rows.map((r) => [
    r.mutation.name,
    testLabel(r.mutation.test),
    r.result,
    r.seconds ? `${r.seconds.toFixed(0)} s` : '-',
  ]),
];
const widths = table[0].map((_, col) => Math.max(...table.map((line) => line[col].length)));
const format = (line) =>
  line
    .map((cell, col) => cell.padEnd(widths[col]))
    .join('  ')
    .trimEnd();
console.log(`\n${format(table[0])}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
for (const line of table.slice(1)) console.log(format(line));

console.log('\nDetalhes (os testes que falharam com cada mutação, ou o problema):');
for (const r of rows) console.log(`  ${r.mutation.name}: ${r.detail}`);

const bad = rows.filter((r) => r.result !== (isCheckOnly ? 'applies' : 'caught'));
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
console.log(
  `\n${rows.length - bad.length} de ${rows.length} mutações ${isCheckOnly ? 'aplicam e compilam' : 'pegas'}, ` +
    `${bad.length} não (${minutes} min).`,
);
process.exit(bad.length > 0 ? 1 : 0);
