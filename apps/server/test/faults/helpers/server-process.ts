import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findFreePort } from '../../helpers/smtp';

/** The server secret of fault-test servers on PostgreSQL, where AUTH_SECRET is required. */
export const FAULT_AUTH_SECRET = 'fault-test-auth-secret-0123456789abcdefghij';

const SERVER_DIR = path.resolve(import.meta.dirname, '../../..');

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  logPath: string;
  isAlive(): boolean;
  /** Waits until /api/health answers 200, or throws with the end of the server's log. */
  waitHealthy(timeoutMs?: number): Promise<number>;
  kill(signal: NodeJS.Signals): Promise<void>;
  /** The last lines of the server's log, for a failure message. */
  tail(lines?: number): string;
}

export interface ServerOptions {
  /** DATABASE_URL; unset: PGlite in `dataDir`. */
  databaseUrl?: string;
  dataDir: string;
  env?: Record<string, string>;
  port?: number;
}

/**
 * The real server as production runs it — `node --import tsx src/server.ts`, its own process,
 * port, data folder and database — so faults (SIGKILL, a dropped database) hit what users hit.
 * Bound to 127.0.0.1; TRUST_PROXY so each simulated visitor has its own address.
 */
export async function startServer(options: ServerOptions): Promise<ServerProcess> {
  const port = options.port ?? (await findFreePort());
  const url = `http://127.0.0.1:${port}`;
  fs.mkdirSync(options.dataDir, { recursive: true });
  const logPath = path.join(options.dataDir, `server-${port}-${Date.now()}.log`);
  const log = fs.openSync(logPath, 'a');
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? os.tmpdir(),
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: url,
    DATA_DIR: options.dataDir,
    WEB_DIST_DIR: path.join(options.dataDir, 'no-web-build'),
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'true',
    DEMO_DATA: 'false',
    // PostgreSQL requires the secret (decision 029); PGlite keeps its own in DATA_DIR.
    ...(options.databaseUrl
      ? { DATABASE_URL: options.databaseUrl, AUTH_SECRET: FAULT_AUTH_SECRET }
      : {}),
    ...options.env,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: SERVER_DIR,
    env,
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  let isAlive = true;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      isAlive = false;
      resolve();
    });
  });

  const server: ServerProcess = {
    url,
    port,
    child,
    logPath,
    isAlive: () => isAlive,
    tail: (lines = 30) => {
      const text = fs.existsSync(logPath) ? fs.readFileSync(logPath, 'utf8') : '';
      return text.trimEnd().split('\n').slice(-lines).join('\n');
    },
    async waitHealthy(timeoutMs = 60_000) {
      const started = Date.now();
      while (Date.now() - started < timeoutMs) {
        if (!isAlive) throw new Error(`server exited before becoming healthy:\n${server.tail()}`);
        try {
          const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
          if (res.status === 200) return Date.now() - started;
        } catch {
          // not listening yet, or the database is still away
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`server not healthy after ${timeoutMs} ms:\n${server.tail()}`);
    },
    async kill(signal) {
      if (!isAlive) return;
      child.kill(signal);
      await exited;
    },
  };
  return server;
}
