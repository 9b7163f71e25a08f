// Fault tests (`npm run test:faults`): real server processes under load while the database is
// dropped, the server is SIGKILLed, SMTP is down, or two instances share one PostgreSQL
// (apps/server/test/faults). PGlite by default; with TEST_DATABASE_URL, PostgreSQL, and the
// PostgreSQL-only faults run too. Ends with the total line, `N passed, N failed`.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { run } from './lib.mjs';

const root = path.resolve(import.meta.dirname, '..');

/** Runs the fault suite; resolves with `{ passed, failed, skipped }` (a crash counts as a failure). */
export async function runFaultSuite() {
  const label = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
  const reports = path.join(root, '.test-reports');
  fs.mkdirSync(reports, { recursive: true });
  const out = path.join(reports, `faults-${label}.json`);
  fs.rmSync(out, { force: true });
  const code = await run(
    'npx',
    [
      'vitest',
      'run',
      '-c',
      'apps/server/vitest.faults.config.ts',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}`,
    ],
    { cwd: root },
  );
  let report;
  try {
    report = JSON.parse(fs.readFileSync(out, 'utf8'));
  } catch {
    report = undefined;
  }
  const passed = report?.numPassedTests ?? 0;
  const failed = (report?.numFailedTests ?? 0) + (code !== 0 && !report?.numFailedTests ? 1 : 0);
  const skipped = (report?.numPendingTests ?? 0) + (report?.numTodoTests ?? 0);
  return { label, passed, failed, skipped };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { label, passed, failed, skipped } = await runFaultSuite();
  if (skipped > 0)
    console.log(
      `\n${skipped} testes de falha só rodam no PostgreSQL (TEST_DATABASE_URL) e foram pulados.`,
    );
  console.log(`\nfalhas (${label}): ${passed} passed, ${failed} failed`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
}
