// Small helpers shared by the repository's scripts (test runner, e2e, dev, CI).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';

/** Runs a command with inherited output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(127));
  });
}

export function hasCommand(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Debian's Chromium for the browser journeys (no downloaded browsers on these machines). */
export async function ensureChromium() {
  if (fs.existsSync(CHROMIUM_PATH)) return true;
  if (process.getuid?.() !== 0 || !hasCommand('apt-get')) {
    console.error(
      `Chromium não encontrado em ${CHROMIUM_PATH}. Instale com: sudo apt-get install -y chromium`,
    );
    return false;
  }
  console.log('Instalando o Chromium do Debian para os testes de navegador...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if ((await run('apt-get', ['update', '-qq'], { env })) !== 0) return false;
  return (await run('apt-get', ['install', '-y', '-qq', 'chromium'], { env })) === 0;
}

/** Waits until `url` answers 200, or throws after `timeoutMs`. */
export async function waitForHttp(url, timeoutMs, isAlive = () => true) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error(`o servidor terminou antes de responder em ${url}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`tempo esgotado esperando ${url}`);
}
