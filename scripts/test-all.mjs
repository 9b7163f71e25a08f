// The README's test command: every suite (unit, integration, browser journeys), then one
// plain total line, `N passed, N failed`, for people and for CI alike.
import fs from 'node:fs';
import path from 'node:path';
import { run } from './lib.mjs';
import { runFaultSuite } from './test-faults.mjs';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, '.test-reports');
const label = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
fs.mkdirSync(reports, { recursive: true });

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

const suites = [];

async function runVitest() {
  const out = path.join(reports, `vitest-${label}.json`);
  fs.rmSync(out, { force: true });
  const code = await run(
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    { cwd: root },
  );
  const report = readJson(out);
  const passed = report?.numPassedTests ?? 0;
  // A crash before the report counts as one failure, so a broken run never reads as green.
  const failed = (report?.numFailedTests ?? 0) + (code !== 0 && !report?.numFailedTests ? 1 : 0);
  suites.push({ name: `unidade e integração (${label})`, passed, failed });
}

async function runE2e() {
  const out = path.join(reports, `e2e-${label}.json`);
  fs.rmSync(out, { force: true });
  const code = await run('node', ['scripts/test-e2e.mjs'], {
    cwd: root,
    env: { ...process.env, E2E_JSON_REPORT: out },
  });
  const stats = readJson(out)?.stats;
  const passed = (stats?.expected ?? 0) + (stats?.flaky ?? 0);
  const failed = (stats?.unexpected ?? 0) + (code !== 0 && !stats?.unexpected ? 1 : 0);
  suites.push({ name: `navegador (${label})`, passed, failed });
}

async function runFaults() {
  const { passed, failed } = await runFaultSuite();
  suites.push({
    name: `falhas: processo morto, SMTP fora, banco reiniciado (${label})`,
    passed,
    failed,
  });
}

await runVitest();
await runFaults();
await runE2e();

console.log('\nResumo:');
for (const suite of suites)
  console.log(`  ${suite.name}: ${suite.passed} passed, ${suite.failed} failed`);
const passed = suites.reduce((sum, s) => sum + s.passed, 0);
const failed = suites.reduce((sum, s) => sum + s.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
