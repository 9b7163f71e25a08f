// The processes the benchmark measures: the real server (with the query counter preloaded) and
// the bare Fastify ceiling, each a child process on 127.0.0.1.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** CPU time a process has used so far, in ms (Linux /proc: user + system, 100 ticks a second). */
export function cpuMsOf(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

/**
 * CPU time every PostgreSQL process on this machine has used so far, in ms: the live processes'
 * own, plus what the postmaster has collected from children that exited. Not read for PGlite,
 * which runs inside the server process (its time is the server's).
 */
export function postgresCpuMs() {
  let total = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // exited meanwhile
    }
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    if (name !== 'postgres') continue;
    const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    // Non-zero for the postmaster only: the time of the backends that exited.
    const exitedChildren = Number(fields[13]) + Number(fields[14]);
    total += ticks + exitedChildren;
  }
  return (total * 1000) / 100;
}

export async function freePort() {
  const probe = net.createServer();
  await new Promise((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Polls /api/health until 200; resolves with the milliseconds since `since`. */
export async function waitForHealth(url, since, isAlive, timeoutMs = 120_000) {
  while (Date.now() - since < timeoutMs) {
    if (!isAlive()) throw new Error(`o servidor terminou antes de responder em ${url}`);
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) return Date.now() - since;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`tempo esgotado esperando ${url}/api/health`);
}

/**
 * `node --import tsx --import count-queries.mjs src/server.ts`: the production entry point with
 * a query counter reachable over IPC (count-queries.mjs). Resolves once healthy, with the
 * time from spawn to the first 200 of /api/health. `repo` is the checkout whose server runs
 * (another worktree for the A/B comparison) and `counter` the copy of count-queries.mjs inside
 * it, so that it patches the `pg` that server loads.
 */
/** The server secret of every bench run: the seeding (seed.mjs) and the server share it. */
export const BENCH_AUTH_SECRET = 'bench-auth-secret-0123456789abcdefghijklmnop';

export async function startServer({
  env,
  logPath,
  repo = root,
  counter = path.join(import.meta.dirname, 'count-queries.mjs'),
}) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const log = fs.openSync(logPath, 'a');
  const started = Date.now();
  // BENCH_PROFILE=<dir>: a V8 CPU profile of each server, in <dir>/<port>/, written at its stop.
  const profile = process.env.BENCH_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${path.join(process.env.BENCH_PROFILE, String(port))}`]
    : [];
  const args = [...profile, '--import', 'tsx', '--import', counter, 'src/server.ts'];
  const child = spawn(process.execPath, args, {
    cwd: path.join(repo, 'apps/server'),
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      // Each simulated visitor has its own address (X-Forwarded-For) for the per-IP limits.
      TRUST_PROXY: 'true',
      DEMO_DATA: 'false',
      // Required on PostgreSQL (decision 029); the seeding app signs its sessions with it too.
      AUTH_SECRET: BENCH_AUTH_SECRET,
      ...env,
    },
    stdio: ['ignore', log, log, 'ipc'],
  });
  fs.closeSync(log);
  let isAlive = true;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  void exited.then(() => {
    isAlive = false;
  });
  const startMs = await waitForHealth(url, started, () => isAlive);

  function ask(message) {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error('o servidor não respondeu ao contador')),
        5_000,
      );
      child.once('message', (answer) => {
        clearTimeout(timer);
        resolve(answer);
      });
      child.send(message);
    });
  }

  return {
    url,
    pid: child.pid,
    startMs,
    isAlive: () => isAlive,
    resetQueries: () => child.send('bench:reset'),
    countQueries: async () => (await ask('bench:count')).queries,
    /** CPU time the server process has used so far, in ms. */
    cpuMs: () => cpuMsOf(child.pid),
    /** Resident memory of the server process, in MB (Linux /proc). */
    rssMb: () => {
      try {
        const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
        return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
      } catch {
        return 0;
      }
    },
    stop: async () => {
      if (!isAlive) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Waits until the server sends no statement for half a second (at most `timeoutMs`): the mail
 * outbox a booking load fills is drained before anything else is measured or counted.
 */
export async function waitQuiet(server, timeoutMs = 90_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    server.resetQueries();
    await new Promise((resolve) => setTimeout(resolve, 500));
    if ((await server.countQueries()) <= 1) return Date.now() - started;
  }
  return Date.now() - started;
}

export async function startCeiling() {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [path.join(import.meta.dirname, 'ceiling-server.mjs'), String(port)],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    },
  );
  await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', () => reject(new Error('o servidor de referência não iniciou')));
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    cpuMs: () => cpuMsOf(child.pid),
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
