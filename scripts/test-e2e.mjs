// Browser journeys: builds the web app, starts the real server on a fresh database, runs
// Playwright with Debian's Chromium, stops the server. PGlite by default; with
// TEST_DATABASE_URL, a fresh PostgreSQL database made for this run and dropped after.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ensureChromium, run, waitForHttp } from './lib.mjs';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.E2E_PORT ?? 3100);
const baseUrl = `http://127.0.0.1:${port}`;
const extraArgs = process.argv.slice(2);

async function createRunDatabase(url) {
  const name = `agendaki_e2e_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const runUrl = new URL(url);
  runUrl.pathname = `/${name}`;
  return {
    url: runUrl.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await dropper.end();
    },
  };
}

function printTail(file) {
  const lines = fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-40);
  console.error(`--- últimas linhas do log do servidor (${file}) ---\n${lines.join('\n')}`);
}

async function main() {
  if (!(await ensureChromium())) return 1;
  if (
    !process.env.E2E_SKIP_BUILD &&
    (await run('npm', ['run', 'build', '--silent'], { cwd: root })) !== 0
  ) {
    console.error('A build do app web falhou.');
    return 1;
  }

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agendaki-e2e-'));
  const database = process.env.TEST_DATABASE_URL
    ? await createRunDatabase(process.env.TEST_DATABASE_URL)
    : undefined;
  const serverEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    // Journeys send X-Forwarded-For so each one has its own client address (e2e/fixtures.ts).
    TRUST_PROXY: 'true',
    // The demo professional (/book/demo) is part of what the journeys walk, on either database.
    DEMO_DATA: 'true',
    // info: journeys read the mails the server logs when no SMTP is configured.
    LOG_LEVEL: 'info',
    // A client's changes are noticed within seconds, not the product's 5 minutes (decision 031).
    CHANGE_NOTICE_WINDOW_SECONDS: '2',
    // A "day" of the automations lasts 5 seconds and any hour is decent (features/comeback): a
    // "hora de voltar" of 1 day arrives at the next minute's tick.
    AUTOMATION_DAY_SECONDS: '5',
    AUTOMATION_ANY_HOUR: 'true',
    // PostgreSQL requires the secret (decision 029); PGlite keeps its own in DATA_DIR.
    ...(database
      ? { DATABASE_URL: database.url, AUTH_SECRET: randomBytes(48).toString('base64url') }
      : {}),
  };
  const logPath = path.join(dataDir, 'server.log');
  const log = fs.openSync(logPath, 'a');
  const server = spawn('node', ['--import', 'tsx', 'src/server.ts'], {
    cwd: path.join(root, 'apps/server'),
    env: serverEnv,
    stdio: ['ignore', log, log],
  });
  let isServerAlive = true;
  server.on('exit', () => {
    isServerAlive = false;
  });

  try {
    await waitForHttp(`${baseUrl}/api/health`, 60_000, () => isServerAlive);
    const code = await run(
      'npx',
      ['playwright', 'test', '-c', 'apps/web/playwright.config.ts', ...extraArgs],
      {
        cwd: root,
        env: { ...process.env, E2E_BASE_URL: baseUrl, E2E_SERVER_LOG: logPath },
      },
    );
    if (code !== 0) printTail(logPath);
    return code;
  } catch (error) {
    console.error(`Testes de navegador não puderam começar: ${error.message}`);
    printTail(logPath);
    return 1;
  } finally {
    if (isServerAlive) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    await database?.drop().catch(() => {});
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

process.exit(await main());
