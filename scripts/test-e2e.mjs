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
import { startWhatsappStandIn, whatsappEnv } from './whatsapp-stand-in.mjs';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.E2E_PORT ?? 3100);
const baseUrl = `http://127.0.0.1:${port}`;
// E2E_PROJECT=mobile|desktop runs one width only (.ci/run gives each database one of them).
const projectArgs = process.env.E2E_PROJECT ? [`--project=${process.env.E2E_PROJECT}`] : [];
const extraArgs = [...projectArgs, ...process.argv.slice(2)];

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

/** web-push-testing's server on `port`, as its CLI starts it; stopped by its pid. */
async function startPushService(pushPort) {
  const script = path.join(root, 'node_modules/web-push-testing/src/bin/server.js');
  const child = spawn('node', [script, String(pushPort)], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => chunk.toString().includes('running') && resolve());
    child.once('exit', (code) => reject(new Error(`web-push-testing saiu com ${code}`)));
  });
  // It names itself "localhost" in the endpoints it hands out.
  return { origin: `http://localhost:${pushPort}`, stop: () => child.kill() };
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
  const metricsToken = randomBytes(24).toString('hex');
  // The push service of the journeys (web-push-testing on loopback, features/push): the server
  // may post to it, and the journey reads what it decrypted.
  const pushService = await startPushService(port + 1000);
  const database = process.env.TEST_DATABASE_URL
    ? await createRunDatabase(process.env.TEST_DATABASE_URL)
    : undefined;
  // The WhatsApp Cloud API's stand-in (decision 037): the product runs with it configured, and
  // each professional turns WhatsApp on or not (off by default, so other journeys see no change).
  const whatsapp = await startWhatsappStandIn();
  const serverEnv = {
    ...process.env,
    ...whatsappEnv(whatsapp.url),
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
    // /metrics answers the journeys that send this token (operator.spec.ts).
    METRICS_TOKEN: metricsToken,
    // A client's changes are noticed within seconds, not the product's 5 minutes (decision 031).
    CHANGE_NOTICE_WINDOW_SECONDS: '2',
    // A waiting-list offer is held 40 seconds, so a journey sees one expire (features/waitlist).
    WAITLIST_HOLD_SECONDS: '40',
    PUSH_SERVICE_ORIGINS: pushService.origin,
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
    // E2E_START_TIMEOUT_MS: a fresh database migrates first; on a busy shared machine that alone
    // can pass a minute.
    const startTimeout = Number(process.env.E2E_START_TIMEOUT_MS ?? 120_000);
    await waitForHttp(`${baseUrl}/api/health`, startTimeout, () => isServerAlive);
    const code = await run(
      'npx',
      ['playwright', 'test', '-c', 'apps/web/playwright.config.ts', ...extraArgs],
      {
        cwd: root,
        env: {
          ...process.env,
          E2E_BASE_URL: baseUrl,
          E2E_SERVER_LOG: logPath,
          // Where the server's database is, for the journeys that run the operator's commands
          // (npm run admin:grant) as a person on the server's machine would.
          E2E_DATA_DIR: dataDir,
          E2E_DATABASE_URL: database?.url ?? '',
          E2E_METRICS_TOKEN: metricsToken,
          E2E_WHATSAPP_URL: whatsapp.url,
          E2E_PUSH_SERVICE: pushService.origin,
        },
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
    pushService.stop();
    await database?.drop().catch(() => {});
    await whatsapp.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

process.exit(await main());
