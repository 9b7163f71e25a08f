import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './lock';

const dirs: string[] = [];
function makeDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agendaki-lock-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the embedded database lock', () => {
  it('refuses a second holder while a live process holds it, with a pt-BR message', async () => {
    const dir = makeDataDir();
    // Another live process: a child that sleeps while holding the pid in the lock file.
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)']);
    try {
      fs.writeFileSync(path.join(dir, 'agendaki.lock'), String(child.pid));
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
      expect(() => acquireDataDirLock(dir)).toThrow(/já está em uso pelo processo/);
    } finally {
      child.kill();
    }
  });

  it('takes over a lock left by a dead process and releases it on close', () => {
    const dir = makeDataDir();
    const lockPath = path.join(dir, 'agendaki.lock');
    fs.writeFileSync(lockPath, '999999999');
    const release = acquireDataDirLock(dir);
    expect(fs.readFileSync(lockPath, 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(lockPath)).toBe(false);
    // Released: it can be taken again.
    acquireDataDirLock(dir)();
  });
});
